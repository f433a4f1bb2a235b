import { randomUUID } from 'node:crypto'
import { join } from 'node:path'

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { DEMO } from '#server/seed/demo'

import { bankCredit } from './bank-credit'
import { detailValue, logIn, ownServerAndBrowser, phoneContext } from './browser'

/*
 * Issue 36, "pay by transfer per order" (decisions 147, 148): an order gets its own account, shown on the vendor's
 * order and on the customer's pay page; a transfer into it with no narration at all pays the order. On a phone
 * (390×844), against a server of the suite's own. SCREENSHOT_DIR=… saves both screens for a person to look at.
 */

const own = ownServerAndBrowser()

async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true })
}

describe('an order paid into its own account', () => {
  it('shows the account on the order and the pay page; a transfer into it without a narration pays the order', async () => {
    const vendor = await phoneContext(own.browser)
    const page = await vendor.newPage()
    await logIn(page, DEMO.email, DEMO.password, own.origin)
    const token = await page.evaluate(() => localStorage.getItem('vbo.token'))
    const made = await fetch(`${own.origin}/api/order/shareable`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ items: [{ name: 'Zobo (1 litre)', amount: 250_000, quantity: 2 }], customer: { name: 'Ada Obi' } }),
    })
    expect(made.status).toBe(201)
    const order = ((await made.json()) as { data: { reference: string; publicUrl: string; payAccount: { accountNumber: string } } }).data
    expect(order.payAccount.accountNumber).toMatch(/^\d{10}$/)

    // The vendor's order: its own account, with a copy button and when it expires in Lagos time.
    await page.goto(`${own.origin}/orders/${order.reference}?type=shareable`)
    const card = page.getByRole('region', { name: 'Account for this order' })
    await card.waitFor()
    expect((await detailValue(card, 'Account number').innerText()).trim()).toBe(order.payAccount.accountNumber)
    await card.getByRole('button', { name: 'Copy account number' }).waitFor()
    expect(await detailValue(card, 'Expires').innerText()).toMatch(/\(Lagos time\)$/)
    await shot(page, 'order-detail-account')

    // The customer's pay page, on their own phone: the same account, no narration asked for.
    const customer = await phoneContext(own.browser)
    const payPage = await customer.newPage()
    await payPage.goto(order.publicUrl)
    const pay = payPage.getByRole('region', { name: 'Pay by bank transfer' })
    await pay.waitFor()
    expect((await detailValue(pay, 'Account number').innerText()).trim()).toBe(order.payAccount.accountNumber)
    expect(await pay.getByText('Narration', { exact: true }).count()).toBe(0)
    await shot(payPage, 'pay-page-account')

    // The transfer, with no narration at all: the page sees it (it polls every 5 s), and the order is paid.
    expect(await bankCredit(own.origin, { accountNumber: order.payAccount.accountNumber, amount: 500_000 })).toBe(
      `Credit recorded as a payment of ${order.reference}`,
    )
    await payPage.getByRole('status').filter({ hasText: 'Paid in full. Thank you.' }).waitFor({ timeout: 15_000 })
    await page.reload()
    await page.getByRole('region', { name: 'Summary' }).getByText('paid', { exact: true }).waitFor()
    await page.getByRole('list', { name: 'Payments' }).getByText('Ada Obi').waitFor()
    expect(await page.getByRole('region', { name: 'Account for this order' }).count()).toBe(0)
    await shot(page, 'order-detail-paid')
    await customer.close()
    await vendor.close()
  })
})
