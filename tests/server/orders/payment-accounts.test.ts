import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { isValidNuban } from '#contract/nuban'
import { HOUR_MS } from '#server/clock'
import { orderPaymentAccounts } from '#server/db/sales-schema'
import type { PaymentAccountProvider } from '#server/deps'
import { JobHandlers, JobWorker } from '#server/jobs/worker'
import { VIRTUAL_ACCOUNT_BANK } from '#server/money/accounts'
import type { PaymentAccountRequest } from '#server/money/bank-provider'
import { SandboxBankingProvider } from '#server/money/sandbox-bank'
import { ORDER_ACCOUNT_MS, paymentAccountExpiry, paymentAccountJob, RETRY_AFTER_MS } from '#server/orders/payment-accounts'

import { call, type TestApp } from '../harness'
import { balances, expectLedgerConsistent, tokenFor } from '../money/helpers'
import { NAIRA, order, orderData, payer, postOrder, publicCode, salesApp, type Shop, shop, transferIn } from './helpers'

/*
 * Pay by transfer per order (issue 36, decisions 147 and 148): each open order gets its own temporary account, and
 * money into it pays that order with no narration, once; after it closes the money lands unattached.
 */

/** The sandbox behind a switch: down, it throws as a provider that cannot be reached does. */
class SwitchableProvider implements PaymentAccountProvider {
  down = false
  asked = 0
  /** Set once the app (and so its test clock) exists. */
  sandbox: SandboxBankingProvider | undefined
  async createPaymentAccount(request: PaymentAccountRequest) {
    this.asked++
    if (this.down || !this.sandbox) throw new Error('connect ECONNREFUSED (provider down)')
    return this.sandbox.createPaymentAccount(request)
  }
}

let t: TestApp
let s: Shop
let provider: SwitchableProvider
const warnings: string[] = []
beforeAll(async () => {
  provider = new SwitchableProvider()
  t = await salesApp({
    paymentAccounts: provider,
    logger: { info: () => {}, warn: (...args) => warnings.push(args.join(' ')), error: console.error },
  })
  // The sandbox on the app's database and test clock, as the app's default one would be.
  provider.sandbox = new SandboxBankingProvider(t.db, t.clock)
  s = await shop(t)
})

const line = (variantId: string, quantity = 1) => ({ variantId, quantity })
/** The account an order was made with: fails the test when it has none (the provider is up unless a test downs it). */
function ownAccount<T>(made: { payAccount: T | null }): T {
  expect(made.payAccount).not.toBeNull()
  return made.payAccount!
}

const transaction = (id: string) => call(t.app, endpoints.transactionDetail, { token: s.token, query: { id } }).then((res) => res.body.data)

describe('an order gets its own account', () => {
  it('is made with the order: a valid NUBAN at the sandbox bank, not the wallet, for a day; the same when shown again', async () => {
    const made = await order(t, s.token, { items: [line(s.small.id, 2)] }, { shareable: true })
    const account = ownAccount(made)
    expect(account).toMatchObject({ bankName: VIRTUAL_ACCOUNT_BANK.name, amount: 2_000 * NAIRA, accountName: `Checkout ${made.reference}` })
    expect(isValidNuban(VIRTUAL_ACCOUNT_BANK.cbnCode, account.accountNumber)).toBe(true)
    expect(account.accountNumber).not.toBe(s.wallets.main.accountNumber)
    expect(new Date(account.expiresAt).getTime()).toBe(t.clock.now().getTime() + ORDER_ACCOUNT_MS)
    // Shown again, on the order and on its public page: the same account, the provider not asked again.
    const asked = provider.asked
    expect((await orderData(t, s.token, made.reference)).payAccount).toEqual(account)
    const page = await call(t.app, endpoints.publicOrder, { query: { code: publicCode(made) } })
    expect(page.body.data.payAccount).toEqual(account)
    expect(provider.asked).toBe(asked)
  })

  it('two orders never share an account', async () => {
    const [a, b] = await Promise.all([order(t, s.token, { items: [line(s.small.id)] }), order(t, s.token, { items: [line(s.large.id)] })])
    expect(ownAccount(a).accountNumber).not.toBe(ownAccount(b).accountNumber)
  })

  it("an invoice's account lasts to the end of its due date in Lagos, or a week without one", () => {
    const now = new Date('2026-12-05T10:00:00Z')
    expect(paymentAccountExpiry({ kind: 'invoice', dueDate: '2026-12-10' }, now).toISOString()).toBe('2026-12-10T23:00:00.000Z')
    expect(paymentAccountExpiry({ kind: 'invoice', dueDate: null }, now).toISOString()).toBe('2026-12-12T10:00:00.000Z')
    // Overdue and still unpaid: a week at a time, not an account already expired.
    expect(paymentAccountExpiry({ kind: 'invoice', dueDate: '2026-12-01' }, now).toISOString()).toBe('2026-12-12T10:00:00.000Z')
    expect(paymentAccountExpiry({ kind: 'order', dueDate: null }, now).toISOString()).toBe('2026-12-06T10:00:00.000Z')
  })
})

