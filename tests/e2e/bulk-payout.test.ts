import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { nubanFor } from '#contract/nuban'

import { demo, demoOnPhone, suiteBrowser, typeCode } from './browser'

/*
 * Bulk payout (issue 42, decision 192) on a phone: a 10-row CSV, one row to the sandbox's dormant account
 * (serial 111111111, docs/sandbox-banking.md). The review names every payee with the total and the charges; one PIN
 * sends the batch; the jobs send each row and the screen shows nine sent and the dormant one failed with its reason.
 * With SCREENSHOT_DIR set, the review and the outcome are saved there to be looked at.
 */

const suite = suiteBrowser()
const shot = (name: string) => (process.env.SCREENSHOT_DIR ? { path: join(process.env.SCREENSHOT_DIR, name) } : null)

const csv = [
  'Account number,Bank,Amount,Narration',
  ...Array.from({ length: 10 }, (_, index) => {
    const serial = index === 3 ? '111111111' : String(420_000_001 + index)
    return `${nubanFor('058', serial)},GTBank,"1,000.${String(index).padStart(2, '0')}",Stock ${index + 1}`
  }),
].join('\n')

describe('bulk payout', () => {
  it('a 10-row batch with one failing row: reviewed, sent with one PIN, nine sent and one failed with its reason', async () => {
    const { context, page } = await demoOnPhone(suite.browser)
    await page.getByRole('link', { name: 'Pay many people at once' }).click()
    const sheet = page.getByRole('dialog', { name: 'Bulk payout' })
    await sheet.locator('input[type=file]').setInputFiles({ name: 'payees.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await sheet.getByText('10 payees read from the file.').waitFor()
    await sheet.getByRole('button', { name: 'Review' }).click()

    const review = page.getByRole('dialog', { name: 'Review payout' })
    const payees = review.getByRole('list', { name: 'Payees' }).getByRole('listitem')
    await expect.poll(() => payees.count()).toBe(10)
    await expect.poll(() => review.getByText('Ready', { exact: true }).count()).toBe(10)
    // ₦10,000.45 in all, and ten ₦10 charges (each below ₦5,000).
    await review.getByText('₦10,000.45').waitFor()
    await review.getByText('₦100.00').waitFor()
    const reviewShot = shot('bulk-payout-review-phone.png')
    if (reviewShot) await page.screenshot(reviewShot)

    await review.getByRole('button', { name: 'Send 10 payments' }).click()
    const pin = page.getByRole('alertdialog', { name: 'Enter your transaction PIN' })
    await pin.getByLabel('Transaction PIN, digit 1 of 4').click()
    await typeCode(page, demo().pin)

    const outcome = page.getByRole('dialog', { name: 'Payout progress' })
    await expect.poll(() => outcome.getByText('Sent', { exact: true }).count(), { timeout: 30_000 }).toBe(9)
    await expect.poll(() => outcome.getByText('Failed', { exact: true }).count()).toBe(1)
    await outcome.getByText('Beneficiary account is dormant').waitFor()
    await outcome.getByText('9 · 0 · 1').waitFor()
    const outcomeShot = shot('bulk-payout-outcome-phone.png')
    if (outcomeShot) await page.screenshot(outcomeShot)

    // A sent row's receipt is its transfer's.
    await outcome.getByRole('button', { name: 'Receipt' }).first().click()
    await page.getByRole('dialog', { name: 'Receipt' }).waitFor()
    await context.close()
  })
})
