import { join } from 'node:path'

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { DEMO } from '#server/seed/demo'

import { logIn, ownServerAndBrowser, phoneContext, typeCode } from './browser'

/*
 * Decision 087 end to end, on a phone (390×844): changing the settlement account asks for the PIN and the owner's
 * notice arrives (read from this suite's own server's outbox), and Send Money's Confirm step says "Insufficient
 * balance" with Send disabled before any PIN is asked for.
 */

const own = ownServerAndBrowser()

/** Set SCREENSHOT_DIR to keep a picture of each new screen state (they are looked at by hand, not compared). */
async function snap(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, `${name}.png`) })
}

async function ownerPage() {
  const context = await phoneContext(own.browser)
  const page = await context.newPage()
  await logIn(page, DEMO.email, DEMO.password, own.origin)
  return { context, page }
}

async function chooseAccessBank(page: Page, scope: Page | ReturnType<Page['getByRole']> = page) {
  await scope.getByRole('combobox', { name: 'Bank' }).fill('Access')
  await page.getByRole('option', { name: 'Access Bank' }).click()
}

describe('where money goes, on a phone', () => {
  it('changing the settlement account asks for the PIN, and the owner is told', async () => {
    const { context, page } = await ownerPage()
    await page.goto(`${own.origin}/settings?tab=payout-settings`)
    await page.getByRole('button', { name: 'Change', exact: true }).click()
    await chooseAccessBank(page)
    // Pasted with spaces, as people share numbers: all ten digits stay.
    const number = page.getByRole('textbox', { name: 'Account number' })
    await number.click()
    // The demo business's own account (decision 143: a settlement account is in the business's or owner's name).
    await number.fill('0123 456 784')
    await expect.poll(() => number.inputValue()).toBe('0123456784')
    const resolvedName = page.getByTestId('resolved-account-name')
    await expect.poll(() => resolvedName.textContent(), { timeout: 10_000 }).toMatch(/\w+ \w+/)
    const accountName = (await resolvedName.textContent())!
    const before = own.outbox.outbox.length

    await page.getByRole('button', { name: 'Save account' }).click()
    const pin = page.getByRole('alertdialog', { name: 'Change settlement account' })
    await pin.waitFor()
    await snap(page, 'payout-settings-pin-step')
    await pin.getByLabel('Transaction PIN, digit 1 of 4').click()
    // DEMO.pin is 1234.
    await typeCode(page, '9999')
    await expect.poll(() => pin.getByRole('alert').textContent(), { timeout: 10_000 }).toMatch(/^Incorrect PIN\. \d attempts? remaining\.$/)
    await snap(page, 'payout-settings-wrong-pin')
    expect(own.outbox.outbox.length).toBe(before)

    await pin.getByLabel('Transaction PIN, digit 1 of 4').click()
    await typeCode(page, DEMO.pin)
    await pin.waitFor({ state: 'hidden' })
    await page.getByText('0123456784').waitFor()
    // A new account cools off (decision 143): the card says from when it takes payouts, in Lagos time.
    await page.getByText(/^Usable for payouts from \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d\./).waitFor()
    await page.getByRole('button', { name: 'Cancel change' }).waitFor()
    await snap(page, 'payout-settings-cooling-off')

    const text = `The ${DEMO.vendorName} settlement account was changed to Access Bank 0123456784 (${accountName}) by ${DEMO.ownerName}. It can receive payouts from `
    await expect.poll(() => own.outbox.lastTo(DEMO.email)?.text.startsWith(text)).toBe(true)
    expect(own.outbox.lastTo(`+234${DEMO.phone.slice(1)}`)?.text).toBe(own.outbox.lastTo(DEMO.email)?.text)

    // Cancelled: payouts go back to the demo's own account, usable at once, and the owner is told.
    await page.getByRole('button', { name: 'Cancel change' }).click()
    await page.getByText('0123456785').waitFor()
    expect(await page.getByText(/^Usable for payouts from/).count()).toBe(0)
    await expect
      .poll(() => own.outbox.lastTo(DEMO.email)?.text)
      .toMatch(new RegExp(`^The ${DEMO.vendorName} settlement account change was cancelled by `))
    await context.close()
  })

  it("Send Money's Confirm step says the balance is too small and offers no Send, before any PIN", async () => {
    const { context, page } = await ownerPage()
    await page.goto(`${own.origin}/home/send-money`)
    const sheet = page.getByRole('dialog', { name: 'Send Money' })
    await sheet.waitFor()
    await chooseAccessBank(page)
    await page.getByRole('textbox', { name: 'Account number' }).fill('0690000032')
    await expect.poll(() => page.getByTestId('resolved-account-name').textContent(), { timeout: 10_000 }).toMatch(/\w+ \w+/)
    await page.getByLabel('Amount').fill('90000000')
    await page.getByText(/^Charge: ₦/).waitFor()
    await page.getByRole('button', { name: 'Proceed' }).click()

    const confirm = page.getByRole('dialog', { name: 'Confirm Payment' })
    const alert = confirm.getByRole('alert')
    await expect
      .poll(() => alert.textContent(), { timeout: 10_000 })
      .toMatch(/^Insufficient balance: this transfer needs ₦90,000,[\d,.]+ \(amount plus charge\) and your wallet has ₦[\d,]+\.\d{2}\.$/)
    expect(await confirm.getByRole('button', { name: 'Send money' }).isDisabled()).toBe(true)
    expect(await page.getByRole('alertdialog').count()).toBe(0)
    await snap(page, 'send-money-confirm-insufficient')
    await context.close()
  })

  it('with third-party transfers turned off (PIN), Send Money is locked to the settlement account from step 1', async () => {
    const { context, page } = await ownerPage()
    await page.goto(`${own.origin}/settings?tab=payout-settings`)
    const toggle = page.getByRole('switch', { name: /Allow transfers to other accounts/ })
    await expect.poll(() => toggle.isChecked()).toBe(true)
    await toggle.click()
    const pin = page.getByRole('alertdialog', { name: 'Turn off third-party transfers' })
    await pin.getByLabel('Transaction PIN, digit 1 of 4').click()
    await typeCode(page, DEMO.pin)
    await pin.waitFor({ state: 'hidden' })
    await expect.poll(() => toggle.isChecked()).toBe(false)

    await page.goto(`${own.origin}/home/send-money`)
    const sheet = page.getByRole('dialog', { name: 'Send Money' })
    await sheet.waitFor()
    // Issue 35: no other account can be typed while the switch is off, rather than refused on the Confirm step.
    const box = sheet.getByRole('checkbox', { name: 'Send to my settlement account' })
    await expect.poll(() => box.isChecked(), { timeout: 10_000 }).toBe(true)
    expect(await box.isDisabled()).toBe(true)
    await sheet.getByText(/Third-party transfers are turned off, so money can only go to your settlement account/).waitFor()
    const number = sheet.getByRole('textbox', { name: 'Account number' })
    await expect.poll(() => number.inputValue(), { timeout: 10_000 }).toMatch(/^\d{10}$/)
    expect(await number.isDisabled()).toBe(true)
    expect(await sheet.getByRole('combobox', { name: 'Bank' }).isDisabled()).toBe(true)
    await expect.poll(() => page.getByTestId('resolved-account-name').textContent(), { timeout: 10_000 }).toMatch(/\w+ \w+/)
    await page.getByLabel('Amount').fill('1000')
    await page.getByText(/^Charge: ₦/).waitFor()
    await snap(page, 'send-money-third-party-off')
    await page.getByRole('button', { name: 'Proceed' }).click()
    const confirm = page.getByRole('dialog', { name: 'Confirm Payment' })
    await expect.poll(() => confirm.getByRole('button', { name: 'Send money' }).isDisabled(), { timeout: 10_000 }).toBe(false)
    expect(await confirm.getByRole('alert').count()).toBe(0)
    // What the send limits leave today, before the PIN (decision 144).
    await confirm.getByText(/^₦[\d,]+\.\d{2} of your ₦20,000,000\.00 daily limit is left today\.$/).waitFor()
    await snap(page, 'send-money-confirm-limits')
    await context.close()
  })

  it('the owner lowers the per-transfer limit at once and raises the daily one after the wait (PIN)', async () => {
    const { context, page } = await ownerPage()
    await page.goto(`${own.origin}/settings?tab=payout-settings`)
    const card = page.getByRole('region', { name: 'Transfer limits' })
    await card.getByRole('button', { name: 'Change limits' }).click()
    await card.getByLabel('Limit per transfer').fill('1000000')
    await card.getByLabel('Daily limit').fill('25000000')
    await snap(page, 'transfer-limits-form')
    await card.getByRole('button', { name: 'Save limits' }).click()
    const pin = page.getByRole('alertdialog', { name: 'Change transfer limits' })
    await pin.getByLabel('Transaction PIN, digit 1 of 4').click()
    await typeCode(page, DEMO.pin)
    await pin.waitFor({ state: 'hidden' })
    await card.getByText('₦1,000,000.00', { exact: true }).waitFor()
    await card
      .getByText(
        /^The new limits \(₦1,000,000\.00 per transfer, ₦25,000,000\.00 daily\) apply in full from \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d\.$/,
      )
      .waitFor()
    await snap(page, 'transfer-limits-raise-waiting')
    await context.close()
  })
})
