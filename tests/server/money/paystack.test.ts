import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { chargeFor } from '#contract/charges'
import { endpoints } from '#contract/index'
import { orderPaymentAccounts } from '#server/db/sales-schema'
import { transactions } from '#server/db/schema'
import { newSessionId } from '#server/money/ledger'
import { PaystackBankingProvider } from '#server/money/paystack'
import { OTP_REFUSAL, toPaystackReference } from '#server/money/paystack/transfers'
import { signPaystackBody } from '#server/money/paystack/webhook'
import { recoverPendingTransfers } from '#server/money/transfers'
import { signWebhookBody } from '#server/money/webhook-signature'

import { FAKE_SERIALS, PaystackFake } from '../../support/paystack-fake'
import { type Prism, startPrism } from '../../support/prism'
import { call, makeApp, type TestApp } from '../harness'
import { order, orderData, shop } from '../orders/helpers'
import { account, balances, expectLedgerConsistent, PIN, randomSerial, send, sender } from './helpers'

/*
 * The Paystack provider (issue 36, decision 139), every request through Stoplight Prism proxying to a stateful fake
 * (tests/support): Prism checks each request and response against Paystack's OpenAPI document, the fake keeps the
 * recipients, transfers and charges. A request Prism calls invalid fails the test (afterEach).
 */

const SECRET = 'sk_test_0123456789abcdef0123456789abcdef'
let fake: PaystackFake
let prism: Prism
let t: TestApp
let provider: PaystackBankingProvider

beforeAll(async () => {
  fake = await new PaystackFake(SECRET).start()
  prism = await startPrism({ upstream: fake.url })
  console.info(`[paystack test] Prism proxy listening after ${prism.startMs} ms`)
  const app = await makeApp()
  provider = new PaystackBankingProvider({ secretKey: SECRET, baseUrl: prism.url, db: app.db })
  t = await makeApp({ banking: provider })
}, 90_000)

afterAll(async () => {
  await prism?.stop()
  await fake?.stop()
})

afterEach(() => {
  expect(prism.violations, 'requests or responses Prism found invalid against paystack.yaml').toEqual([])
})

function deliver(body: unknown, signature?: string | null) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body)
  const headers: Record<string, string> = signature === null ? {} : { 'x-paystack-signature': signature ?? signPaystackBody(raw, SECRET) }
  return call(t.app, endpoints.paystackWebhook, { headers, rawBody: raw })
}

/** Name enquiry through GET /bank/resolve, then Send Money with the PIN. */
async function resolveAndSend(token: string, accountNumber: string, amount: number) {
  const resolved = await call(t.app, endpoints.resolveAccount, { token, query: { accountNumber, bankCode: '058' } })
  expect(resolved.status).toBe(200)
  return send(t, token, { amount, requestId: resolved.body.data.requestId, pin: PIN })
}

const START = 1_000_000_00

