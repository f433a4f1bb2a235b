import { randomInt, randomUUID } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { bankCredit } from './bank-credit'
import { baseURL, demoOnPhone, suiteBrowser } from './browser'

const suite = suiteBrowser()

/** Where the screenshots of the sheet go when SCREENSHOT_DIR is set (a person looks at them). */
const shots = process.env.SCREENSHOT_DIR

describe('Attach to order on a phone (390×844)', () => {
  it("pays the payer's open invoice with an offline credit, once, and the summary then names the invoice", async () => {
    const { context, page } = await demoOnPhone(suite.browser)
    const token = await page.evaluate(() => localStorage.getItem('vbo.token'))
    const api = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${baseURL()}/api${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers },
      })
      return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> & { items?: Record<string, unknown>[] } } }
    }
    const wallet = await api('/vendor/wallet/details')
    const payer = `Adaeze Attach ${randomInt(1000, 9999)}`
    await bankCredit(baseURL(), {
      accountNumber: String(wallet.body.data.accountNumber),
      amount: 1_500_000,
      narration: 'Small chops',
      from: { name: payer, bank: 'Zenith Bank', accountNumber: `20${randomInt(10_000_000, 99_999_999)}` },
    })
    const credit = (await api(`/transaction?search=${encodeURIComponent(payer)}`)).body.data.items![0]!
    // The payer's open invoice (issue 42 asks for an invoice): ₦25,000, of which the ₦15,000 credit pays part.
    const made = await api('/order', {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({
        kind: 'invoice',
        customerId: credit.customerId,
        items: [{ name: 'Small chops tray', amount: 2_500_000, quantity: 1 }],
      }),
    })
    expect(made.status).toBe(201)
    const reference = String(made.body.data.reference)

    await page.goto(`${baseURL()}/transactions/${String(credit.id)}`)
    const summary = page.getByRole('dialog', { name: 'Transaction Summary' })
    await summary.getByText(payer).first().waitFor()
    if (shots) {
      // After the sheet's opening animation, so the picture is what a person sees.
      await page.waitForTimeout(1_000)
      await page.screenshot({ path: `${shots}/attach-summary.png` })
    }
    await summary.getByRole('button', { name: 'Attach to order' }).click()
    const sheet = page.getByRole('dialog', { name: 'Attach to order' })
    const row = sheet.getByRole('button', { name: new RegExp(reference) })
    await row.waitFor()
    if (shots) await page.screenshot({ path: `${shots}/attach-sheet.png` })
    await row.click()
    const confirm = page.getByRole('alertdialog', { name: `Attach to ${reference}?` })
    await confirm.getByText('₦10,000.00 will still be owed').waitFor()
    if (shots) await page.screenshot({ path: `${shots}/attach-confirm.png` })
    await confirm.getByRole('button', { name: 'Attach' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `Credit attached to invoice ${reference}` })
      .waitFor()
    const back = page.getByRole('dialog', { name: 'Transaction Summary' })
    await back.getByRole('link', { name: 'View order' }).waitFor()
    await back.getByText(reference).waitFor()
    if (shots) await page.screenshot({ path: `${shots}/attach-done.png` })
    expect(await back.getByRole('button', { name: 'Attach to order' }).count()).toBe(0)

    const order = await api(`/order/single?reference=${reference}`)
    expect(order.body.data).toMatchObject({ status: 'partially-paid', amountPaid: 1_500_000 })
    await context.close()
  })
})
