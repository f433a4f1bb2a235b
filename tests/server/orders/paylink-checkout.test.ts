import { randomUUID } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { call, type TestApp } from '../harness'
import { expectLedgerConsistent } from '../money/helpers'
import { makeCoupon, NAIRA, orderData, payer, salesApp, type Shop, shop, transferIn, unitsOf } from './helpers'

/*
 * POST /paylink/checkout (public) and what a transfer quoting its reference does (decision 111). On PostgreSQL
 * (TEST_DATABASE_URL) the concurrent cases really run at once.
 */

let t: TestApp
beforeAll(async () => {
  t = await salesApp()
})

/** A shop whose Small variant (₦1,000, `units` left) has a pay link; answers the link's code. */
async function linkedShop(units = 10): Promise<Shop & { code: string }> {
  const s = await shop(t, { balance: 0, units })
  const res = await call(t.app, endpoints.generatePayLink, { token: s.token, body: { id: s.small.id } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { ...s, code: res.body.data.paylink!.split('/pay/')[1]! }
}

let ipSerial = 0
/** Each call from its own address unless told: the per-address limit has its own test. */
function checkout(code: string, fields: Record<string, unknown> = {}, ip = `198.51.100.${++ipSerial % 250}`) {
  return call(t.app, endpoints.payLinkCheckout, {
    body: { code, checkoutId: randomUUID(), quantity: 2, name: 'Ada Obi', phone: '08031234567', ...fields },
    ip,
  })
}

async function checkedOut(code: string, fields: Record<string, unknown> = {}) {
  const res = await checkout(code, fields)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data as { checkoutCode: string; reference: string; amount: number }
}

const credit = (s: Shop, amount: number, narration: string, providerReference?: string) =>
  transferIn(t, s.wallets.main.accountNumber!, amount, narration, payer({ name: 'Ada Obi' }), providerReference)

describe('POST /paylink/checkout', () => {
  it('makes a pending order for the quantity with a reference, an amount and a page that shows both', async () => {
    const s = await linkedShop()
    const res = await checkout(s.code, { quantity: 3 })
    expect(res.status).toBe(201)
    const { reference, amount, checkoutCode } = res.body.data
    expect(reference).toMatch(/^ORD-[0-9A-HJKMNP-TV-Z]{8}$/)
    expect(amount).toBe(3_000 * NAIRA)
    // The order's own account is made with it (issue 36): the customer pays into it, with no narration needed.
    expect(res.body.message).toBe(`Pay into the account shown for ${reference}: no narration needed`)
    const page = await call(t.app, endpoints.publicOrder, { query: { code: checkoutCode } })
    expect(page.body.data).toMatchObject({ reference, status: 'pending', amountDue: 3_000 * NAIRA, customerName: 'Ada Obi' })
    expect(page.body.data.payTo!.accountNumber).toBe(s.wallets.main.accountNumber)
    expect(page.body.data.payAccount).toMatchObject({ accountName: `Checkout ${reference}`, amount: 3_000 * NAIRA })
    // Nothing is taken until the money arrives.
    expect((await unitsOf(t, s.token, s.small.productId)).Small).toBe(10)
    const vendorView = await orderData(t, s.token, reference)
    expect(vendorView).toMatchObject({ status: 'pending', narration: 'Ordered through the pay link' })
  })

  it('the same checkoutId answers the same order, also when sent twice at once', async () => {
    const s = await linkedShop()
    const checkoutId = randomUUID()
    const [a, b] = await Promise.all([checkout(s.code, { checkoutId }), checkout(s.code, { checkoutId })])
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([201, 201])
    expect(a.body.data.reference).toBe(b.body.data.reference)
    const again = await checkout(s.code, { checkoutId })
    expect(again.body.data.reference).toBe(a.body.data.reference)
    const list = await call(t.app, endpoints.listOrders, { token: s.token, query: { size: '50' } })
    expect(list.body.data.items).toHaveLength(1)
  })

  it('refuses more than the units left, naming quantity, and a sold-out item', async () => {
    const s = await linkedShop(3)
    const over = await checkout(s.code, { quantity: 4 })
    expect(over.status).toBe(422)
    expect(over.body.issues).toEqual([{ path: 'quantity', message: 'Only 3 units are left' }])
    const none = await linkedShop(0)
    const sold = await checkout(none.code, { quantity: 1 })
    expect(sold.status).toBe(409)
    expect(sold.body).toMatchObject({ code: 'PAY_LINK_SOLD_OUT', message: 'This item is sold out for now' })
  })

  it('validates the form, naming each field, and never answers 500 to junk', async () => {
    const s = await linkedShop()
    const bad = await checkout(s.code, { quantity: 0, name: '', phone: '0803', email: 'not-mail', checkoutId: 'x' })
    expect(bad.status).toBe(422)
    const paths = bad.body.issues!.map((issue: { path: string }) => issue.path)
    expect(paths).toEqual(expect.arrayContaining(['quantity', 'name', 'phone', 'email', 'checkoutId']))
    const gone = await checkout('NoSuchCode1')
    expect(gone.status).toBe(404)
    expect(gone.body.code).toBe('PAY_LINK_NOT_FOUND')
  })

  it('applies a coupon to the amount, uses it once, and names couponCode when it cannot be used', async () => {
    const s = await linkedShop()
    const code = `PAY${randomUUID().slice(0, 5)}`
    await makeCoupon(t, s.token, { couponCode: code, valueType: 'PERCENTAGE', value: 10, maxUsage: 1 })
    // The customer types it in any case.
    const first = await checkedOut(s.code, { quantity: 2, couponCode: code.toLowerCase() })
    expect(first.amount).toBe(1_800 * NAIRA)
    const used = await checkout(s.code, { couponCode: code })
    expect(used.status).toBe(409)
    expect(used.body.issues).toEqual([{ path: 'couponCode', message: 'This coupon has been used the maximum number of times' }])
    const unknown = await checkout(s.code, { couponCode: 'NOPE123' })
    expect(unknown.status).toBe(422)
    expect(unknown.body.issues).toEqual([{ path: 'couponCode', message: 'is not a valid coupon code' }])
  })

  it('is limited per address', async () => {
    const s = await linkedShop()
    const ip = '203.0.113.77'
    for (let i = 0; i < 20; i++) expect((await checkout(s.code, { quantity: 1 }, ip)).status).toBe(201)
    const limited = await checkout(s.code, { quantity: 1 }, ip)
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('RATE_LIMITED')
  })
})

describe('a transfer quoting the checkout reference', () => {
  it('pays the order, takes the stock and shows on the customer’s page', async () => {
    const s = await linkedShop()
    const { reference, amount } = await checkedOut(s.code, { quantity: 2 })
    // Lower case, inside other words: as customers type it.
    const res = await credit(s, amount, `payment ${reference.toLowerCase()} for zobo`)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(`Credit recorded as a payment of ${reference}`)
    const order = await orderData(t, s.token, reference)
    expect(order).toMatchObject({ status: 'paid', amountPaid: amount })
    expect((await unitsOf(t, s.token, s.small.productId)).Small).toBe(8)
    const history = await call(t.app, endpoints.listOrders, { token: s.token, query: { customerId: order.customer!.id, size: '50' } })
    expect(history.body.data.items.map((row: { reference: string }) => row.reference)).toEqual([reference])
    const info = await call(t.app, endpoints.customerInfo, { token: s.token, query: { customerId: order.customer!.id } })
    expect(info.body.data.customer).toMatchObject({ name: 'Ada Obi', phone: '08031234567' })
    expect(info.body.data.totals).toMatchObject({ paidOrderCount: 1, totalPaid: amount })
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('a part payment leaves it partially paid; the rest pays it; stock is taken once', async () => {
    const s = await linkedShop()
    const { reference, amount } = await checkedOut(s.code, { quantity: 2 })
    await credit(s, 500 * NAIRA, reference)
    expect((await orderData(t, s.token, reference)).status).toBe('partially-paid')
    expect((await unitsOf(t, s.token, s.small.productId)).Small).toBe(8)
    await credit(s, amount - 500 * NAIRA, reference)
    expect((await orderData(t, s.token, reference)).status).toBe('paid')
    expect((await unitsOf(t, s.token, s.small.productId)).Small).toBe(8)
  })

  it('two notices of the same credit at once record one payment and take the stock once', async () => {
    const s = await linkedShop()
    const { reference, amount } = await checkedOut(s.code, { quantity: 3 })
    const providerReference = `PRV-${randomUUID()}`
    const results = await Promise.all([
      credit(s, amount, reference, providerReference),
      credit(s, amount, reference, providerReference),
      credit(s, amount, reference, providerReference),
    ])
    for (const res of results) expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(results.filter((res) => res.body.data.duplicate === false)).toHaveLength(1)
    expect(new Set(results.map((res) => res.body.data.transactionId)).size).toBe(1)
    expect(await orderData(t, s.token, reference)).toMatchObject({ status: 'paid', amountPaid: amount })
    expect((await unitsOf(t, s.token, s.small.productId)).Small).toBe(7)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('a wrong reference pays nothing: the credit is recorded and the order stays pending', async () => {
    const s = await linkedShop()
    const { reference, amount } = await checkedOut(s.code)
    const res = await credit(s, amount, 'ORD-ZZZZZZZZ zobo')
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Credit recorded')
    expect((await orderData(t, s.token, reference)).status).toBe('pending')
    expect((await unitsOf(t, s.token, s.small.productId)).Small).toBe(10)
  })

  it('money arriving after the stock ran out still pays the order, and the timeline says what was short', async () => {
    const s = await linkedShop(2)
    const first = await checkedOut(s.code, { quantity: 2 })
    const second = await checkedOut(s.code, { quantity: 2 })
    await credit(s, first.amount, first.reference)
    await credit(s, second.amount, second.reference)
    const late = await orderData(t, s.token, second.reference)
    expect(late.status).toBe('paid')
    expect(late.timeline.map((event: { message: string }) => event.message)).toContainEqual(
      expect.stringMatching(/short of .*2 ordered, 0 in stock/),
    )
    expect((await unitsOf(t, s.token, s.small.productId)).Small).toBe(0)
  })
})
