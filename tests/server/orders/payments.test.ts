import { randomUUID } from 'node:crypto'

import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { customers } from '#server/db/sales-schema'
import { orderReferenceIn } from '#server/orders/inbound'

import { call, type TestApp } from '../harness'
import { balances, expectLedgerConsistent, PIN } from '../money/helpers'
import { NAIRA, order, orderData, pay, payer, postOrder, publicCode, salesApp, type Shop, shop, transferIn, unitsOf } from './helpers'

/* Money for orders: transfers quoting a reference pay it; offline credits get an order once; stock moves on payment. */

let t: TestApp
let s: Shop
beforeAll(async () => {
  t = await salesApp()
  s = await shop(t)
})

const transaction = (token: string, id: string) =>
  call(t.app, endpoints.transactionDetail, { token, query: { id } }).then((res) => res.body.data)

const line = (variantId: string, quantity = 1) => ({ variantId, quantity })

describe('a transfer quoting the order reference pays the order', () => {
  it('finds the reference in a narration: any case, O/I/L read as 0/1, never inside a longer word', () => {
    expect(orderReferenceIn('pay ord-7q2k91xm thanks')).toBe('ORD-7Q2K91XM')
    expect(orderReferenceIn('INV-O0IL1234 and ORD-AAAAAAAA')).toBe('INV-00111234')
    expect(orderReferenceIn('ORD-123456789')).toBeNull()
    expect(orderReferenceIn('XORD-12345678')).toBeNull()
    expect(orderReferenceIn(null)).toBeNull()
  })

  it('the exact amount: paid, and the credit is recorded as matched (not offline), with the payer as customer', async () => {
    const data = await order(t, s.token, { items: [line(s.small.id, 2)] }, { shareable: true })
    const from = payer({ name: 'Ifeoma Obi' })
    const res = await transferIn(t, s.wallets.main.accountNumber!, 2_000 * NAIRA, `Pay ${data.reference.toLowerCase()} thanks`, from)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(`Credit recorded as a payment of ${data.reference}`)
    const credit = await transaction(s.token, res.body.data.transactionId)
    expect(credit).toMatchObject({
      type: 'credit',
      status: 'success',
      isOffline: false,
      hasMatchingOrder: true,
      hasShareableOrder: true,
      orderReference: data.reference,
      customerName: 'Ifeoma Obi',
    })
    expect(credit.customerId).toEqual(expect.any(String))
    const paid = await orderData(t, s.token, data.reference)
    expect(paid).toMatchObject({
      status: 'paid',
      amountPaid: 2_000 * NAIRA,
      refundableAmount: 2_000 * NAIRA,
      canRefund: true,
      allowedStatuses: ['fulfilled'],
    })
    // The order named nobody: its anonymous customer is now the account holder who paid.
    expect(paid.customer).toMatchObject({ id: credit.customerId, name: 'Ifeoma Obi', isAnonymous: false })
    expect(paid.payments).toEqual([
      {
        transactionId: credit.id,
        reference: credit.reference,
        amount: 2_000 * NAIRA,
        payerName: 'Ifeoma Obi',
        payerBankName: 'Access Bank',
        payerAccountNumber: from.accountNumber,
        createdAt: credit.createdAt,
      },
    ])
    expect(paid.timeline.map((event: { kind: string }) => event.kind)).toEqual(['created', 'shared', 'payment', 'stock'])
    expect(paid.timeline[2]).toMatchObject({
      message: `Payment of ₦2,000.00 received (${credit.reference}): paid in full`,
      actorName: null,
    })
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('less than the total: partially-paid; the rest: paid; more again: overpayment', async () => {
    const data = await order(t, s.token, { items: [{ name: 'Tray', amount: 10_000 * NAIRA, quantity: 1 }] })
    await pay(t, s, data.reference, 4_000 * NAIRA)
    expect(await orderData(t, s.token, data.reference)).toMatchObject({ status: 'partially-paid', amountPaid: 4_000 * NAIRA })
    await pay(t, s, data.reference, 6_000 * NAIRA)
    expect(await orderData(t, s.token, data.reference)).toMatchObject({ status: 'paid', amountPaid: 10_000 * NAIRA })
    await pay(t, s, data.reference, 500 * NAIRA)
    const over = await orderData(t, s.token, data.reference)
    expect(over).toMatchObject({ status: 'overpayment', amountPaid: 10_500 * NAIRA })
    expect(over.payments).toHaveLength(3)
    expect(over.timeline.at(-1)!.message).toMatch(/₦500\.00 more than the total$/)
  })

  it('more than the total at once: overpayment; the public page shows nothing left to pay', async () => {
    const data = await order(t, s.token, { items: [{ name: 'Tray', amount: 1_000 * NAIRA, quantity: 1 }] }, { shareable: true })
    await pay(t, s, data.reference, 1_200 * NAIRA)
    const page = await call(t.app, endpoints.publicOrder, { query: { code: publicCode(data) } })
    expect(page.body.data).toMatchObject({ status: 'overpayment', amountPaid: 1_200 * NAIRA, amountDue: 0, amountOverpaid: 200 * NAIRA })
  })

  it('a reference of another vendor, an unknown one, or an order that cannot take money: an ordinary offline credit', async () => {
    const other = await shop(t)
    const theirs = await order(t, other.token, { items: [{ name: 'Tray', amount: 1_000 * NAIRA, quantity: 1 }] })
    const abandoned = await order(t, s.token, { items: [{ name: 'Tray', amount: 1_000 * NAIRA, quantity: 1 }] })
    await call(t.app, endpoints.updateOrderStatus, { token: s.token, body: { reference: abandoned.reference, status: 'abandoned' } })
    for (const narration of [`For ${theirs.reference}`, 'For ORD-ZZZZZZZZ', `For ${abandoned.reference}`]) {
      const res = await transferIn(t, s.wallets.main.accountNumber!, 1_000 * NAIRA, narration)
      expect(res.body.message).toBe('Credit recorded')
      expect(await transaction(s.token, res.body.data.transactionId)).toMatchObject({
        isOffline: true,
        hasMatchingOrder: false,
        orderReference: null,
      })
    }
    expect((await orderData(t, other.token, theirs.reference)).amountPaid).toBe(0)
    expect((await orderData(t, s.token, abandoned.reference)).status).toBe('abandoned')
  })

  it('a repeated bank notice pays the order once', async () => {
    const data = await order(t, s.token, { items: [{ name: 'Tray', amount: 1_000 * NAIRA, quantity: 1 }] })
    const before = (await balances(t.db, s.vendor.id)).main
    const reference = `PRV-${randomUUID()}`
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        transferIn(t, s.wallets.main.accountNumber!, 600 * NAIRA, `Pay ${data.reference}`, payer(), reference),
      ),
    )
    expect(results.every((res) => res.status === 200)).toBe(true)
    expect(results.filter((res) => !res.body.data.duplicate)).toHaveLength(1)
    expect(await orderData(t, s.token, data.reference)).toMatchObject({ status: 'partially-paid', amountPaid: 600 * NAIRA })
    expect((await balances(t.db, s.vendor.id)).main).toBe(before + 600 * NAIRA)
  })

  it('concurrent payments of one order add up', async () => {
    const data = await order(t, s.token, { items: [{ name: 'Tray', amount: 3_000 * NAIRA, quantity: 1 }] })
    await Promise.all([1, 2, 3].map(() => pay(t, s, data.reference, 1_000 * NAIRA)))
    expect(await orderData(t, s.token, data.reference)).toMatchObject({ status: 'paid', amountPaid: 3_000 * NAIRA })
  })
})

