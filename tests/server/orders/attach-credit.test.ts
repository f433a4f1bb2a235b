import { randomUUID } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { call, type TestApp } from '../harness'
import { expectLedgerConsistent, PIN } from '../money/helpers'
import { NAIRA, order, orderData, pay, type Payer, payer, postOrder, salesApp, type Shop, shop, transferIn, unitsOf } from './helpers'

/* Issue 42: Attach to order. An offline credit pays an open order the vendor picks, once, as a transfer quoting it would. */

let t: TestApp
beforeAll(async () => {
  t = await salesApp()
})

const line = (variantId: string, quantity = 1) => ({ variantId, quantity })

const transaction = (token: string, id: string) =>
  call(t.app, endpoints.transactionDetail, { token, query: { id } }).then((res) => res.body.data)

/** A credit into the main account quoting no order: an offline credit, unmatched. Answers its id. */
async function offlineCredit(v: Shop, amount: number, from: Payer = payer({ name: 'Emeka Nwosu' })): Promise<string> {
  // A minute apart, so two credits (and the payments they make) have an order a list can show.
  t.clock.advance(60_000)
  const res = await transferIn(t, v.wallets.main.accountNumber!, amount, 'Office lunch packs', from)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data.transactionId
}

const attach = (token: string, id: string, orderReference: string, key = randomUUID()) =>
  call(t.app, endpoints.attachCredit, { token, body: { id, orderReference }, headers: { 'idempotency-key': key } })

const candidates = (token: string, id: string, search?: string) => call(t.app, endpoints.attachCandidates, { token, query: { id, search } })

describe('POST /transaction/attach pays an open order with a credit', () => {
  it('part, then the rest: partially-paid then paid, the credits shown as its payments, stock taken once', async () => {
    const v = await shop(t)
    const data = await order(t, v.token, { items: [line(v.small.id, 2)], customer: { name: 'Bola Ade' } })
    const first = await offlineCredit(v, 500 * NAIRA)
    const res = await attach(v.token, first, data.reference.toLowerCase())
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.message).toBe(`Credit attached to order ${data.reference}`)
    expect(res.body.data.order).toMatchObject({ reference: data.reference, status: 'partially-paid', amountPaid: 500 * NAIRA })
    expect(res.body.data.transaction).toMatchObject({ id: first, hasMatchingOrder: true, orderReference: data.reference, isOffline: true })
    expect(await unitsOf(t, v.token, v.small.productId)).toEqual({ Small: 8, Large: 10 })

    const second = await offlineCredit(v, 1_500 * NAIRA, payer({ name: 'Tunde Bakare' }))
    expect((await attach(v.token, second, data.reference)).body.data.order).toMatchObject({ status: 'paid', amountPaid: 2_000 * NAIRA })
    const paid = await orderData(t, v.token, data.reference)
    expect(paid.payments.map((p) => [p.transactionId, p.amount])).toEqual([
      [first, 500 * NAIRA],
      [second, 1_500 * NAIRA],
    ])
    expect(paid.timeline.map((e) => e.message)).toContain(
      'Payment of ₦500.00 received (' + (await transaction(v.token, first)).reference + '): ₦1,500.00 still to pay',
    )
    // Stock was taken by the first payment only.
    expect(await unitsOf(t, v.token, v.small.productId)).toEqual({ Small: 8, Large: 10 })
    // The order's customer is whose money it was, as for a transfer quoting the reference.
    expect(await transaction(v.token, second)).toMatchObject({ customerId: paid.customer!.id, customerName: 'Bola Ade' })
    await expectLedgerConsistent(t.db, v.vendor.id)
  })

  it('more than is owed makes an overpayment, as a transfer quoting the reference does', async () => {
    const v = await shop(t)
    const data = await order(t, v.token, { kind: 'invoice', items: [line(v.small.id)] })
    const res = await attach(v.token, await offlineCredit(v, 1_200 * NAIRA), data.reference)
    expect(res.body.data.order).toMatchObject({ kind: 'invoice', status: 'overpayment', amountPaid: 1_200 * NAIRA })
    expect(res.body.message).toBe(`Credit attached to invoice ${data.reference}`)
  })

  it('once: a second attach of the credit is 409 CREDIT_ALREADY_USED naming the order, and changes nothing', async () => {
    const v = await shop(t)
    const a = await order(t, v.token, { items: [line(v.small.id, 2)] })
    const b = await order(t, v.token, { items: [line(v.small.id, 2)] })
    const credit = await offlineCredit(v, 500 * NAIRA)
    expect((await attach(v.token, credit, a.reference)).status).toBe(200)
    for (const reference of [a.reference, b.reference]) {
      const again = await attach(v.token, credit, reference)
      expect([again.status, again.body]).toEqual([
        409,
        { code: 'CREDIT_ALREADY_USED', message: `This credit already paid ${a.reference}; it cannot be attached again` },
      ])
    }
    expect((await orderData(t, v.token, a.reference)).amountPaid).toBe(500 * NAIRA)
    expect((await orderData(t, v.token, b.reference)).status).toBe('pending')
  })

  it('the same Idempotency-Key again is the first answer replayed, not a second payment', async () => {
    const v = await shop(t)
    const data = await order(t, v.token, { items: [line(v.small.id, 2)] })
    const credit = await offlineCredit(v, 500 * NAIRA)
    const key = randomUUID()
    const first = await attach(v.token, credit, data.reference, key)
    const replay = await attach(v.token, credit, data.reference, key)
    expect(replay.status).toBe(200)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.body).toEqual(first.body)
    expect((await orderData(t, v.token, data.reference)).amountPaid).toBe(500 * NAIRA)
  })

  it('of attaches of one credit at once (to one order or several), exactly one pays', async () => {
    const v = await shop(t)
    const orders = await Promise.all([1, 2, 3].map(() => order(t, v.token, { items: [line(v.small.id, 2)] })))
    const credit = await offlineCredit(v, 700 * NAIRA)
    const targets = [...orders, ...orders].map((o) => o.reference as string)
    const results = await Promise.all(targets.map((reference) => attach(v.token, credit, reference)))
    expect(results.map((res) => res.status).sort()).toEqual([200, 409, 409, 409, 409, 409])
    for (const res of results.filter((r) => r.status === 409)) expect(res.body.code).toBe('CREDIT_ALREADY_USED')
    const paid = await Promise.all(orders.map((o) => orderData(t, v.token, o.reference)))
    expect(paid.map((o) => o.amountPaid).sort((x, y) => x - y)).toEqual([0, 0, 700 * NAIRA])
    await expectLedgerConsistent(t.db, v.vendor.id)
  })

  it('an attach racing Create order and Mark as POS for the same credit: exactly one of the three takes it', async () => {
    const v = await shop(t)
    const data = await order(t, v.token, { items: [line(v.small.id, 2)] })
    const id = await offlineCredit(v, 700 * NAIRA)
    const { reference } = await transaction(v.token, id)
    const [attached, created, marked] = await Promise.all([
      attach(v.token, id, data.reference),
      postOrder(t, v.token, { items: [line(v.large.id)], transactionReference: reference }),
      call(t.app, endpoints.markPos, { token: v.token, body: { id } }),
    ])
    expect([attached.status, created.status, marked.status].filter((status) => status < 300)).toHaveLength(1)
    expect([attached.status, created.status, marked.status].filter((status) => status === 409)).toHaveLength(2)
  })
})

