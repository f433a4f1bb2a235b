import { randomUUID } from 'node:crypto'

import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { transactions, vendors } from '#server/db/schema'
import { SANDBOX_FAILURE_REASON, SANDBOX_PENDING_FAILURE_REASON, SANDBOX_SERIALS } from '#server/money/sandbox-bank'
import { RECOVER_AFTER_MS, recoverPendingTransfers } from '#server/money/transfers'

import { call, type TestApp, unchecked } from '../harness'
import { balances, expectLedgerConsistent, PIN } from '../money/helpers'
import { NAIRA, order, orderData, pay, type Payer, payer, publicCode, salesApp, type Shop, shop, transferIn, unitsOf } from './helpers'

/*
 * PUT /order: the money goes back by bank transfer to the account that paid, through the ledger (debit + fee,
 * pending until the bank answers), idempotently, never above what was paid. docs/sandbox-banking.md's serials
 * choose what the bank does.
 */

let t: TestApp
beforeAll(async () => {
  t = await salesApp()
})

const FEE = 10 * NAIRA // BELOW5000

function refund(s: Shop, body: Record<string, unknown>, key: string = randomUUID()) {
  return call(t.app, endpoints.refundOrder, {
    token: s.token,
    headers: { 'idempotency-key': key },
    body: unchecked({ status: 'refunded', pin: PIN, ...body }),
  })
}

/** A shop whose ₦2,000 order (2 × Small) was paid by `from`. */
async function paidOrder(options: { from?: Payer; balance?: number } = {}) {
  const s = await shop(t, { balance: options.balance ?? 1_000 * NAIRA })
  const data = await order(t, s.token, { items: [{ variantId: s.small.id, quantity: 2 }] })
  await pay(t, s, data.reference, 2_000 * NAIRA, options.from ?? payer())
  return { s, reference: data.reference as string }
}

const refundDebits = (vendorId: string, reference: string) =>
  t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.vendorId, vendorId), eq(transactions.orderReference, reference), eq(transactions.type, 'debit')))

