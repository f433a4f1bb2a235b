import { randomInt, randomUUID } from 'node:crypto'
import { join } from 'node:path'

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { signPaystackBody } from '#server/money/paystack/webhook'
import { DEMO } from '#server/seed/demo'

import { PaystackFake } from '../support/paystack-fake'
import { type Prism, startPrism } from '../support/prism'
import { detailValue, logIn, ownServerAndBrowser, phoneContext, typeCode } from './browser'

/*
 * Send Money on a phone (390×844) against the Paystack provider (issue 36): a server of its own started with
 * BANK_PROVIDER=paystack, its PAYSTACK_BASE_URL the Prism proxy over Paystack's OpenAPI document in front of the
 * stateful fake (tests/support). Every request the server sends Paystack is checked by Prism; none may be invalid.
 */

/** SCREENSHOT_DIR=/some/dir keeps what the phone showed, as money-routing.test.ts does. */
const shot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, `${name}.png`) })
}

const SECRET = 'sk_test_e2e0123456789abcdef0123456789'
let fake: PaystackFake
let prism: Prism
const own = ownServerAndBrowser({
  start: { trustProxy: true },
  outside: async () => {
    fake = await new PaystackFake(SECRET).start()
    prism = await startPrism({ upstream: fake.url })
    return {
      env: { BANK_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: prism.url },
      stops: [
        ['Prism’s stop', () => prism.stop()],
        ['the Paystack fake’s stop', () => fake.stop()],
      ],
    }
  },
})

describe('Send Money on Paystack, on a phone (390×844)', () => {
  it('signs in, sends with the PIN, sees the transfer pending, then successful once Paystack says so', async () => {
    const context = await phoneContext(own.browser)
    const page = await context.newPage()
    await logIn(page, DEMO.email, DEMO.password, own.origin)

    await page.getByRole('link', { name: 'Send Money' }).click()
    await page.getByRole('dialog', { name: 'Send Money' }).waitFor()
    // The bank list is Paystack's (GET /bank through Prism).
    await page.getByRole('combobox', { name: 'Bank' }).fill('Access')
    await page.getByRole('option', { name: 'Access Bank' }).click()
    await page.getByRole('textbox', { name: 'Account number' }).fill('0690000032')
    // The name is Paystack's answer to GET /bank/resolve.
    await expect.poll(() => page.getByTestId('resolved-account-name').textContent(), { timeout: 10_000 }).toMatch(/^[A-Z]+ [A-Z]+/)
    await page.getByLabel('Amount').fill('2500')
    await page.getByText(/^Charge: ₦/).waitFor()
    await page.getByRole('button', { name: 'Proceed' }).click()
    const confirm = page.getByRole('dialog', { name: 'Confirm Payment' })
    await confirm.getByRole('button', { name: 'Send money' }).click()
    const pin = page.getByRole('alertdialog', { name: 'Enter your transaction PIN' })
    await pin.getByLabel('Transaction PIN, digit 1 of 4').click()
    await typeCode(page, DEMO.pin)

    const pending = page.getByRole('dialog', { name: 'Transfer pending' })
    await pending.waitFor({ timeout: 15_000 })
    await shot(page, 'paystack-send-pending')
    const [transfer] = [...fake.transfers.values()]
    expect(transfer).toMatchObject({ amount: 2500_00, status: 'pending' })
    await pending.getByRole('button', { name: 'Okay' }).click()
    await page.waitForURL((url) => url.pathname === '/home')
    await page.goto(`${own.origin}/transactions`)
    const row = page
      .getByTestId('transaction-row')
      .filter({ hasText: /2,500\.00/ })
      .first()
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toMatch(/pending/)

    // Paystack's transfer.success webhook, signed with the secret key, to the URL the operator registers.
    const raw = JSON.stringify(fake.transferEvent('transfer.success', transfer!.reference))
    const delivered = await fetch(`${own.origin}/api/webhooks/paystack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystackBody(raw, SECRET) },
      body: raw,
    })
    expect(delivered.status).toBe(200)

    await page.reload()
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toMatch(/success/)
    await shot(page, 'paystack-send-success')
    expect(prism.violations).toEqual([])
    await context.close()
  })

  it('an order paid into its own Paystack account (pay with transfer), with no narration, shows paid', async () => {
    const context = await phoneContext(own.browser)
    const page = await context.newPage()
    await logIn(page, DEMO.email, DEMO.password, own.origin)
    const token = await page.evaluate(() => localStorage.getItem('vbo.token'))
    const made = await fetch(`${own.origin}/api/order/shareable`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ items: [{ name: 'Zobo (1 litre)', amount: 250_000, quantity: 2 }], customer: { name: 'Ada Obi' } }),
    })
    expect(made.status).toBe(201)
    const order = ((await made.json()) as { data: { reference: string; payAccount: { accountNumber: string } } }).data
    // The account is Paystack's temporary one for this charge (POST /charge through Prism), not the wallet's.
    const charge = fake.payWithTransfer.get(order.payAccount.accountNumber)
    expect(charge).toMatchObject({ amount: 500_000 })

    await page.goto(`${own.origin}/orders/${order.reference}?type=shareable`)
    const card = page.getByRole('region', { name: 'Account for this order' })
    await card.waitFor()
    expect((await detailValue(card, 'Account number').innerText()).trim()).toBe(order.payAccount.accountNumber)
    await shot(page, 'paystack-order-account')

    // Paystack's charge.success for that charge: its reference, the payer, no narration and no receiving account.
    const event = fake.chargeEvent({
      reference: charge!.reference,
      amount: 500_000,
      accountNumber: order.payAccount.accountNumber,
      senderName: 'Ada Obi',
      senderAccount: '0690000031',
      sessionId: Array.from({ length: 30 }, () => randomInt(0, 10)).join(''),
    })
    const bare = { ...event, data: { ...event.data, channel: 'bank_transfer', metadata: {} } }
    const raw = JSON.stringify(bare)
    const delivered = await fetch(`${own.origin}/api/webhooks/paystack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystackBody(raw, SECRET) },
      body: raw,
    })
    expect(delivered.status).toBe(200)

    await page.reload()
    await page.getByRole('region', { name: 'Summary' }).getByText('paid', { exact: true }).waitFor()
    await page.getByRole('list', { name: 'Payments' }).getByText('Ada Obi').waitFor()
    await shot(page, 'paystack-order-paid')
    expect(prism.violations).toEqual([])
    await context.close()
  })
})
