import { execFile } from 'node:child_process'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEMO } from '#server/seed/demo'

import { type Receiver, startReceiver } from '../server/webhooks/receiver'
import { audit, describeFindings } from './axe'
import { logIn, ownServerAndBrowser, phoneContext } from './browser'

/*
 * Settings → Webhooks on a phone (issue 40, decision 169): the owner adds an endpoint (a real local HTTP server),
 * sees its signing secret, plays the bank with `npm run sandbox -- credit …`, sees the delivery in the log, and
 * resends it. The server's own job worker sends it; `standardwebhooks` checks what arrived. SCREENSHOT_DIR keeps
 * pictures of the page (looked at by hand).
 */

const own = ownServerAndBrowser()
const ROOT = resolve(import.meta.dirname, '../..')
let receiver: Receiver
beforeAll(async () => {
  receiver = await startReceiver()
})
afterAll(() => receiver?.close())

async function sandboxCredit(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'sandbox', '--', 'credit', ...args, '--url', own.origin], {
    cwd: ROOT,
  })
  return stdout
}

const shot = (name: string) => (process.env.SCREENSHOT_DIR ? join(process.env.SCREENSHOT_DIR, name) : undefined)

describe('webhooks', () => {
  it('register an endpoint, see a delivery after a sandbox credit, resend it', async () => {
    const context = await phoneContext(own.browser)
    const page = await context.newPage()
    await logIn(page, DEMO.email, DEMO.password, own.origin)
    await page.goto(`${own.origin}/settings?tab=profile`)
    await page.getByRole('link', { name: /Webhooks/ }).click()
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor()
    await page.getByText('No endpoints yet').waitFor()

    await page.getByLabel('URL').fill(receiver.url)
    for (const type of ['order.paid', 'order.refunded', 'transfer.succeeded', 'transfer.failed', 'dispute.updated'])
      await page.getByRole('checkbox', { name: new RegExp(type.replace('.', '\\.')) }).uncheck()
    await page.getByLabel('Note').fill('Shop website')
    await page.getByRole('button', { name: 'Add endpoint' }).click()
    const secret = (await page.getByTestId('webhook-secret').first().textContent())!.trim()
    expect(secret).toMatch(/^whsec_/)
    await page.getByRole('listitem').filter({ hasText: receiver.url }).first().waitFor()
    const path = shot('webhooks-endpoint.png')
    if (path) await page.screenshot({ path, fullPage: true })

    expect(await sandboxCredit(DEMO.email, '5000', '--from', 'Chioma Okeke', '--bank', 'Access Bank')).toContain('Credited ₦5000')
    const deliveries = page.getByTestId('webhook-delivery')
    // The worker polls every second and the log refreshes every 5 s.
    await deliveries.filter({ hasText: 'payment.received' }).filter({ hasText: 'Delivered' }).first().waitFor({ timeout: 20_000 })
    await expect.poll(() => receiver.received.length).toBe(1)
    const [first] = receiver.received
    const payload = new Webhook(secret).verify(first!.body, first!.headers as Record<string, string>) as {
      type: string
      data: { amount: number; payerName: string }
    }
    expect(payload).toMatchObject({ type: 'payment.received', data: { amount: 5_000_00, payerName: 'Chioma Okeke' } })
    await expect.poll(() => deliveries.first().textContent()).toContain('answered 200')

    await deliveries.first().getByRole('button', { name: 'Resend' }).click()
    await expect.poll(() => deliveries.count(), { timeout: 20_000 }).toBe(2)
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2)
    expect(receiver.received[1]!.headers['webhook-id']).toBe(first!.headers['webhook-id'])
    await deliveries.filter({ hasText: 'Delivered' }).nth(1).waitFor({ timeout: 20_000 })
    await deliveries.first().getByText('Request and answer').click()
    // The page as it stands (endpoint, secret, log with one opened) has no serious or critical axe finding.
    const { failing } = await audit(page, '/settings/webhooks', 'phone')
    expect(failing, describeFindings(failing)).toEqual([])
    const log = shot('webhooks-deliveries.png')
    if (log) {
      await page.getByRole('heading', { name: 'Deliveries' }).scrollIntoViewIfNeeded()
      await page.screenshot({ path: log })
    }
    await context.close()
  }, 180_000)
})