describe('PUT /order refunds', () => {
  it('FULL (amount omitted): everything paid goes back to the payer; refunded; stock returned; wallet − amount − fee', async () => {
    const from = payer({ name: 'Zainab Yusuf' })
    const { s, reference } = await paidOrder({ from })
    expect(await unitsOf(t, s.token, s.small.productId)).toMatchObject({ Small: 8 })
    const before = (await balances(t.db, s.vendor.id)).main
    const res = await refund(s, { reference, narration: 'Out of stock' })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Refund sent to the customer')
    expect(res.body.data).toMatchObject({
      status: 'refunded',
      amountPaid: 2_000 * NAIRA,
      amountRefunded: 2_000 * NAIRA,
      refundableAmount: 0,
      canRefund: false,
      refunds: [{ amount: 2_000 * NAIRA, status: 'success', reason: 'Out of stock', failureReason: null }],
    })
    const [debit] = await refundDebits(s.vendor.id, reference)
    expect(debit).toMatchObject({
      status: 'success',
      amount: 2_000 * NAIRA,
      fee: FEE,
      beneficiaryAccountNumber: from.accountNumber,
      beneficiaryAccountName: 'Zainab Yusuf',
      beneficiaryBankName: 'Access Bank',
      beneficiaryBankCode: '044',
      narration: `Refund for ${reference}`,
    })
    expect(res.body.data.refunds[0]!.transactionReference).toBe(debit!.reference)
    expect((await balances(t.db, s.vendor.id)).main).toBe(before - 2_000 * NAIRA - FEE)
    expect(await unitsOf(t, s.token, s.small.productId)).toMatchObject({ Small: 10 })
    expect(res.body.data.timeline.slice(-3).map((event: { kind: string; message: string }) => [event.kind, event.message])).toEqual([
      ['refund', `Refund of ₦2,000.00 sent to Zainab Yusuf (Access Bank ${from.accountNumber}): Out of stock`],
      ['refund', 'Refund of ₦2,000.00 reached the customer’s account'],
      ['stock', 'Returned 2 units to stock'],
    ])
    await expectLedgerConsistent(t.db, s.vendor.id)
    const again = await refund(s, { reference })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ code: 'REFUND_NOT_ALLOWED', message: 'This order has already been refunded in full' })
  })

  it('PARTIAL: the order stays paid and can still be fulfilled; refunded only once everything paid is back; 422 above it', async () => {
    const { s, reference } = await paidOrder()
    const over = await refund(s, { reference, amount: 2_000 * NAIRA + 1 })
    expect(over.status).toBe(422)
    expect(over.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'amount: must not exceed the amount paid (₦2,000.00)' })

    const first = await refund(s, { reference, amount: 500 * NAIRA })
    expect(first.body.data).toMatchObject({
      status: 'paid',
      amountRefunded: 500 * NAIRA,
      refundableAmount: 1_500 * NAIRA,
      canRefund: true,
      allowedStatuses: ['fulfilled'],
    })
    // Stock stays out until everything paid has gone back.
    expect((await unitsOf(t, s.token, s.small.productId)).Small).toBe(8)
    expect((await refund(s, { reference, amount: 1_000 * NAIRA })).body.data.amountRefunded).toBe(1_500 * NAIRA)
    const above = await refund(s, { reference, amount: 600 * NAIRA })
    expect(above.status).toBe(422)
    expect(above.body.message).toBe('amount: must not exceed the amount paid less earlier refunds (₦500.00)')
    const last = await refund(s, { reference, amount: 500 * NAIRA })
    expect(last.body.data).toMatchObject({
      status: 'refunded',
      amountRefunded: 2_000 * NAIRA,
      refundableAmount: 0,
      canRefund: false,
      allowedStatuses: [],
    })
    expect(last.body.data.refunds).toHaveLength(3)
    expect((await unitsOf(t, s.token, s.small.productId)).Small).toBe(10)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('the customer’s payment page carries what came back: part of it, then all', async () => {
    const s = await shop(t, { balance: 1_000 * NAIRA })
    const data = await order(t, s.token, { items: [{ variantId: s.small.id, quantity: 2 }] }, { shareable: true })
    await pay(t, s, data.reference, 2_000 * NAIRA)
    const code = publicCode(data)
    const page = () => call(t.app, endpoints.publicOrder, { query: { code } }).then((res) => res.body.data)
    await refund(s, { reference: data.reference, amount: 500 * NAIRA })
    expect(await page()).toMatchObject({ status: 'paid', amountPaid: 2_000 * NAIRA, amountDue: 0, amountRefunded: 500 * NAIRA })
    await refund(s, { reference: data.reference })
    expect(await page()).toMatchObject({ status: 'refunded', amountRefunded: 2_000 * NAIRA })
  })

  it('a fulfilled or overpaid order can be refunded; an unpaid one cannot', async () => {
    const { s, reference } = await paidOrder()
    await call(t.app, endpoints.updateOrderStatus, { token: s.token, body: { reference, status: 'fulfilled' } })
    expect((await refund(s, { reference, amount: 100 })).body.data.status).toBe('fulfilled')

    const over = await order(t, s.token, { items: [{ name: 'Tray', amount: 1_000 * NAIRA, quantity: 1 }] })
    await pay(t, s, over.reference, 1_500 * NAIRA)
    expect((await refund(s, { reference: over.reference, amount: 500 * NAIRA })).body.data).toMatchObject({
      status: 'overpayment',
      refundableAmount: 1_000 * NAIRA,
    })

    const unpaid = await order(t, s.token, { items: [{ name: 'Tray', amount: 1_000 * NAIRA, quantity: 1 }] })
    const res = await refund(s, { reference: unpaid.reference })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('Cannot refund an order that is pending: only a paid order can be refunded')
  })

  it('bad input is 422 naming the field', async () => {
    const { s, reference } = await paidOrder()
    const cases: [Record<string, unknown>, string][] = [
      [{ reference, amount: 0 }, 'amount: must be more than zero'],
      [{ reference, amount: 10.5 }, 'amount: must be a whole number of kobo'],
      [{ reference, status: 'paid' }, 'status: must be refunded'],
      [{ amount: 100 }, 'reference: is required'],
    ]
    for (const [body, message] of cases) {
      const res = await refund(s, body)
      expect(res.status, message).toBe(422)
      expect(res.body.message).toBe(message)
    }
    expect((await refundDebits(s.vendor.id, reference)).length).toBe(0)
  })

  it('goes to the account of the newest payment, and ignores the third-party transfer switch (it only returns money)', async () => {
    const s = await shop(t, { balance: 1_000 * NAIRA })
    await t.db.update(vendors).set({ thirdPartyTransfers: false }).where(eq(vendors.id, s.vendor.id))
    const data = await order(t, s.token, { items: [{ name: 'Tray', amount: 2_000 * NAIRA, quantity: 1 }] })
    await pay(t, s, data.reference, 1_000 * NAIRA, payer({ name: 'First Payer' }))
    t.clock.advance(1_000)
    const second = payer({ name: 'Second Payer', bankCode: '50211' })
    await pay(t, s, data.reference, 1_000 * NAIRA, second)
    expect((await refund(s, { reference: data.reference })).status).toBe(200)
    const [debit] = await refundDebits(s.vendor.id, data.reference)
    // At most what that account paid: the first payer's share is the next refund's (refund-accounts.test.ts).
    expect(debit).toMatchObject({
      beneficiaryAccountNumber: second.accountNumber,
      beneficiaryBankCode: '50211',
      status: 'success',
      amount: 1_000 * NAIRA,
    })
  })

  it('422 when the payment came from a bank we cannot send to, and nothing moves', async () => {
    const s = await shop(t, { balance: 1_000 * NAIRA })
    const data = await order(t, s.token, { items: [{ name: 'Tray', amount: 1_000 * NAIRA, quantity: 1 }] })
    await pay(t, s, data.reference, 1_000 * NAIRA, { ...payer(), bankName: 'Mystery Savings and Loans' })
    const before = await balances(t.db, s.vendor.id)
    const res = await refund(s, { reference: data.reference })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      code: 'NO_REFUND_ACCOUNT',
      message: 'The payment came from Mystery Savings and Loans, which we cannot send a refund to; refund the customer another way',
    })
    expect(await balances(t.db, s.vendor.id)).toEqual(before)
  })

  it('422 INSUFFICIENT_FUNDS when the wallet cannot cover amount + fee; nothing changes and the key can be used again', async () => {
    const { s, reference } = await paidOrder({ balance: 0 })
    expect((await balances(t.db, s.vendor.id)).main).toBe(2_000 * NAIRA)
    const key = randomUUID()
    const res = await refund(s, { reference }, key)
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ message: 'Insufficient balance', code: 'INSUFFICIENT_FUNDS' })
    expect(await orderData(t, s.token, reference)).toMatchObject({
      status: 'paid',
      amountRefunded: 0,
      refundableAmount: 2_000 * NAIRA,
      refunds: [],
    })
    expect((await refundDebits(s.vendor.id, reference)).length).toBe(0)
    expect((await balances(t.db, s.vendor.id)).main).toBe(2_000 * NAIRA)
    const smaller = await refund(s, { reference, amount: 1_990 * NAIRA }, key)
    expect(smaller.status).toBe(200)
    expect((await balances(t.db, s.vendor.id)).main).toBe(0)
  })
})