describe('Paystack provider: sends', () => {
  it('sends from the PIN to transfer.success: resolved by GET /bank/resolve, one recipient reused, settled once by the webhook', async () => {
    const s = await sender(t, { balance: START })
    const to = account('058', randomSerial())
    const amount = 25_000_00
    const { fee } = chargeFor(amount)

    const first = await resolveAndSend(s.token, to, amount)
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ message: 'Transfer is processing; its status will update shortly', data: { status: 'pending' } })
    const reference: string = first.body.data.reference
    expect(fake.transfers.get(toPaystackReference(reference))).toMatchObject({ amount, status: 'pending' })
    expect((await balances(t.db, s.vendor.id)).main).toBe(START - amount - fee)

    const event = fake.transferEvent('transfer.success', toPaystackReference(reference))
    const answers = await Promise.all([deliver(event), deliver(event), deliver(event)])
    for (const answer of answers) expect(answer.status).toBe(200)
    const detail = await call(t.app, endpoints.transactionDetail, { token: s.token, query: { id: first.body.data.id } })
    expect(detail.body.data).toMatchObject({ status: 'success', sessionId: event.data.session.id })
    expect(await balances(t.db, s.vendor.id)).toMatchObject({ main: START - amount - fee })

    // A second send to the same account reuses its recipient: no second POST /transferrecipient.
    const recipientsBefore = fake.count('POST /transferrecipient')
    const second = await resolveAndSend(s.token, to, 1_000_00)
    expect(second.status).toBe(201)
    expect(fake.count('POST /transferrecipient')).toBe(recipientsBefore)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('transfer.failed returns amount + charge once, however often it is delivered', async () => {
    const s = await sender(t, { balance: START })
    const sent = await resolveAndSend(s.token, account('058', randomSerial()), 60_000_00)
    expect(sent.body.data.status).toBe('pending')
    const event = fake.transferEvent('transfer.failed', toPaystackReference(sent.body.data.reference))
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(event)))
    for (const answer of answers) expect(answer.status).toBe(200)
    expect(await balances(t.db, s.vendor.id)).toMatchObject({ main: START, fees: 0 })
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, sent.body.data.id))
    expect(row).toMatchObject({ status: 'failed', failureReason: 'Beneficiary bank unavailable' })
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('transfer.reversed after transfer.success returns amount + charge once, and tells the integrator transfer.failed', async () => {
    const s = await sender(t, { balance: START })
    const hook = await call(t.app, endpoints.createWebhookEndpoint, {
      token: s.token,
      body: { url: 'http://127.0.0.1:9/hooks', events: ['transfer.succeeded', 'transfer.failed'] },
    })
    expect(hook.status, JSON.stringify(hook.body)).toBe(201)
    const sent = await resolveAndSend(s.token, account('058', randomSerial()), 7_000_00)
    const reference = toPaystackReference(sent.body.data.reference)
    expect((await deliver(fake.transferEvent('transfer.success', reference))).status).toBe(200)
    expect((await balances(t.db, s.vendor.id)).main).toBe(START - 7_000_00 - chargeFor(7_000_00).fee)

    const reversed = fake.transferEvent('transfer.reversed', reference)
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(reversed)))
    for (const answer of answers) expect(answer.status).toBe(200)
    expect(await balances(t.db, s.vendor.id)).toMatchObject({ main: START, fees: 0 })
    const detail = await call(t.app, endpoints.transactionDetail, { token: s.token, query: { id: sent.body.data.id } })
    expect(detail.body.data).toMatchObject({ status: 'failed', failureReason: 'The bank reversed the transfer' })
    // A late transfer.success (replayed) does not take the money again.
    expect((await deliver(fake.transferEvent('transfer.success', reference))).status).toBe(200)
    expect((await balances(t.db, s.vendor.id)).main).toBe(START)
    await expectLedgerConsistent(t.db, s.vendor.id)
    // The webhook endpoint was told the success, then (once, for five reversal notices) the failure with its reason.
    const log = await call(t.app, endpoints.listWebhookDeliveries, { token: s.token, query: { endpointId: hook.body.data.id, size: 10 } })
    const told = log.body.data.items
      .map((d) => JSON.parse(d.requestBody) as { type: string; data: { transactionId: string; failureReason: string | null } })
      .reverse()
    expect(told.map((e) => [e.type, e.data.transactionId, e.data.failureReason])).toEqual([
      ['transfer.succeeded', sent.body.data.id, null],
      ['transfer.failed', sent.body.data.id, 'The bank reversed the transfer'],
    ])
  })

  it('transfer.reversed on a pending transfer returns amount + charge once', async () => {
    const s = await sender(t, { balance: START })
    const sent = await resolveAndSend(s.token, account('058', randomSerial()), 3_000_00)
    const reversed = fake.transferEvent('transfer.reversed', toPaystackReference(sent.body.data.reference))
    await Promise.all(Array.from({ length: 3 }, () => deliver(reversed)))
    expect(await balances(t.db, s.vendor.id)).toMatchObject({ main: START, fees: 0 })
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('a transfer Paystack holds for an OTP is refused with the operator message and its money returned', async () => {
    const s = await sender(t, { balance: START })
    const sent = await resolveAndSend(s.token, account('058', FAKE_SERIALS.otp), 2_000_00)
    expect(sent.status).toBe(201)
    expect(sent.body).toMatchObject({ message: 'Transfer failed and your balance has been refunded', data: { status: 'failed' } })
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, sent.body.data.id))
    expect(row!.failureReason).toBe(OTP_REFUSAL)
    expect((await balances(t.db, s.vendor.id)).main).toBe(START)
  })

  it('recovery asks GET /transfer/verify/{reference} and settles what Paystack settled', async () => {
    const s = await sender(t, { balance: START })
    const sent = await resolveAndSend(s.token, account('058', randomSerial()), 4_000_00)
    fake.settle(toPaystackReference(sent.body.data.reference), 'success')
    const report = await recoverPendingTransfers(t.deps, { olderThanMs: -1, vendorId: s.vendor.id })
    expect(report).toMatchObject({ checked: 1, succeeded: 1 })
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, sent.body.data.id))
    expect(row!.status).toBe('success')
  })

  it('a retry under the same reference never sends twice: Paystack refuses the duplicate and its status answers', async () => {
    const request = {
      amount: 1_500_00,
      accountNumber: account('058', randomSerial()),
      bankCode: '058',
      accountName: 'Adaeze Okafor',
      reference: `TRX-20261205-${randomUUID()
        .slice(0, 10)
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '0')}`,
      narration: null,
    }
    const first = await provider.transfer(request)
    const again = await provider.transfer(request)
    expect(first.status).toBe('pending')
    expect(again.status).toBe('pending')
    expect([...fake.transfers.values()].filter((x) => x.reference === toPaystackReference(request.reference))).toHaveLength(1)
    expect(await provider.transferStatus('TRX-20990101-0000000000')).toEqual({ status: 'not_found' })
  })

  it('an account Paystack cannot resolve is refused with the name enquiry failure, and nothing is recorded', async () => {
    const s = await sender(t, { balance: START })
    const res = await call(t.app, endpoints.resolveAccount, {
      token: s.token,
      query: { accountNumber: account('058', FAKE_SERIALS.notFound), bankCode: '058' },
    })
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({ code: 'NAME_ENQUIRY_FAILED' })
  })
})