describe('money into the order account', () => {
  it('pays the order with no narration, records the payer, and a replayed notice is a duplicate', async () => {
    const before = (await balances(t.db, s.vendor.id)).main
    const made = await order(t, s.token, { items: [line(s.small.id, 3)] })
    const from = payer({ name: 'Ngozi Eze' })
    const providerReference = `PRV-${randomUUID()}`
    const res = await transferIn(t, ownAccount(made).accountNumber, 3_000 * NAIRA, '', from, providerReference)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ message: `Credit recorded as a payment of ${made.reference}`, data: { duplicate: false } })
    const paid = await orderData(t, s.token, made.reference)
    expect(paid).toMatchObject({ status: 'paid', amountPaid: 3_000 * NAIRA, payAccount: null, unattachedPayments: [] })
    expect(paid.payments).toEqual([
      expect.objectContaining({ amount: 3_000 * NAIRA, payerName: 'Ngozi Eze', payerAccountNumber: from.accountNumber }),
    ])
    expect(paid.customer).toMatchObject({ name: 'Ngozi Eze', isAnonymous: false })
    expect(await transaction(res.body.data.transactionId)).toMatchObject({
      orderReference: made.reference,
      hasMatchingOrder: true,
      isOffline: false,
      unattachedOrderReference: null,
    })
    // The same notice again: the first credit, nothing written.
    const again = await transferIn(t, ownAccount(made).accountNumber, 3_000 * NAIRA, '', from, providerReference)
    expect(again.body).toMatchObject({ message: 'Already recorded', data: { transactionId: res.body.data.transactionId, duplicate: true } })
    expect((await balances(t.db, s.vendor.id)).main).toBe(before + 3_000 * NAIRA)
    expect((await orderData(t, s.token, made.reference)).amountPaid).toBe(3_000 * NAIRA)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('a part payment keeps the account for the rest', async () => {
    const made = await order(t, s.token, { items: [line(s.large.id, 2)] })
    await transferIn(t, ownAccount(made).accountNumber, 1_000 * NAIRA, '')
    const part = await orderData(t, s.token, made.reference)
    expect(part).toMatchObject({ status: 'partially-paid', payAccount: { accountNumber: ownAccount(made).accountNumber } })
    await transferIn(t, ownAccount(made).accountNumber, 2_000 * NAIRA, '')
    expect(await orderData(t, s.token, made.reference)).toMatchObject({ status: 'paid', amountPaid: 3_000 * NAIRA })
  })

  it('after expiry: the wallet is credited, the order is not paid, the credit is listed as unattached', async () => {
    const made = await order(t, s.token, { items: [line(s.small.id)] })
    const before = (await balances(t.db, s.vendor.id)).main
    t.clock.advance(ORDER_ACCOUNT_MS + HOUR_MS)
    // A day on, the owner signs in again (sessions idle out after 12 hours).
    s.token = await tokenFor(t, s.owner.row)
    const res = await transferIn(t, ownAccount(made).accountNumber, 1_000 * NAIRA, 'for my order')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.message).toBe(`Credit recorded; the account of ${made.reference} had closed, so it is listed as unattached`)
    expect((await balances(t.db, s.vendor.id)).main).toBe(before + 1_000 * NAIRA)
    const id = res.body.data.transactionId
    expect(await transaction(id)).toMatchObject({ isOffline: true, hasMatchingOrder: false, unattachedOrderReference: made.reference })
    const listed = await call(t.app, endpoints.listTransactions, { token: s.token, query: { unattached: 'true' } })
    expect(listed.status).toBe(200)
    expect(listed.body.data.items.map((row: { id: string }) => row.id)).toContain(id)
    expect(listed.body.data.items.every((row: { unattachedOrderReference: string | null }) => row.unattachedOrderReference)).toBe(true)
    // The order is still open: it shows the credit to attach, and a fresh account of its own.
    const after = await orderData(t, s.token, made.reference)
    expect(after).toMatchObject({ status: 'pending', amountPaid: 0 })
    expect(after.unattachedPayments).toEqual([expect.objectContaining({ transactionId: id, amount: 1_000 * NAIRA })])
    expect(after.payAccount!.accountNumber).not.toBe(ownAccount(made).accountNumber)
    // Attached by creating an order for it, it leaves the list.
    const attached = await postOrder(t, s.token, { items: [line(s.small.id)], transactionReference: (await transaction(id)).reference })
    expect(attached.status, JSON.stringify(attached.body)).toBe(201)
    expect((await transaction(id)).unattachedOrderReference).toBeNull()
    expect((await orderData(t, s.token, made.reference)).unattachedPayments).toEqual([])
  })

  it('after the order is cancelled: unattached, the order untouched', async () => {
    const made = await order(t, s.token, { items: [line(s.small.id)] })
    const cancel = await call(t.app, endpoints.updateOrderStatus, {
      token: s.token,
      body: { reference: made.reference, status: 'abandoned' },
    })
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200)
    expect(cancel.body.data.payAccount).toBeNull()
    const res = await transferIn(t, ownAccount(made).accountNumber, 1_000 * NAIRA, '')
    expect((await transaction(res.body.data.transactionId)).unattachedOrderReference).toBe(made.reference)
    expect(await orderData(t, s.token, made.reference)).toMatchObject({ status: 'abandoned', amountPaid: 0 })
  })
})

