import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { transactions } from '#server/db/schema'
import { MemoryEventBus } from '#server/events/bus'
import { LiveEvents } from '#server/events/live-events'
import { newSessionId } from '#server/money/ledger'
import { signWebhookBody } from '#server/money/webhook-signature'
import { DevNotifier, type Notifier } from '#server/notifier'

import { openStream } from '../events/sse'
import { call, makeApp, type TestApp } from '../harness'
import { NAIRA, order, salesApp, shop, transferIn } from '../orders/helpers'
import { balances, expectLedgerConsistent, sender } from './helpers'

/* POST /webhooks/bank/inbound: the bank's notice of money into a virtual account, signed over the raw body. */

const SECRET = 'test-webhook-secret'
let t: TestApp
/** What the operator's log received (the app's logger), warnings apart. */
const logged: { warn: string[]; info: string[] } = { warn: [], info: [] }
beforeAll(async () => {
  t = await makeApp({
    webhookSecret: SECRET,
    logger: {
      info: (...args) => logged.info.push(args.join(' ')),
      warn: (...args) => logged.warn.push(args.join(' ')),
      error: console.error,
    },
  })
})

function notice(accountNumber: string, overrides: Record<string, unknown> = {}) {
  return {
    accountNumber,
    amount: 15_000_50,
    providerReference: `PRV-${randomUUID()}`,
    sessionId: newSessionId(),
    originatorAccountName: 'Chioma Okeke',
    originatorBankName: 'Access Bank',
    originatorAccountNumber: '1111111111',
    narration: 'Jollof order',
    ...overrides,
  }
}

function deliver(body: unknown, signature?: string) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body)
  return call(t.app, endpoints.bankInbound, {
    headers: { 'x-provider-signature': signature ?? signWebhookBody(raw, SECRET) },
    rawBody: raw,
  })
}