describe('Paystack provider: inbound webhooks', () => {
  const charge = (accountNumber: string, overrides: { reference?: string; sessionId?: string } = {}) =>
    fake.chargeEvent({
      reference: overrides.reference ?? `ps_${randomUUID()}`,
      amount: 12_500_00,
      accountNumber,
      senderName: 'Chioma Okeke',
      senderAccount: '0123456789',
      sessionId: overrides.sessionId ?? newSessionId(),
    })

  it('charge.success into a wallet account, replayed 20 times at once, credits it once', async () => {
    const s = await sender(t)
    const event = charge(s.wallets.main.accountNumber!)
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(event)))
    for (const answer of answers) expect(answer.status).toBe(200)
    expect((await balances(t.db, s.vendor.id)).main).toBe(12_500_00)
    const credits = await t.db.select().from(transactions).where(eq(transactions.vendorId, s.vendor.id))
    expect(credits).toHaveLength(1)
    expect(credits[0]).toMatchObject({
      type: 'credit',
      amount: 12_500_00,
      providerReference: event.data.reference,
      sessionId: event.data.authorization.session_id,
      originatorAccountName: 'Chioma Okeke',
      originatorAccountNumber: '0123456789',
    })
    // The same NIP session under another Paystack reference is the same money.
    const again = await deliver(charge(s.wallets.main.accountNumber!, { sessionId: event.data.authorization.session_id }))
    expect(again.status).toBe(200)
    expect((await balances(t.db, s.vendor.id)).main).toBe(12_500_00)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it("pays an order through its own account (POST /charge, bank_transfer): charge.success under the charge's reference, no narration, pays it once", async () => {
    const s = await shop(t)
    const made = await order(t, s.token, { items: [{ variantId: s.small.id, quantity: 2 }] })
    expect(made.payAccount).not.toBeNull()
    const account = made.payAccount!
    expect(account.accountNumber).toMatch(/^\d{10}$/)
    expect(account.accountNumber).not.toBe(s.wallets.main.accountNumber)
    const [kept] = await t.db.select().from(orderPaymentAccounts).where(eq(orderPaymentAccounts.accountNumber, account.accountNumber))
    const event = fake.chargeEvent({
      reference: kept!.providerReference,
      amount: account.amount,
      accountNumber: account.accountNumber,
      senderName: 'Musa Bello',
      senderAccount: '0123456789',
      sessionId: newSessionId(),
    })
    // Paystack's payload for a charge paid by transfer may not name the receiving account: its reference does.
    const bare = {
      ...event,
      data: { ...event.data, channel: 'bank_transfer', metadata: {}, authorization: { ...event.data.authorization } },
    }
    delete (bare.data.authorization as { receiver_bank_account_number?: string }).receiver_bank_account_number
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(bare)))
    for (const answer of answers) expect(answer.status).toBe(200)
    const paid = await orderData(t, s.token, made.reference)
    expect(paid.status).toBe('paid')
    const credits = await t.db.select().from(transactions).where(eq(transactions.providerReference, kept!.providerReference))
    expect(credits).toHaveLength(1)
    expect(credits[0]).toMatchObject({ type: 'credit', amount: account.amount, originatorAccountName: 'Musa Bello' })
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('a bad or missing x-paystack-signature is 401 and writes nothing', async () => {
    const s = await sender(t)
    const event = charge(s.wallets.main.accountNumber!)
    const raw = JSON.stringify(event)
    const forged = await deliver(raw, signPaystackBody(raw, 'sk_test_someone_else_key_000000000'))
    const missing = await deliver(raw, null)
    const tampered = await deliver(raw.replace('"amount":1250000', '"amount":9250000'), signPaystackBody(raw, SECRET))
    for (const res of [forged, missing, tampered]) {
      expect(res.status).toBe(401)
      expect(res.body).toMatchObject({ code: 'INVALID_SIGNATURE' })
    }
    expect(await t.db.select().from(transactions).where(eq(transactions.vendorId, s.vendor.id))).toHaveLength(0)
    expect((await balances(t.db, s.vendor.id)).main).toBe(0)
  })

  it("the sandbox's notice endpoint is not served under Paystack: only Paystack's webhook brings money in", async () => {
    const s = await sender(t)
    const raw = JSON.stringify({
      accountNumber: s.wallets.main.accountNumber,
      amount: 5_000_00,
      providerReference: `PRV-${randomUUID()}`,
      sessionId: newSessionId(),
      originatorAccountName: 'Chioma Okeke',
      originatorBankName: 'Access Bank',
      originatorAccountNumber: '1111111111',
    })
    const res = await call(t.app, endpoints.bankInbound, {
      headers: { 'x-provider-signature': signWebhookBody(raw, t.deps.webhookSecret) },
      rawBody: raw,
    })
    expect(res.status).toBe(404)
    expect((await balances(t.db, s.vendor.id)).main).toBe(0)
  })

  it('is not served by a server whose provider is the sandbox', async () => {
    const sandbox = await makeApp()
    const raw = JSON.stringify({ event: 'charge.success', data: {} })
    const res = await call(sandbox.app, endpoints.paystackWebhook, {
      headers: { 'x-paystack-signature': signPaystackBody(raw, SECRET) },
      rawBody: raw,
    })
    expect(res.status).toBe(404)
  })
})