describe('refunds are idempotent and never exceed the amount paid', () => {
  it('the same Idempotency-Key replays the first answer: one debit, the balance debited once', async () => {
    const { s, reference } = await paidOrder()
    const before = (await balances(t.db, s.vendor.id)).main
    const key = randomUUID()
    const first = await refund(s, { reference, amount: 700 * NAIRA }, key)
    const replay = await refund(s, { reference, amount: 700 * NAIRA }, key)
    expect(first.status).toBe(200)
    expect(replay.status).toBe(200)
    expect(replay.body).toEqual(first.body)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(await refundDebits(s.vendor.id, reference)).toHaveLength(1)
    expect((await balances(t.db, s.vendor.id)).main).toBe(before - 700 * NAIRA - FEE)
    const burst = await Promise.all(Array.from({ length: 5 }, () => refund(s, { reference, amount: 700 * NAIRA }, key)))
    expect(burst.every((res) => res.status === 200 || res.body.code === 'IDEMPOTENCY_IN_PROGRESS')).toBe(true)
    expect(await refundDebits(s.vendor.id, reference)).toHaveLength(1)
    const mismatch = await refund(s, { reference, amount: 800 * NAIRA }, key)
    expect(mismatch.status).toBe(409)
    expect(mismatch.body.code).toBe('IDEMPOTENCY_MISMATCH')
  })

  it('concurrent refunds with different keys never return more than was paid', async () => {
    const { s, reference } = await paidOrder()
    const before = (await balances(t.db, s.vendor.id)).main
    const results = await Promise.all(Array.from({ length: 4 }, () => refund(s, { reference, amount: 800 * NAIRA })))
    for (const res of results) expect([200, 409, 422], JSON.stringify(res.body)).toContain(res.status)
    const ok = results.filter((res) => res.status === 200).length
    expect(ok).toBeGreaterThanOrEqual(1)
    expect(ok).toBeLessThanOrEqual(2)
    const after = await orderData(t, s.token, reference)
    expect(after.amountRefunded).toBe(ok * 800 * NAIRA)
    expect(after.amountRefunded).toBeLessThanOrEqual(after.amountPaid)
    expect(await refundDebits(s.vendor.id, reference)).toHaveLength(ok)
    expect((await balances(t.db, s.vendor.id)).main).toBe(before - ok * (800 * NAIRA + FEE))
    await expectLedgerConsistent(t.db, s.vendor.id)
  })
})

