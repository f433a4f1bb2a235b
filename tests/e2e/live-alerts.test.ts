import { createHmac, randomInt, randomUUID } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { parseNairaToKobo } from '#contract/money'
import { DEV_WEBHOOK_SECRET } from '#server/money/webhook-signature'
import { DEMO } from '#server/seed/demo'

import { logIn, ownServerAndBrowser, phoneContext } from './browser'

/*
 * Issue 22: a bank credit shows on an open app within 2 seconds, as a toast saying who paid, and the balance moves;
 * then a cashier confirms the customer's claim from the Transactions search box. A server of the suite's own, so
 * no other suite's credit moves the balance in between.
 */

const own = ownServerAndBrowser()

/** What `npm run sandbox -- credit` sends: a bank notice signed with the sandbox secret. */
async function bankCredit(accountNumber: string, amount: number, from: string, bank: string) {
  const body = JSON.stringify({
    accountNumber,
    amount,
    providerReference: `e2e-${randomUUID()}`,
    sessionId: Array.from({ length: 30 }, () => randomInt(0, 10)).join(''),
    originatorAccountName: from,
    originatorBankName: bank,
    originatorAccountNumber: '0690000031',
    narration: 'Counter payment',
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
}

describe('live payment alerts', () => {
  it('shows a credit within 2 s as a toast and in the balance, and finds it by amount', async () => {
    const context = await phoneContext(own.browser)
    const page = await context.newPage()
    const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200)
    await logIn(page, DEMO.email, DEMO.password, own.origin)
    await streamOpen

    const card = page.getByTestId('wallet-balance')
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toMatch(/^₦[\d,]+\.\d{2}$/)
    const before = parseNairaToKobo((await card.textContent())!)!
    const token = await page.evaluate(() => localStorage.getItem('vbo.token'))
    const details = await fetch(`${own.origin}/api/vendor/wallet/details`, { headers: { Authorization: `Bearer ${token}` } })
    const { accountNumber } = ((await details.json()) as { data: { accountNumber: string } }).data

    await bankCredit(accountNumber, 5_000_00, 'Chioma Okeke', 'Access Bank')
    // The bound, as the wait's limit: the toast and the new balance, each within 2 s of the credit.
    await page.getByRole('status').filter({ hasText: '₦5,000.00 received from Chioma Okeke · Access Bank' }).waitFor({ timeout: 2_000 })
    await expect.poll(async () => parseNairaToKobo((await card.textContent()) ?? ''), { timeout: 2_000 }).toBe(before + 5_000_00)

    // "Did this payment arrive?": the amount as the customer says it.
    await page.goto(`${own.origin}/transactions`)
    await page.getByRole('searchbox', { name: 'Search by amount, name or reference' }).fill('5,000')
    const rows = page.getByTestId('transaction-row')
    await rows.filter({ hasText: 'Chioma Okeke' }).first().waitFor()
    await expect.poll(() => page.url()).toContain('q=5%2C000')
    for (const text of await rows.allTextContents()) expect(text).toContain('₦5,000.00')
    await context.close()
  })
})