describe('what cannot be attached', () => {
  it('a credit turned into an order or marked as POS; and once attached, neither Create order nor Mark as POS', async () => {
    const v = await shop(t)
    const open = await order(t, v.token, { items: [line(v.small.id, 2)] })
    const ordered = await offlineCredit(v, 500 * NAIRA)
    const made = await order(t, v.token, {
      items: [line(v.large.id)],
      transactionReference: (await transaction(v.token, ordered)).reference,
    })
    const pos = await offlineCredit(v, 500 * NAIRA)
    expect((await call(t.app, endpoints.markPos, { token: v.token, body: { id: pos } })).status).toBe(200)
    expect((await attach(v.token, ordered, open.reference)).body).toEqual({
      code: 'CREDIT_ALREADY_USED',
      message: `This credit already paid ${made.reference}; it cannot be attached again`,
    })
    expect((await attach(v.token, pos, open.reference)).body).toEqual({
      code: 'CREDIT_ALREADY_USED',
      message: 'This credit is marked as POS, so it cannot be attached to an order',
    })

    const attached = await offlineCredit(v, 500 * NAIRA)
    expect((await attach(v.token, attached, open.reference)).status).toBe(200)
    const asOrder = await postOrder(t, v.token, {
      items: [line(v.large.id)],
      transactionReference: (await transaction(v.token, attached)).reference,
    })
    expect([asOrder.status, asOrder.body.code]).toEqual([409, 'TRANSACTION_NOT_MATCHABLE'])
    const asPos = await call(t.app, endpoints.markPos, { token: v.token, body: { id: attached } })
    expect([asPos.status, asPos.body.code]).toEqual([409, 'NOT_MARKABLE_AS_POS'])
    expect((await orderData(t, v.token, open.reference)).amountPaid).toBe(500 * NAIRA)
  })

  it('a debit, a credit that paid by reference, and orders paid or closed: 409 saying why, nothing changed', async () => {
    const v = await shop(t, { balance: 10_000 * NAIRA })
    const open = await order(t, v.token, { items: [line(v.small.id, 2)] })
    const paid = await order(t, v.token, { items: [line(v.small.id)] })
    const byReference = await pay(t, v, paid.reference, 1_000 * NAIRA)
    const abandoned = await order(t, v.token, { items: [line(v.small.id)] })
    const changed = await call(t.app, endpoints.updateOrderStatus, {
      token: v.token,
      body: { reference: abandoned.reference, status: 'abandoned' },
    })
    expect(changed.status).toBe(200)
    // A refund of part of it: a debit of the main wallet.
    const refund = await call(t.app, endpoints.refundOrder, {
      token: v.token,
      body: { reference: paid.reference, status: 'refunded', amount: 100 * NAIRA, pin: PIN },
      headers: { 'idempotency-key': randomUUID() },
    })
    expect(refund.status, JSON.stringify(refund.body)).toBe(200)
    const debit = (await call(t.app, endpoints.listTransactions, { token: v.token, query: { type: 'debit' } })).body.data.items[0]
    const credit = await offlineCredit(v, 500 * NAIRA)
    const cases: [string, string, string, string][] = [
      [debit?.id ?? 'none', open.reference, 'CREDIT_NOT_ATTACHABLE', 'Only money received (a credit) can be attached to an order'],
      [byReference, open.reference, 'CREDIT_ALREADY_USED', `This credit already paid ${paid.reference}; it cannot be attached again`],
      [
        credit,
        paid.reference,
        'ORDER_NOT_PAYABLE',
        `Order ${paid.reference} is paid: only a pending or partially-paid one can take a credit`,
      ],
      [
        credit,
        abandoned.reference,
        'ORDER_NOT_PAYABLE',
        `Order ${abandoned.reference} is abandoned: only a pending or partially-paid one can take a credit`,
      ],
    ]
    for (const [id, reference, code, message] of cases) {
      const res = await attach(v.token, id, reference)
      expect([res.status, res.body], message).toEqual([409, { code, message }])
    }
    expect(await transaction(v.token, credit)).toMatchObject({ hasMatchingOrder: false, orderReference: null })
    expect((await orderData(t, v.token, paid.reference)).amountPaid).toBe(1_000 * NAIRA)
  })

  it("another vendor's credit or order is not found", async () => {
    const v = await shop(t)
    const other = await shop(t)
    const mine = await order(t, v.token, { items: [line(v.small.id)] })
    const theirs = await order(t, other.token, { items: [line(other.small.id)] })
    const myCredit = await offlineCredit(v, 500 * NAIRA)
    const theirCredit = await offlineCredit(other, 500 * NAIRA)
    expect((await attach(v.token, theirCredit, mine.reference)).body).toEqual({ code: 'NOT_FOUND', message: 'Transaction not found' })
    expect((await attach(v.token, myCredit, theirs.reference)).body).toEqual({ code: 'NOT_FOUND', message: 'Order not found' })
    expect((await candidates(v.token, theirCredit)).status).toBe(404)
    expect(await transaction(other.token, theirCredit)).toMatchObject({ hasMatchingOrder: false })
    expect((await orderData(t, other.token, theirs.reference)).amountPaid).toBe(0)
  })
})