describe('POST /webhooks/bank/inbound', () => {
  it('credits the wallet of the virtual account as an offline credit without an order', async () => {
    const s = await sender(t)
    const body = notice(s.wallets.main.accountNumber!)
    const res = await deliver(body)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ message: 'Credit recorded', data: { duplicate: false } })
    expect((await balances(t.db, s.vendor.id)).main).toBe(15_000_50)
    const detail = await call(t.app, endpoints.transactionDetail, { token: s.token, query: { id: res.body.data.transactionId } })
    expect(detail.body.data).toMatchObject({
      type: 'credit',
      status: 'success',
      amount: 15_000_50,
      sessionId: body.sessionId,
      originatorAccountName: 'Chioma Okeke',
      narration: 'Jollof order',
      isOffline: true,
      hasMatchingOrder: false,
      isPOSTransaction: false,
    })
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('a repeated notice (same provider reference) answers the first credit and credits nothing more', async () => {
    const s = await sender(t)
    const body = notice(s.wallets.main.accountNumber!)
    const first = await deliver(body)
    const again = await deliver({ ...body, sessionId: newSessionId() })
    expect(again.body).toEqual({ message: 'Already recorded', data: { transactionId: first.body.data.transactionId, duplicate: true } })
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => deliver(notice(s.wallets.main.accountNumber!, { providerReference: 'BURST-1' }))),
    )
    expect(burst.every((res) => res.status === 200)).toBe(true)
    expect(new Set(burst.map((res) => res.body.data.transactionId)).size).toBe(1)
    expect(burst.filter((res) => !res.body.data.duplicate)).toHaveLength(1)
    expect((await balances(t.db, s.vendor.id)).main).toBe(2 * 15_000_50)
  })

  it('one NIP session notified under a second provider reference: answered as the first credit, logged as a duplicate', async () => {
    const s = await sender(t)
    const body = notice(s.wallets.main.accountNumber!)
    const first = await deliver(body)
    expect(first.body.data.duplicate).toBe(false)
    const second = await deliver({ ...body, providerReference: `PRV-${randomUUID()}` })
    expect(second.status).toBe(200)
    expect(second.body).toEqual({
      message: 'Already recorded under another provider reference (same NIP session)',
      data: { transactionId: first.body.data.transactionId, duplicate: true },
    })
    expect((await balances(t.db, s.vendor.id)).main).toBe(15_000_50)
    expect(await t.db.select().from(transactions).where(eq(transactions.vendorId, s.vendor.id))).toHaveLength(1)
    const line = logged.warn.find((text) => text.includes(body.sessionId))
    expect(line).toMatch(/duplicate of NIP session \d{30}, already credited as TRF-.*not credited again/)
    // The same session at another vendor is another transfer's business: credited there.
    const other = await sender(t)
    const elsewhere = await deliver({ ...body, accountNumber: other.wallets.main.accountNumber!, providerReference: `PRV-${randomUUID()}` })
    expect(elsewhere.body.data.duplicate).toBe(false)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('concurrent notices of one NIP session under different references: one credit, the balance exact', async () => {
    const s = await sender(t)
    const sessionId = newSessionId()
    const burst = await Promise.all(
      Array.from({ length: 8 }, () =>
        deliver(notice(s.wallets.main.accountNumber!, { sessionId, providerReference: `PRV-${randomUUID()}` })),
      ),
    )
    expect(burst.map((res) => res.status)).toEqual(Array(8).fill(200))
    expect(burst.filter((res) => !res.body.data.duplicate)).toHaveLength(1)
    expect(new Set(burst.map((res) => res.body.data.transactionId)).size).toBe(1)
    expect((await balances(t.db, s.vendor.id)).main).toBe(15_000_50)
    const rows = await t.db.select().from(transactions).where(eq(transactions.vendorId, s.vendor.id))
    expect(rows).toHaveLength(1)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('401 for a missing, wrong or re-computed-over-other-bytes signature, before the body is believed', async () => {
    const s = await sender(t)
    const body = notice(s.wallets.main.accountNumber!)
    const raw = JSON.stringify(body)
    const expected = { message: 'The X-Provider-Signature header does not match the request body', code: 'INVALID_SIGNATURE' }
    for (const signature of ['', 'abc', signWebhookBody(raw, 'another-secret'), signWebhookBody(`${raw} `, SECRET)]) {
      const res = await deliver(raw, signature)
      expect(res.status).toBe(401)
      expect(res.body).toEqual(expected)
    }
    // An unsigned body is refused for its signature, not parsed for errors.
    expect((await deliver('{"not": json', 'deadbeef')).status).toBe(401)
    expect((await balances(t.db, s.vendor.id)).main).toBe(0)
  })

  it('404 for an account number that is no wallet of ours', async () => {
    const res = await deliver(notice('0000000000'))
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Account not found', code: 'NOT_FOUND' })
  })

  it('422 naming the field for a signed but malformed notice', async () => {
    const s = await sender(t)
    const number = s.wallets.main.accountNumber!
    expect((await deliver(notice(number, { amount: 0 }))).body.message).toBe('amount: must be more than zero')
    expect((await deliver(notice(number, { sessionId: '123' }))).body.message).toBe('sessionId: must be 30 digits')
    expect((await deliver(notice(number, { providerReference: undefined }))).body.message).toBe('providerReference: is required')
    expect((await deliver('not json')).status).toBe(400)
    const rows = await t.db.select().from(transactions).where(eq(transactions.vendorId, s.vendor.id))
    expect(rows).toHaveLength(0)
  })
})

describe('a credit that takes stock to its alert level, with the mail server slow', () => {
  it('is alerted live and answered to the bank at once; the low-stock e-mail follows, and the server waits for it', async () => {
    const mail = new DevNotifier(() => {})
    let answerMail: () => void = () => {}
    const mailAnswered = new Promise<void>((resolve) => (answerMail = resolve))
    const notifier: Notifier = {
      send: async (message) => {
        await mailAnswered
        await mail.send(message)
      },
    }
    const slow = await salesApp({ notifier, events: new LiveEvents({ bus: new MemoryEventBus(), heartbeatMs: 50 }) })
    const v = await shop(slow, { units: 3 })
    await call(slow.app, endpoints.setStockAlert, {
      token: v.token,
      body: { productId: v.small.productId, productVariantId: v.small.id, threshold: 2 },
    })
    const data = await order(slow, v.token, { items: [{ variantId: v.small.id, quantity: 2 }] })
    const stream = await openStream(slow.app, v.token)
    await stream.untilPing()

    const answer = transferIn(slow, v.wallets.main.accountNumber!, 2_000 * NAIRA, `Payment for ${data.reference}`)
    const first = await Promise.race([answer.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 3_000))])
    expect(first).toBe('answered')
    expect((await answer).body.message).toBe(`Credit recorded as a payment of ${data.reference}`)
    expect((await stream.next())?.data.transaction.amount).toBe(2_000 * NAIRA)
    await stream.close()
    expect(mail.outbox).toEqual([])

    // What a closing server waits for before its database closes.
    let settled = false
    const closing = slow.deps.background.settled().then(() => (settled = true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(settled).toBe(false)
    answerMail()
    await closing
    expect(mail.outbox.map((message) => [message.to, message.subject])).toEqual([
      [v.vendor.email, expect.stringMatching(/: low stock: Jollof rice \(Size: Small\)$/)],
    ])
  })
})
