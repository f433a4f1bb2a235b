import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'

import { describe, expect, it } from 'vitest'

import { parseNairaToKobo } from '#contract/money'
import { DEMO } from '#server/seed/demo'

import { logIn, ownServerAndBrowser, phoneContext } from './browser'

/*
 * Issue 22: a bank credit shows on an open app within 2 seconds, as a toast saying who paid, and the balance moves;
 * then a cashier confirms the customer's claim from the Transactions search box. A server of the suite's own, so
 * no other suite's credit moves the balance in between.
 */

const own = ownServerAndBrowser()

const ROOT = resolve(import.meta.dirname, '../..')

/** The README's way to play the bank: `npm run sandbox -- credit …` against this suite's server. Resolves when it exits. */
async function sandboxCredit(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'sandbox', '--', 'credit', ...args, '--url', own.origin], {
    cwd: ROOT,
  })
  return stdout
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

    // The command signs in as the demo vendor, reads its account number, then sends the signed bank notice and exits.
    expect(await sandboxCredit(DEMO.email, '5000', '--from', 'Chioma Okeke', '--bank', 'Access Bank')).toContain('Credited ₦5000')
    // The bound, as the wait's limit: the toast and the new balance, each within 2 s of the command's credit.
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