describe('GET /transaction/attach/orders', () => {
  it("lists the payer's open orders newest first; a search finds any open order by reference or customer name", async () => {
    const v = await shop(t)
    const from = payer({ name: 'Bola Ade' })
    // Bola's order, part-paid from Bola's account by reference: the account becomes Bola's.
    const first = await order(t, v.token, { items: [line(v.small.id, 2)], customer: { name: 'Bola Ade' } })
    await pay(t, v, first.reference, 500 * NAIRA, from)
    const bola = (await orderData(t, v.token, first.reference)).customer!.id
    // A minute later, so newest first is one order (the test clock stands still otherwise).
    t.clock.advance(60_000)
    const second = await order(t, v.token, { kind: 'invoice', items: [line(v.large.id)], customerId: bola })
    const done = await order(t, v.token, { items: [line(v.small.id)], customerId: bola })
    await pay(t, v, done.reference, 1_000 * NAIRA, from)
    const someone = await order(t, v.token, { items: [line(v.small.id)], customer: { name: 'Chidi Okafor' } })

    const credit = await offlineCredit(v, 300 * NAIRA, from)
    const listed = await candidates(v.token, credit)
    expect(listed.status).toBe(200)
    expect(listed.body.data.items.map((o) => [o.reference, o.status, o.amountDue, o.match])).toEqual([
      [second.reference, 'pending', 1_500 * NAIRA, 'payer'],
      [first.reference, 'partially-paid', 1_500 * NAIRA, 'payer'],
    ])
    const found = await candidates(v.token, credit, 'chidi')
    expect(found.body.data.items.map((o) => [o.reference, o.match])).toEqual([[someone.reference, 'search']])
    const byReference = await candidates(v.token, credit, second.reference.slice(-5).toLowerCase())
    expect(byReference.body.data.items.map((o) => [o.reference, o.match])).toEqual([[second.reference, 'payer']])
    // The paid order is not offered, even searched for.
    expect((await candidates(v.token, credit, done.reference)).body.data.items).toEqual([])
  })
})