describe('Paystack provider: accounts, records and balance', () => {
  it('checks the key at start: a key Paystack refuses stops the start, the right one passes', async () => {
    await expect(provider.checkKey(console)).resolves.toBeUndefined()
    const wrong = new PaystackBankingProvider({ secretKey: 'sk_test_not_the_key_0000000000', baseUrl: prism.url, db: t.db })
    await expect(wrong.checkKey(console)).rejects.toThrow(/Paystack refused PAYSTACK_SECRET_KEY \(401/)
  })

  it('assigns a wallet a dedicated account (POST /customer, POST /dedicated_account), the same one when asked again', async () => {
    const request = {
      walletId: randomUUID(),
      accountName: 'Mama Put Kitchen',
      email: 'owner@mamaput.ng',
      phone: '+2348030000000',
      ownerName: 'Adaeze Okafor',
    }
    const first = await provider.assignVirtualAccount(request)
    const again = await provider.assignVirtualAccount(request)
    expect(first.accountNumber).toMatch(/^\d{10}$/)
    expect(again).toEqual(first)
    expect(first.bankName).toBe('Test Bank')
  })

  it("creates an order's temporary account with POST /charge (bank_transfer)", async () => {
    const expiresAt = new Date(Date.now() + 30 * 60_000)
    const account = await provider.createPaymentAccount({
      orderReference: `ORD-${randomUUID().slice(0, 8)}`,
      amount: 5_000_00,
      email: 'buyer@test.ng',
      expiresAt,
    })
    expect(account.accountNumber).toMatch(/^\d{10}$/)
    expect(account.expiresAt.toISOString()).toBe(expiresAt.toISOString())
  })

  it('reads records from GET /transfer and GET /transaction, and the balance from GET /balance', async () => {
    const from = new Date(Date.now() - 60 * 60_000)
    const to = new Date(Date.now() + 60 * 60_000)
    const day = await provider.records({ from, to })
    expect(day.transfers.length).toBeGreaterThan(0)
    for (const transfer of day.transfers) expect(transfer.reference).toMatch(/^[A-Z0-9-]+$/)
    expect(day.credits.length).toBeGreaterThan(0)
    expect(await provider.balance()).toBe(fake.balance)
  })
})
