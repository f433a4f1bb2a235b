import { randomUUID } from 'node:crypto'

import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { customers, orders } from '#server/db/sales-schema'
import { transactions } from '#server/db/schema'
import type { BankingProvider, TransferRequest, TransferResult } from '#server/money/bank-provider'
import { SANDBOX_SERIALS, SandboxBankingProvider } from '#server/money/sandbox-bank'
import { RECOVER_AFTER_MS, recoverPendingTransfers } from '#server/money/transfers'

import { call, type TestApp, unchecked } from '../harness'
import { balances, enquiry, expectLedgerConsistent, PIN, send } from '../money/helpers'
import { NAIRA, order, orderData, pay, payer, salesApp, type Shop, shop, transferIn, unitsOf } from './helpers'

/*
 * Money paths running into each other. On PostgreSQL (TEST_DATABASE_URL, as CI runs the suite a second time) these
 * really run at once, so a lock taken out of order (orders → transaction row → wallets → stock, everywhere) shows
 * up as a deadlock (40P01, a 500); on PGlite they interleave between statements.
 */

let t: TestApp
beforeAll(async () => {
  t = await salesApp()
})

const tray = (amount = 1_000 * NAIRA) => ({ items: [{ name: 'Tray', amount, quantity: 1 }] })

function refund(app: TestApp, s: Shop, body: Record<string, unknown>) {
  return call(app.app, endpoints.refundOrder, {
    token: s.token,
    headers: { 'idempotency-key': randomUUID() },
    body: unchecked({ status: 'refunded', pin: PIN, ...body }),
  })
}

describe('payments at once', () => {
  it('two transfers paying two orders of one anonymous customer: both land, and the customer gets one name', async () => {
    const s = await shop(t, { balance: 0 })
    for (let round = 0; round < 3; round++) {
      const first = await order(t, s.token, tray())
      // An order without a customer still gets one, anonymous, whom the next order and the payments share.
      expect(first.customer).not.toBeNull()
      const second = await order(t, s.token, { ...tray(), customerId: first.customer!.id })
      const results = await Promise.all([
        transferIn(t, s.wallets.main.accountNumber!, 1_000 * NAIRA, `For ${first.reference}`, payer({ name: `First ${round}` })),
        transferIn(t, s.wallets.main.accountNumber!, 1_000 * NAIRA, `For ${second.reference}`, payer({ name: `Second ${round}` })),
      ])
      for (const res of results) expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect((await orderData(t, s.token, first.reference)).status).toBe('paid')
      expect((await orderData(t, s.token, second.reference)).status).toBe('paid')
      // Whoever linked the customer named it; both orders show that name, not "Anonymous customer".
      const [customer] = await t.db.select().from(customers).where(eq(customers.id, first.customer!.id))
      expect(customer!.isAnonymous).toBe(false)
      const rows = await t.db
        .select()
        .from(orders)
        .where(and(eq(orders.vendorId, s.vendor.id), eq(orders.customerId, customer!.id)))
      expect(rows.map((row) => row.customerName)).toEqual([customer!.name, customer!.name])
    }
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('refunds, payments and sends of one vendor at once: nothing deadlocks and the books balance', async () => {
    const s = await shop(t, { balance: 100_000 * NAIRA })
    const references: string[] = []
    for (let i = 0; i < 4; i++) {
      const data = await order(t, s.token, { items: [{ variantId: s.small.id, quantity: 1 }] })
      await pay(t, s, data.reference, 500 * NAIRA)
      references.push(data.reference)
    }
    // One whose refund the bank declines, so a reversal (transaction row → wallets) runs among the others.
    const declined = await order(t, s.token, tray())
    await pay(t, s, declined.reference, 1_000 * NAIRA, payer({ serial: SANDBOX_SERIALS.transferFails }))
    const requestIds = await Promise.all([1, 2].map(() => enquiry(t, s)))
    const results = await Promise.all([
      ...references.map((reference) => refund(t, s, { reference, amount: 100 * NAIRA })),
      refund(t, s, { reference: declined.reference }),
      ...references.map((reference) => transferIn(t, s.wallets.main.accountNumber!, 100 * NAIRA, `For ${reference}`)),
      ...requestIds.map((requestId) => send(t, s.token, { amount: 100 * NAIRA, requestId })),
    ])
    for (const res of results) expect([200, 201], JSON.stringify(res.body)).toContain(res.status)
    for (const reference of references) {
      // The payment either came before the refund (600 paid) or found the order refund-pending/refunded (offline).
      const data = await orderData(t, s.token, reference)
      expect(data.amountRefunded).toBe(100 * NAIRA)
      expect([500 * NAIRA, 600 * NAIRA]).toContain(data.amountPaid)
    }
    expect((await orderData(t, s.token, declined.reference)).status).toBe('refund-failed')
    await expectLedgerConsistent(t.db, s.vendor.id)
  })
})

/** The sandbox, but transfers can be made to hang (the process "dies" before the bank hears of them). */
class CrashingBank extends SandboxBankingProvider implements BankingProvider {
  crashing = true
  override transfer(request: TransferRequest): Promise<TransferResult> {
    return this.crashing ? new Promise(() => {}) : super.transfer(request)
  }
}

describe('a refund whose process dies after the debit commits', () => {
  it('stays refund-pending with the money held; recovery sends it and settles the refund and the order', async () => {
    const bank = new CrashingBank()
    const app = await salesApp({ banking: bank, transferTimeoutMs: 20 })
    const s = await shop(app, { balance: 1_000 * NAIRA })
    const data = await order(app, s.token, { items: [{ variantId: s.small.id, quantity: 2 }] })
    await pay(app, s, data.reference, 2_000 * NAIRA)
    const before = (await balances(app.db, s.vendor.id)).main
    const res = await refund(app, s, { reference: data.reference })
    expect(res.body.data).toMatchObject({ status: 'refund-pending', refundableAmount: 0, refunds: [{ status: 'pending' }] })
    expect((await balances(app.db, s.vendor.id)).main).toBe(before - 2_000 * NAIRA - 10 * NAIRA)

    // The bank never heard of it: recovery (a new process) submits it under the same reference.
    bank.crashing = false
    app.clock.advance(RECOVER_AFTER_MS + 1)
    expect(await recoverPendingTransfers(app.deps, { vendorId: s.vendor.id })).toMatchObject({ checked: 1, succeeded: 1 })
    expect(await orderData(app, s.token, data.reference)).toMatchObject({
      status: 'refunded',
      amountRefunded: 2_000 * NAIRA,
      refunds: [{ status: 'success' }],
    })
    expect((await unitsOf(app, s.token, s.small.productId)).Small).toBe(10)
    const debits = await app.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.vendorId, s.vendor.id), eq(transactions.type, 'debit')))
    expect(debits).toHaveLength(1)
    expect((await balances(app.db, s.vendor.id)).main).toBe(before - 2_000 * NAIRA - 10 * NAIRA)
    await expectLedgerConsistent(app.db, s.vendor.id)
  })
})