describe('stock moves when the order is paid', () => {
  it('the first payment takes the units; later payments take nothing more', async () => {
    const v = await shop(t)
    const data = await order(t, v.token, { items: [line(v.small.id, 3), line(v.large.id, 1)] })
    expect(await unitsOf(t, v.token, v.small.productId)).toEqual({ Small: 10, Large: 10 })
    await pay(t, v, data.reference, 1_000 * NAIRA)
    expect(await unitsOf(t, v.token, v.small.productId)).toEqual({ Small: 7, Large: 9 })
    await pay(t, v, data.reference, 3_500 * NAIRA)
    expect(await unitsOf(t, v.token, v.small.productId)).toEqual({ Small: 7, Large: 9 })
    const paid = await orderData(t, v.token, data.reference)
    expect(paid.status).toBe('paid')
    expect(paid.timeline.filter((event: { kind: string }) => event.kind === 'stock')).toEqual([
      expect.objectContaining({ message: 'Took 4 units from stock' }),
    ])
  })

  it('money already arrived, so too little stock never refuses: units go to zero and the timeline says what was short', async () => {
    const v = await shop(t, { units: 5 })
    const first = await order(t, v.token, { items: [line(v.small.id, 4)] })
    const second = await order(t, v.token, { items: [line(v.small.id, 3)] })
    await pay(t, v, first.reference, 4_000 * NAIRA)
    await pay(t, v, second.reference, 3_000 * NAIRA)
    expect((await unitsOf(t, v.token, v.small.productId)).Small).toBe(0)
    const short = await orderData(t, v.token, second.reference)
    expect(short.status).toBe('paid')
    expect(short.timeline.at(-1)).toMatchObject({
      kind: 'stock',
      message: 'Took 1 unit from stock; short of Jollof rice (Small): 3 ordered, 1 in stock. Restock or refund to make up the difference.',
    })

    // A full refund gives back the one unit that was taken, not the three ordered: no phantom stock.
    const refund = await call(t.app, endpoints.refundOrder, {
      token: v.token,
      body: { reference: second.reference, status: 'refunded', pin: PIN },
      headers: { 'idempotency-key': randomUUID() },
    })
    expect(refund.status).toBe(200)
    expect((await orderData(t, v.token, second.reference)).status).toBe('refunded')
    expect((await unitsOf(t, v.token, v.small.productId)).Small).toBe(1)
  })

  it('a payment that takes a variant to its stock level alert e-mails the vendor once, after commit', async () => {
    const v = await shop(t, { units: 6 })
    await call(t.app, endpoints.setStockAlert, {
      token: v.token,
      body: { productId: v.small.productId, productVariantId: v.small.id, threshold: 2 },
    })
    const sent = t.notifier.outbox.length
    const data = await order(t, v.token, { items: [line(v.small.id, 5)] })
    await pay(t, v, data.reference, 5_000 * NAIRA)
    const mails = t.notifier.outbox.slice(sent).filter((mail) => mail.to === v.vendor.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toMatch(/: low stock: Jollof rice \(Size: Small\)$/)
  })
})

describe('customers from transfers', () => {
  it('the customer an order names learns the paying account: one person, not two customers', async () => {
    const email = `${randomUUID().slice(0, 8)}@buyer.ng`
    const data = await order(t, s.token, { items: [line(s.small.id)], customer: { name: 'Yetunde Afolabi', email } })
    expect(data.customer).not.toBeNull()
    const from = payer({ name: 'YETUNDE A. AFOLABI', bankCode: '035' })
    const credit = await transaction(s.token, await pay(t, s, data.reference, 1_000 * NAIRA, from))
    expect(credit).toMatchObject({ customerId: data.customer!.id, customerName: 'Yetunde Afolabi' })
    // Later transfers from that account, with or without an order, are the same customer.
    const later = await transferIn(t, s.wallets.main.accountNumber!, 100 * NAIRA, 'Tip', from)
    expect((await transaction(s.token, later.body.data.transactionId)).customerId).toBe(data.customer!.id)
    const rows = await t.db
      .select()
      .from(customers)
      .where(and(eq(customers.vendorId, s.vendor.id), eq(customers.email, email)))
    expect(rows).toEqual([expect.objectContaining({ accountNumber: from.accountNumber, bankName: 'Wema Bank', name: 'Yetunde Afolabi' })])
  })

  it('an unmatched credit names its payer as a customer; the same account is the same customer', async () => {
    const from = payer({ name: 'Tunde Bakare', bankCode: '033' })
    const a = await transferIn(t, s.wallets.main.accountNumber!, 100 * NAIRA, 'Lunch', from)
    const b = await transferIn(t, s.wallets.main.accountNumber!, 100 * NAIRA, 'Dinner', from)
    const [ta, tb] = [await transaction(s.token, a.body.data.transactionId), await transaction(s.token, b.body.data.transactionId)]
    expect(ta.customerName).toBe('Tunde Bakare')
    expect(ta.customerId).toBe(tb.customerId)
    const rows = await t.db
      .select()
      .from(customers)
      .where(and(eq(customers.vendorId, s.vendor.id), eq(customers.accountNumber, from.accountNumber)))
    expect(rows).toEqual([expect.objectContaining({ name: 'Tunde Bakare', bankName: 'United Bank for Africa', isAnonymous: false })])
    const filtered = await call(t.app, endpoints.listTransactions, { token: s.token, query: { customerId: ta.customerId! } })
    expect(filtered.body.data.total).toBe(2)
  })
})

describe('POST /order with transactionReference: an order for an offline credit', () => {
  async function offlineCredit(v: Shop, amount: number, from = payer({ name: 'Emeka Nwosu' })) {
    const res = await transferIn(t, v.wallets.main.accountNumber!, amount, 'Office lunch packs', from)
    return transaction(v.token, res.body.data.transactionId)
  }

  it('the credit pays the order, is matched to it, and its payer becomes the customer', async () => {
    const v = await shop(t)
    const credit = await offlineCredit(v, 2_500 * NAIRA)
    const res = await postOrder(t, v.token, { items: [line(v.small.id, 1), line(v.large.id, 1)], transactionReference: credit.reference })
    expect(res.status).toBe(201)
    const data = res.body.data
    expect(data).toMatchObject({
      status: 'paid',
      amountPaid: 2_500 * NAIRA,
      transactionReference: credit.reference,
      customer: { id: credit.customerId, name: 'Emeka Nwosu', isAnonymous: false },
      payments: [expect.objectContaining({ transactionId: credit.id, amount: 2_500 * NAIRA })],
    })
    expect(await transaction(v.token, credit.id)).toMatchObject({ hasMatchingOrder: true, orderReference: data.reference, isOffline: true })
    expect(await unitsOf(t, v.token, v.small.productId)).toEqual({ Small: 9, Large: 9 })
    // Create order is offered no more, and the credit can no longer be marked as POS.
    const pos = await call(t.app, endpoints.markPos, { token: v.token, body: { id: credit.id } })
    expect(pos.status).toBe(409)
  })

  it('the amount decides partially-paid or overpayment', async () => {
    const v = await shop(t)
    const small = await offlineCredit(v, 500 * NAIRA)
    const partial = await order(t, v.token, { items: [line(v.small.id)], transactionReference: small.reference })
    expect(partial).toMatchObject({ status: 'partially-paid', amountPaid: 500 * NAIRA, customer: { id: small.customerId } })
    const big = await offlineCredit(v, 5_000 * NAIRA)
    expect((await order(t, v.token, { items: [line(v.small.id)], transactionReference: big.reference })).status).toBe('overpayment')
  })

  it('only once: a second order for the same credit is 409, and of two at once exactly one wins', async () => {
    const v = await shop(t)
    const credit = await offlineCredit(v, 1_000 * NAIRA)
    const first = await order(t, v.token, { items: [line(v.small.id)], transactionReference: credit.reference })
    const again = await postOrder(t, v.token, { items: [line(v.small.id)], transactionReference: credit.reference })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({
      code: 'TRANSACTION_NOT_MATCHABLE',
      message: `This transaction already has a matching order (${first.reference})`,
    })

    const raced = await offlineCredit(v, 1_000 * NAIRA)
    const results = await Promise.all(
      Array.from({ length: 4 }, () => postOrder(t, v.token, { items: [line(v.small.id)], transactionReference: raced.reference })),
    )
    expect(results.map((res) => res.status).sort()).toEqual([201, 409, 409, 409])
    const list = await call(t.app, endpoints.listOrders, { token: v.token })
    expect(list.body.data.total).toBe(2)
    expect((await unitsOf(t, v.token, v.small.productId)).Small).toBe(8)
  })

  it('refuses what is not an unmatched offline credit of this vendor: 409 saying why, 404 when unknown', async () => {
    const v = await shop(t, { balance: 10_000 * NAIRA })
    const pos = await offlineCredit(v, 1_000 * NAIRA)
    await call(t.app, endpoints.markPos, { token: v.token, body: { id: pos.id } })
    const data = await order(t, v.token, { items: [line(v.small.id)] })
    const matchedId = await pay(t, v, data.reference, 1_000 * NAIRA)
    const matched = await transaction(v.token, matchedId)
    const other = await shop(t)
    const theirs = await offlineCredit(other, 1_000 * NAIRA)
    const cases: [string, number, string][] = [
      [pos.reference, 409, 'This transaction is marked as POS, so it cannot be matched to an order'],
      [matched.reference, 409, `This transaction already has a matching order (${data.reference})`],
      [theirs.reference, 404, 'Transaction not found'],
      ['TRF-NOPE', 404, 'Transaction not found'],
    ]
    for (const [reference, status, message] of cases) {
      const res = await postOrder(t, v.token, { items: [line(v.small.id)], transactionReference: reference })
      expect(res.status, message).toBe(status)
      expect(res.body.message).toBe(message)
    }
    expect((await call(t.app, endpoints.listOrders, { token: v.token })).body.data.total).toBe(1)
  })
})
