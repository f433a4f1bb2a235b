import { createHmac, randomInt, randomUUID } from 'node:crypto'
import { join } from 'node:path'

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { DEV_WEBHOOK_SECRET } from '#server/money/webhook-signature'
import { DEMO } from '#server/seed/demo'

import { detailValue, logIn, ownServerAndBrowser, phoneContext } from './browser'

/*
 * Issue 36, "pay by transfer per order" (decisions 147, 148): an order gets its own account, shown on the vendor's
 * order and on the customer's pay page; a transfer into it with no narration at all pays the order. On a phone
 * (390×844), against a server of the suite's own. SCREENSHOT_DIR=… saves both screens for a person to look at.
 */

const own = ownServerAndBrowser()

/** What `npm run sandbox -- credit demo@vendor.test AMOUNT --order REF` sends: a signed notice, here with no narration. */
async function bankCredit(accountNumber: string, amount: number) {
  const body = JSON.stringify({
    accountNumber,
    amount,
    providerReference: `e2e-${randomUUID()}`,
    sessionId: Array.from({ length: 30 }, () => randomInt(0, 10)).join(''),
    originatorAccountName: 'Ada Obi',
    originatorBankName: 'Access Bank',
    originatorAccountNumber: '0690000031',
  })
  const response = await fetch(`${own.origin}/api/webhooks/bank/inbound`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Provider-Signature': createHmac('sha256', DEV_WEBHOOK_SECRET).update(body).digest('hex'),
    },
    body,
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { message: string }).message
}

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
    expect(await bankCredit(order.payAccount.accountNumber, 500_000)).toBe(`Credit recorded as a payment of ${order.reference}`)
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
