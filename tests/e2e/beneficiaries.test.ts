import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { DEMO } from '#server/seed/demo'

import { logIn, ownServerAndBrowser, phoneContext } from './browser'

/*
 * Saved beneficiaries on a phone (390×844, decision 145): an account saved from Send Money's step 1 is offered the
 * next time with the recent ones, and choosing one fills the form and asks the bank for the name again.
 * SCREENSHOT_DIR keeps a picture of step 1 (looked at by hand, not compared).
 */

const own = ownServerAndBrowser()

describe('recent and saved accounts in Send Money', () => {
  it('saves an account from step 1, offers it with the recent ones, and fills the form from one', async () => {
    const context = await phoneContext(own.browser)
    const page = await context.newPage()
    await logIn(page, DEMO.email, DEMO.password, own.origin)
    const openSendMoney = async () => {
      await page.getByRole('link', { name: 'Send Money' }).click()
      await page.getByRole('dialog', { name: 'Send Money' }).waitFor()
    }
    await openSendMoney()
    // The demo has sent money before: where it went is offered.
    const recent = page.getByRole('region', { name: 'Recent accounts' })
    await recent.waitFor()

    await page.getByRole('combobox', { name: 'Bank' }).fill('Access')
    await page.getByRole('option', { name: 'Access Bank' }).click()
    await page.getByRole('textbox', { name: 'Account number' }).fill('0690000032')
    const resolvedName = page.getByTestId('resolved-account-name')
    await expect.poll(() => resolvedName.textContent(), { timeout: 10_000 }).toMatch(/\w+ \w+/)
    const name = (await resolvedName.textContent())!.trim()
    await page.getByRole('button', { name: 'Save this account' }).click()
    await page.getByLabel('Nickname (optional)').fill('Rice supplier')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Saved as Rice supplier').waitFor()

    await page.goto(`${own.origin}/home`)
    await openSendMoney()
    const saved = page.getByRole('region', { name: 'Saved accounts' })
    await expect
      .poll(() => saved.getByRole('button', { name: /^Rice supplier/ }).textContent())
      .toContain(`${name} · Access Bank · 0690000032`)
    await recent.waitFor()
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'send-money-beneficiaries.png') })

    const first = recent.getByRole('button').first()
    const recentName = (await first.locator('span').first().textContent())!
    await first.click()
    await expect.poll(() => page.getByRole('textbox', { name: 'Account number' }).inputValue()).toMatch(/^\d{10}$/)
    await expect.poll(() => resolvedName.textContent(), { timeout: 10_000 }).toContain(recentName)
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'send-money-beneficiary-chosen.png') })
    await context.close()
  }, 90_000)
})