describe('when the bank says no, or later', () => {
  async function recoverLater(vendorId: string) {
    t.clock.advance(RECOVER_AFTER_MS + 1)
    return recoverPendingTransfers(t.deps, { vendorId })
  }

  it('declined at once: the debit and fee come back, the refund fails with the reason; a partial one leaves the order paid', async () => {
    const { s, reference } = await paidOrder({ from: payer({ serial: SANDBOX_SERIALS.transferFails }) })
    const before = await balances(t.db, s.vendor.id)
    const res = await refund(s, { reference, amount: 1_000 * NAIRA })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Refund failed and your balance has been restored')
    expect(res.body.data).toMatchObject({
      status: 'paid',
      amountRefunded: 0,
      refundableAmount: 2_000 * NAIRA,
      canRefund: true,
      refunds: [{ amount: 1_000 * NAIRA, status: 'failed', failureReason: SANDBOX_FAILURE_REASON }],
    })
    expect(res.body.data.timeline.at(-1)!.message).toBe(
      `Refund of ₦1,000.00 failed (${SANDBOX_FAILURE_REASON}); the money is back in your wallet`,
    )
    expect(await balances(t.db, s.vendor.id)).toEqual(before)
    expect((await unitsOf(t, s.token, s.small.productId)).Small).toBe(8)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('pending: refund-pending (no second refund meanwhile) until recovery hears success, then refunded', async () => {
    const { s, reference } = await paidOrder({ from: payer({ serial: SANDBOX_SERIALS.pendingThenSuccess }) })
    const before = (await balances(t.db, s.vendor.id)).main
    const res = await refund(s, { reference })
    expect(res.body.message).toBe('Refund is processing; the order will update when the bank answers')
    expect(res.body.data).toMatchObject({
      status: 'refund-pending',
      amountRefunded: 0,
      refundableAmount: 0,
      canRefund: false,
      refunds: [{ status: 'pending' }],
    })
    const meanwhile = await refund(s, { reference, amount: 100 })
    expect(meanwhile.status).toBe(409)
    expect(meanwhile.body.message).toBe('A refund of this order is still with the bank; wait for its outcome')
    expect((await balances(t.db, s.vendor.id)).main).toBe(before - 2_000 * NAIRA - FEE)

    expect(await recoverLater(s.vendor.id)).toMatchObject({ checked: 1, succeeded: 1 })
    const settled = await orderData(t, s.token, reference)
    expect(settled).toMatchObject({ status: 'refunded', amountRefunded: 2_000 * NAIRA, refunds: [{ status: 'success' }] })
    expect((await unitsOf(t, s.token, s.small.productId)).Small).toBe(10)
    expect((await balances(t.db, s.vendor.id)).main).toBe(before - 2_000 * NAIRA - FEE)
    expect(await recoverLater(s.vendor.id)).toMatchObject({ checked: 0 })
  })

  it('pending then failed through recovery: money back, refund-failed, and it may be refunded again', async () => {
    const { s, reference } = await paidOrder({ from: payer({ serial: SANDBOX_SERIALS.pendingThenFailed }) })
    const before = await balances(t.db, s.vendor.id)
    expect((await refund(s, { reference })).body.data.status).toBe('refund-pending')
    expect(await recoverLater(s.vendor.id)).toMatchObject({ failed: 1 })
    expect(await orderData(t, s.token, reference)).toMatchObject({
      status: 'refund-failed',
      refundableAmount: 2_000 * NAIRA,
      canRefund: true,
      refunds: [{ status: 'failed', failureReason: SANDBOX_PENDING_FAILURE_REASON }],
    })
    expect(await balances(t.db, s.vendor.id)).toEqual(before)
    await expectLedgerConsistent(t.db, s.vendor.id)
    // The same account: pending again; the order goes back to refund-pending.
    expect((await refund(s, { reference, amount: 100 })).body.data.status).toBe('refund-pending')
    // That partial refund fails too: refund-failed; it is the failed full refund's status that said so.
    expect(await recoverLater(s.vendor.id)).toMatchObject({ failed: 1 })
    expect((await orderData(t, s.token, reference)).status).toBe('refund-failed')
  })

  it('pending partial refunds keep a fulfilled order fulfilled; the last of the money makes it refund-pending, then refunded', async () => {
    const { s, reference } = await paidOrder({ from: payer({ serial: SANDBOX_SERIALS.pendingThenSuccess }) })
    await call(t.app, endpoints.updateOrderStatus, { token: s.token, body: { reference, status: 'fulfilled' } })
    // A pending partial refund keeps the order's status meanwhile, and a second one may go too.
    expect((await refund(s, { reference, amount: 500 * NAIRA })).body.data).toMatchObject({ status: 'fulfilled', canRefund: true })
    expect((await refund(s, { reference, amount: 300 * NAIRA })).body.data.status).toBe('fulfilled')
    expect(await recoverLater(s.vendor.id)).toMatchObject({ succeeded: 2 })
    expect(await orderData(t, s.token, reference)).toMatchObject({
      status: 'fulfilled',
      amountRefunded: 800 * NAIRA,
      refundableAmount: 1_200 * NAIRA,
    })
    // The rest: refund-pending while the bank has it, refunded when it arrives.
    expect((await refund(s, { reference })).body.data.status).toBe('refund-pending')
    expect(await recoverLater(s.vendor.id)).toMatchObject({ succeeded: 1 })
    expect(await orderData(t, s.token, reference)).toMatchObject({ status: 'refunded', amountRefunded: 2_000 * NAIRA })
  })

  it('two recovery runs at once settle a refund once', async () => {
    const { s, reference } = await paidOrder({ from: payer({ serial: SANDBOX_SERIALS.pendingThenSuccess }) })
    await refund(s, { reference })
    t.clock.advance(RECOVER_AFTER_MS + 1)
    await Promise.all([
      recoverPendingTransfers(t.deps, { vendorId: s.vendor.id }),
      recoverPendingTransfers(t.deps, { vendorId: s.vendor.id }),
    ])
    const settled = await orderData(t, s.token, reference)
    expect(settled).toMatchObject({ status: 'refunded', amountRefunded: 2_000 * NAIRA })
    expect(settled.timeline.filter((event: { message: string }) => event.message.includes('reached'))).toHaveLength(1)
    expect((await unitsOf(t, s.token, s.small.productId)).Small).toBe(10)
  })
})

describe('a refunded order and new money', () => {
  it('a transfer quoting a refunded order is an ordinary offline credit', async () => {
    const { s, reference } = await paidOrder()
    await refund(s, { reference })
    const res = await transferIn(t, s.wallets.main.accountNumber!, 100 * NAIRA, `Again ${reference}`)
    expect(res.body.message).toBe('Credit recorded')
    expect((await orderData(t, s.token, reference)).amountPaid).toBe(2_000 * NAIRA)
  })
})
