import { randomInt } from 'node:crypto'

import type { Page } from 'playwright-core'

import { pngImage } from './browser'

/**
 * Fills the registration's identity step (/register/kyc) as a new owner would: a passport photo, a date of birth,
 * an address and a BVN made unique with `tag` (this run's digits). Leaves Continue to the caller.
 */
export async function fillIdentity(page: Page, tag: string): Promise<void> {
  await page.getByLabel(/^Document type/).selectOption({ label: 'International passport' })
  await page
    .getByLabel('Identity document')
    .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: pngImage(48, [0xb4, 0xb4, 0xb4]) })
  await page.getByRole('img', { name: /^Preview of / }).waitFor()
  const dob = page.getByRole('group', { name: 'Date of birth' })
  await dob.getByLabel('Year').selectOption('1990')
  await dob.getByLabel('Month').selectOption({ label: 'June' })
  await dob.getByLabel('Day').selectOption('15')
  await page.getByLabel(/^Address/).fill('14 Adeola Odeku Street, Victoria Island, Lagos')
  await page.getByRole('group', { name: 'Identity number type' }).getByRole('radio', { name: 'BVN' }).check()
  await page.getByLabel(/^BVN number/).fill(`22${tag}${randomInt(100, 999)}`)
}