describe('the provider down when the order is made', () => {
  it('the order is still made; its account is made when the order is shown later', async () => {
    provider.down = true
    const res = await postOrder(t, s.token, { items: [line(s.small.id)] })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.data.payAccount).toBeNull()
    expect(warnings.some((w) => w.includes(`no payment account for ${res.body.data.reference} yet`))).toBe(true)
    provider.down = false
    t.clock.advance(RETRY_AFTER_MS)
    const shown = await orderData(t, s.token, res.body.data.reference)
    expect(shown.payAccount).toMatchObject({ bankName: VIRTUAL_ACCOUNT_BANK.name, amount: 1_000 * NAIRA })
    const paid = await transferIn(t, shown.payAccount!.accountNumber, 1_000 * NAIRA, '')
    expect(paid.body.message).toBe(`Credit recorded as a payment of ${res.body.data.reference}`)
  })

  it('a job on the queue asks the provider again, backed off, with nobody opening the order', async () => {
    provider.down = true
    const res = await postOrder(t, s.token, { items: [line(s.small.id)] })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const reference = res.body.data.reference
    const accountOf = () => t.db.select().from(orderPaymentAccounts).where(eq(orderPaymentAccounts.orderId, res.body.data.id))
    // Only this kind: the shared database may hold other files' jobs, which are theirs to run.
    const worker = new JobWorker({
      db: t.db,
      handlers: new JobHandlers().register('create-order-account', ({ orderId }) => paymentAccountJob(t.deps, orderId)),
      clock: t.clock,
      logger: { info: () => {}, warn: () => {}, error: () => {} },
    })
    t.clock.advance(RETRY_AFTER_MS)
    expect(await worker.runDueJobs()).toMatchObject({ retried: 1 }) // still down: tried, and kept for later
    expect(await accountOf()).toEqual([])
    provider.down = false
    t.clock.advance(10 * 60_000)
    expect(await worker.runDueJobs()).toMatchObject({ done: 1 })
    const [made] = await accountOf()
    expect(made).toMatchObject({ status: 'active', amount: 1_000 * NAIRA })
    // The order shows the account the job made, and money into it pays the order.
    expect((await orderData(t, s.token, reference)).payAccount!.accountNumber).toBe(made!.accountNumber)
    const paid = await transferIn(t, made!.accountNumber, 1_000 * NAIRA, '')
    expect(paid.body.message).toBe(`Credit recorded as a payment of ${reference}`)
  })
})

describe('at the same moment', () => {
  it('the same notice 10 times at once pays the order once', async () => {
    const made = await order(t, s.token, { items: [line(s.small.id)] })
    const before = (await balances(t.db, s.vendor.id)).main
    const providerReference = `PRV-${randomUUID()}`
    const from = payer()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => transferIn(t, ownAccount(made).accountNumber, 1_000 * NAIRA, '', from, providerReference)),
    )
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200))
    expect(answers.filter((res) => !res.body.data.duplicate)).toHaveLength(1)
    expect(new Set(answers.map((res) => res.body.data.transactionId)).size).toBe(1)
    expect((await balances(t.db, s.vendor.id)).main).toBe(before + 1_000 * NAIRA)
    expect(await orderData(t, s.token, made.reference)).toMatchObject({ status: 'paid', amountPaid: 1_000 * NAIRA })
  })

  it('an order shown on several pages at once, with no account yet, gets one account', async () => {
    provider.down = true
    const res = await postOrder(t, s.token, { items: [line(s.small.id)] }, { shareable: true })
    provider.down = false
    t.clock.advance(RETRY_AFTER_MS)
    const code = publicCode(res.body.data)
    const shown = await Promise.all([
      orderData(t, s.token, res.body.data.reference),
      call(t.app, endpoints.publicOrder, { query: { code } }).then((page) => page.body.data),
      orderData(t, s.token, res.body.data.reference),
      call(t.app, endpoints.publicOrder, { query: { code } }).then((page) => page.body.data),
    ])
    const numbers = new Set(shown.map((data) => data.payAccount?.accountNumber))
    expect(numbers.size).toBe(1)
    expect([...numbers][0]).toMatch(/^\d{10}$/)
  })
})

describe('the sandbox bank', () => {
  it('answers the same account for an order while it lasts, and a fresh one once it has expired', async () => {
    const bank = new SandboxBankingProvider(t.db, t.clock)
    const orderReference = `ORD-${randomUUID().slice(0, 8).toUpperCase()}`
    const ask = () =>
      bank.createPaymentAccount({
        orderReference,
        amount: 500 * NAIRA,
        email: 'a@b.ng',
        expiresAt: new Date(t.clock.now().getTime() + HOUR_MS),
      })
    const first = await ask()
    expect(await ask()).toEqual(first)
    t.clock.advance(HOUR_MS)
    const renewed = await ask()
    expect(renewed.accountNumber).not.toBe(first.accountNumber)
    expect(renewed.providerReference).not.toBe(first.providerReference)
    // Without a database (the seed's bank), in memory, alike.
    const memory = new SandboxBankingProvider(undefined, t.clock)
    const kept = await memory.createPaymentAccount({
      orderReference,
      amount: 1,
      email: 'a@b.ng',
      expiresAt: new Date(t.clock.now().getTime() + HOUR_MS),
    })
    expect(isValidNuban(VIRTUAL_ACCOUNT_BANK.cbnCode, kept.accountNumber)).toBe(true)
  })
})
