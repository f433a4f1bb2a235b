import { randomUUID } from 'node:crypto'

import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import type { QueryInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { customers, orders } from '#server/db/sales-schema'
import { coupons } from '#server/db/schema'

import { memberToken } from '../catalogue/helpers'
import { call, prepare, type TestApp, unchecked } from '../harness'
import {
  makeCoupon,
  makeDelivery,
  makeTax,
  NAIRA,
  order,
  orderData,
  postOrder,
  PUBLIC_URL,
  publicCode,
  salesApp,
  type Shop,
  shop,
} from './helpers'

/* Creating orders and invoices: lines, totals to the kobo, customers, refusals under their field, and reads. */

let t: TestApp
let s: Shop
beforeAll(async () => {
  t = await salesApp()
  s = await shop(t)
})

const custom = (name = 'Gift wrap', amount = 250 * NAIRA, quantity = 1) => ({ name, amount, quantity })

describe('POST /order', () => {
  it('creates an order from catalogue variants and custom lines: 201 with items, totals, customer and timeline', async () => {
    const res = await postOrder(t, s.token, {
      items: [{ variantId: s.small.id, quantity: 2 }, custom()],
      customer: { name: 'Bola Ahmed', email: 'Bola@Example.ng', phone: '08031112222' },
      narration: 'Deliver before noon',
    })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('Order created')
    const data = res.body.data
    expect(data.reference).toMatch(/^ORD-[0-9A-HJKMNP-TV-Z]{8}$/)
    expect(data).toMatchObject({
      kind: 'order',
      status: 'pending',
      itemCount: 2,
      currency: 'NGN',
      subtotal: 2_250 * NAIRA,
      discount: 0,
      taxTotal: 0,
      deliveryFee: 0,
      amount: 2_250 * NAIRA,
      amountPaid: 0,
      amountRefunded: 0,
      refundableAmount: 0,
      isShareable: false,
      publicUrl: null,
      narration: 'Deliver before noon',
      transactionReference: null,
      payments: [],
      refunds: [],
      allowedStatuses: ['abandoned', 'failed'],
      canRefund: false,
      customer: { name: 'Bola Ahmed', email: 'bola@example.ng', phone: '08031112222', isAnonymous: false },
    })
    expect(data.items).toEqual([
      expect.objectContaining({
        variantId: s.small.id,
        productId: s.small.productId,
        name: 'Jollof rice',
        options: { Size: 'Small' },
        unitPrice: 1_000 * NAIRA,
        quantity: 2,
        amount: 2_000 * NAIRA,
      }),
      expect.objectContaining({
        variantId: null,
        productId: null,
        name: 'Gift wrap',
        options: {},
        unitPrice: 250 * NAIRA,
        quantity: 1,
        amount: 250 * NAIRA,
      }),
    ])
    expect(data.timeline).toEqual([
      expect.objectContaining({
        kind: 'created',
        message: 'Order created for ₦2,250.00',
        amount: 2_250 * NAIRA,
        actorName: 'Owner Person',
      }),
    ])
    // Creating an order takes no stock: only a payment does.
    const product = await call(t.app, endpoints.productDetail, { token: s.token, query: { id: s.small.productId } })
    expect(product.body.data.variants[0]!.availableUnits).toBe(10)
  })

  it('totals: coupon off the subtotal, two taxes on what is left, delivery added last, each rounded half up once', async () => {
    const v = await shop(t)
    await call(t.app, endpoints.updateVariant, { token: v.token, body: { id: v.small.id, discountType: 'PERCENTAGE', discount: 10 } })
    const coupon = await makeCoupon(t, v.token, { couponCode: `TWELVE${randomUUID().slice(0, 4)}`, valueType: 'PERCENTAGE', value: 12.5 })
    const vat = await makeTax(t, v.token, 'VAT', 7.5)
    const levy = await makeTax(t, v.token, 'Levy', 1.25)
    const delivery = await makeDelivery(t, v.token, 1_500 * NAIRA)
    const data = await order(t, v.token, {
      items: [{ variantId: v.small.id, quantity: 3 }, custom('Gift wrap', 250_50)],
      couponCode: coupon.couponCode.toLowerCase(),
      taxIds: [vat, levy],
      deliveryLocationId: delivery,
    })
    // Hand-computed: 3 × ₦900 (₦1,000 less 10 %) + ₦250.50 = 295,050 kobo.
    // Coupon 12.5 %: 36,881.25 → 36,881; taxable 258,169. VAT 7.5 %: 19,362.675 → 19,363; levy 1.25 %: 3,227.1125 → 3,227.
    // Total 258,169 + 22,590 + 150,000 = 430,759 kobo.
    expect(data).toMatchObject({
      subtotal: 295_050,
      couponCode: coupon.couponCode,
      discount: 36_881,
      taxes: [
        { name: 'VAT', percentage: 7.5, amount: 19_363 },
        { name: 'Levy', percentage: 1.25, amount: 3_227 },
      ],
      taxTotal: 22_590,
      deliveryFee: 150_000,
      amount: 430_759,
    })
    expect(data.items[0]).toMatchObject({ unitPrice: 90_000, amount: 270_000 })
    expect(data.deliveryLocation).toEqual({ id: delivery, name: expect.any(String) })
    const [used] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id))
    expect(used!.currentUsage).toBe(1)
  })

  it('an invoice is the same entity with kind invoice and an INV- reference', async () => {
    const res = await postOrder(t, s.token, { kind: 'invoice', items: [custom('Catering', 50_000 * NAIRA)] })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('Invoice created')
    expect(res.body.data).toMatchObject({ kind: 'invoice', amount: 50_000 * NAIRA })
    expect(res.body.data.reference).toMatch(/^INV-[0-9A-Z]{8}$/)
  })

  it('422 naming the field for bad input, and nothing is written', async () => {
    const other = await shop(t)
    const inactive = await makeDelivery(t, s.token, 500 * NAIRA, false)
    const usedUp = await makeCoupon(t, s.token, {
      couponCode: `ONCE${randomUUID().slice(0, 4)}`,
      valueType: 'FLAT',
      value: 100,
      maxUsage: 1,
    })
    await order(t, s.token, { items: [custom()], couponCode: usedUp.couponCode })
    const before = await t.db.select().from(orders).where(eq(orders.vendorId, s.vendor.id))
    const cases: [Record<string, unknown>, number, string][] = [
      [{ items: [] }, 422, 'items: must have at least one item'],
      [{}, 422, 'items: is required'],
      [{ items: [{ variantId: s.small.id, quantity: 0 }] }, 422, 'items.0.quantity: must be at least 1'],
      [{ items: [{ variantId: s.small.id, quantity: 1.5 }] }, 422, 'items.0.quantity: must be a whole number'],
      [{ items: [{ quantity: 1 }] }, 422, 'items.0: needs either a variantId, or a name and an amount'],
      [{ items: [custom(), { variantId: randomUUID(), quantity: 1 }] }, 422, 'items.1.variantId: is not a product in your catalogue'],
      [{ items: [{ variantId: other.small.id, quantity: 1 }] }, 422, 'items.0.variantId: is not a product in your catalogue'],
      [{ items: [{ variantId: s.large.id, quantity: 11 }] }, 422, 'items.0.quantity: Only 10 units are left'],
      [
        {
          items: [
            { variantId: s.large.id, quantity: 6 },
            { variantId: s.large.id, quantity: 5 },
          ],
        },
        422,
        'items.1.quantity: Only 10 units are left',
      ],
      [{ items: [custom()], customerId: randomUUID(), customer: { name: 'Ada' } }, 422, 'customer: give customerId or customer, not both'],
      [{ items: [custom()], customer: { name: 'Ada', email: 'not-an-email' } }, 422, 'customer.email: must be a valid email address'],
      [{ items: [custom()], couponCode: 'NOSUCHCODE' }, 422, 'couponCode: is not a valid coupon code'],
      [{ items: [custom()], couponCode: usedUp.couponCode }, 409, 'This coupon has been used the maximum number of times'],
      [{ items: [custom()], taxIds: [randomUUID()] }, 422, 'taxIds: names a tax you have not added'],
      [{ items: [custom()], deliveryLocationId: inactive }, 422, 'deliveryLocationId: is not an active delivery location'],
      [{ items: [custom()], deliveryLocationId: randomUUID() }, 422, 'deliveryLocationId: is not an active delivery location'],
      [{ items: [custom('Hall', 1_000_000_000 * NAIRA, 2)] }, 422, 'items: must add up to at most ₦1,000,000,000.00'],
      [{ items: [custom()], customerId: randomUUID() }, 404, 'Customer not found'],
      [{ items: [custom()], kind: 'receipt' }, 422, 'kind: must be order or invoice'],
    ]
    const key = randomUUID()
    for (const [body, status, message] of cases) {
      const res = await postOrder(t, s.token, body, { key })
      expect(res.status, message).toBe(status)
      expect(res.body.message).toBe(message)
    }
    expect(await t.db.select().from(orders).where(eq(orders.vendorId, s.vendor.id))).toHaveLength(before.length)
    // A refused order never claimed its Idempotency-Key.
    expect((await postOrder(t, s.token, { items: [custom()] }, { key })).status).toBe(201)
  })

  it('a switched-off variant cannot be ordered', async () => {
    const v = await shop(t)
    await call(t.app, endpoints.updateVariant, { token: v.token, body: { id: v.small.id, isAvailable: false } })
    const res = await postOrder(t, v.token, { items: [{ variantId: v.small.id, quantity: 1 }] })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('items.0.variantId: is switched off (not available)')
  })

  it('a refused order gives its coupon use back (the redemption is in the order’s transaction)', async () => {
    const coupon = await makeCoupon(t, s.token, {
      couponCode: `BACK${randomUUID().slice(0, 4)}`,
      valueType: 'FLAT',
      value: 100_000 * NAIRA,
    })
    const res = await postOrder(t, s.token, { items: [custom()], couponCode: coupon.couponCode })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('couponCode: leaves nothing to pay on this order')
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id))
    expect(row!.currentUsage).toBe(0)
  })
})

describe('customers of orders', () => {
  it('an order naming nobody makes a new anonymous customer each time', async () => {
    const a = await order(t, s.token, { items: [custom()] })
    const b = await order(t, s.token, { items: [custom()] })
    expect(a.customer).toMatchObject({ name: 'Anonymous customer', isAnonymous: true, email: null })
    expect(b.customer).toMatchObject({ name: 'Anonymous customer', isAnonymous: true })
    expect(b.customer!.id).not.toBe(a.customer!.id)
  })

  it('the same email or phone finds the same customer; customerId picks one; another vendor’s is 404', async () => {
    const email = `${randomUUID().slice(0, 8)}@buyer.ng`
    const first = await order(t, s.token, { items: [custom()], customer: { name: 'Ngozi Eze', email } })
    expect(first.customer).not.toBeNull()
    const ngozi = first.customer!.id
    const again = await order(t, s.token, { items: [custom()], customer: { name: 'N. Eze', email: email.toUpperCase() } })
    expect(again.customer).toMatchObject({ id: ngozi, name: 'Ngozi Eze' })
    const picked = await order(t, s.token, { items: [custom()], customerId: ngozi })
    expect(picked.customer?.id).toBe(ngozi)
    const phone = `080${String(Date.now()).slice(-8)}`
    const byPhone = await order(t, s.token, { items: [custom()], customer: { name: 'Musa', phone } })
    expect(byPhone.customer).not.toBeNull()
    expect((await order(t, s.token, { items: [custom()], customer: { name: 'Musa Yusuf', phone } })).customer?.id).toBe(
      byPhone.customer!.id,
    )

    const other = await shop(t)
    const res = await postOrder(t, other.token, { items: [custom()], customerId: ngozi })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Customer not found')
  })

  it('concurrent orders for one new email make one customer', async () => {
    const email = `${randomUUID().slice(0, 8)}@race.ng`
    const results = await Promise.all(
      Array.from({ length: 5 }, () => postOrder(t, s.token, { items: [custom()], customer: { name: 'Race', email } })),
    )
    expect(results.map((res) => res.status)).toEqual([201, 201, 201, 201, 201])
    expect(new Set(results.map((res) => res.body.data.customer?.id)).size).toBe(1)
    expect(results[0]!.body.data.customer).not.toBeNull()
    const rows = await t.db
      .select()
      .from(customers)
      .where(and(eq(customers.vendorId, s.vendor.id), eq(customers.email, email)))
    expect(rows).toHaveLength(1)
  })
})

describe('shareable orders and the public page', () => {
  it('POST /order/shareable gives a public URL; GET /order/public shows it without a session', async () => {
    const data = await order(
      t,
      s.token,
      { items: [{ variantId: s.large.id, quantity: 1 }], customer: { name: 'Aisha Bello' } },
      { shareable: true },
    )
    expect(data.isShareable).toBe(true)
    expect(data.publicUrl).toMatch(new RegExp(`^${PUBLIC_URL}/checkout/[A-Za-z0-9]{10}$`))
    expect(data.timeline.map((event) => event.kind)).toEqual(['created', 'shared'])
    const res = await call(t.app, endpoints.publicOrder, { query: { code: publicCode(data) } })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      reference: data.reference,
      kind: 'order',
      invoiceNumber: null,
      status: 'pending',
      vendorName: s.vendor.name,
      business: { name: s.vendor.name, address: null, phone: '08030000000', email: s.owner.email, tin: null, logoUrl: null },
      customerName: 'Aisha Bello',
      currency: 'NGN',
      items: [{ name: 'Jollof rice', options: { Size: 'Large' }, quantity: 1, amount: 1_500 * NAIRA }],
      subtotal: 1_500 * NAIRA,
      discount: 0,
      taxes: [],
      taxTotal: 0,
      deliveryFee: 0,
      amount: 1_500 * NAIRA,
      amountPaid: 0,
      amountDue: 1_500 * NAIRA,
      amountOverpaid: 0,
      amountRefunded: 0,
      payTo: { bankName: s.wallets.main.bankName, accountNumber: s.wallets.main.accountNumber, accountName: s.wallets.main.accountName },
      // The order's own account, made with it (issue 36): the same the vendor sees.
      payAccount: data.payAccount,
      createdAt: data.createdAt,
    })
    expect(data.payAccount).toMatchObject({ accountName: `Checkout ${data.reference}`, amount: 1_500 * NAIRA })
  })

  it('an anonymous customer is not named on the public page', async () => {
    const data = await order(t, s.token, { items: [custom()] }, { shareable: true })
    const res = await call(t.app, endpoints.publicOrder, { query: { code: publicCode(data) } })
    expect(res.body.data.customerName).toBeNull()
  })

  it('404 for an unknown code, and for a vendor no longer approved', async () => {
    const unknown = await call(t.app, endpoints.publicOrder, { query: { code: 'NoSuchCode1' } })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ message: 'This order link is no longer valid', code: 'ORDER_LINK_NOT_FOUND' })
    const v = await shop(t)
    const data = await order(t, v.token, { items: [custom()] }, { shareable: true })
    const { vendors } = await import('#server/db/schema')
    await t.db.update(vendors).set({ status: 'under_review' }).where(eq(vendors.id, v.vendor.id))
    const gone = await call(t.app, endpoints.publicOrder, { query: { code: publicCode(data) } })
    expect(gone.status).toBe(404)
    expect((await call(t.app, endpoints.publicOrder, { query: { code: 'bad code!' } })).status).toBe(422)
  })

  it('without PUBLIC_URL the link uses the origin the request came to', async () => {
    const local = await salesApp({ publicUrl: null })
    const v = await shop(local)
    const data = await order(local, v.token, { items: [custom()] }, { shareable: true })
    expect(data.publicUrl).toMatch(/^http:\/\/localhost\/checkout\//)
  })
})

describe('reading orders', () => {
  let v: Shop
  const refs: Record<string, string> = {}
  beforeAll(async () => {
    v = await shop(t)
    refs.first = (
      await order(t, v.token, { items: [custom()], customer: { name: 'Kemi', email: `${randomUUID().slice(0, 6)}@k.ng` } })
    ).reference
    t.clock.advance(1_000)
    refs.invoice = (await order(t, v.token, { kind: 'invoice', items: [custom('Hall', 900 * NAIRA)] })).reference
    t.clock.advance(1_000)
    refs.shared = (await order(t, v.token, { items: [custom()] }, { shareable: true })).reference
    t.clock.advance(1_000)
    refs.abandoned = (await order(t, v.token, { items: [custom()] })).reference
    await call(t.app, endpoints.updateOrderStatus, { token: v.token, body: { reference: refs.abandoned!, status: 'abandoned' } })
  })

  const list = (query: QueryInput<typeof endpoints.listOrders>) => call(t.app, endpoints.listOrders, { token: v.token, query })
  const references = (res: { body: { data: { items: { reference: string }[] } } }) => res.body.data.items.map((item) => item.reference)

  it('GET /order: newest first, paginated, with the total', async () => {
    const res = await list({})
    expect(res.status).toBe(200)
    expect(references(res)).toEqual([refs.abandoned, refs.shared, refs.invoice, refs.first])
    expect(res.body.data).toMatchObject({ page: 1, size: 20, total: 4 })
    const page2 = await list({ page: 2, size: 2 })
    expect(references(page2)).toEqual([refs.invoice, refs.first])
    expect(page2.body.data.total).toBe(4)
    expect(res.body.data.items[3]).toMatchObject({
      kind: 'order',
      status: 'pending',
      itemCount: 1,
      amount: 250 * NAIRA,
      customer: { name: 'Kemi' },
    })
  })

  it('the total of a list narrowed only by kind is the vendor’s own count: concurrent orders all counted, refused ones not', async () => {
    expect((await list({ kind: 'order' })).body.data.total).toBe(3)
    expect((await list({ kind: 'invoice' })).body.data.total).toBe(1)
    const other = await shop(t)
    await Promise.all(Array.from({ length: 8 }, () => postOrder(t, other.token, { items: [custom()] })))
    expect((await postOrder(t, other.token, { items: [custom('Free', 0)] })).status).toBe(422)
    const theirs = await call(t.app, endpoints.listOrders, { token: other.token })
    expect(theirs.body.data.total).toBe(8)
    expect(theirs.body.data.items).toHaveLength(8)
    expect((await list({})).body.data.total).toBe(4)
  })

  it('filters by kind, status, shareable, customer, reference (any case, part) and date', async () => {
    expect(references(await list({ kind: 'invoice' }))).toEqual([refs.invoice])
    expect(references(await list({ kind: 'order', status: 'abandoned' }))).toEqual([refs.abandoned])
    expect(references(await list({ isShareable: true }))).toEqual([refs.shared])
    expect(references(await list({ reference: refs.first!.slice(2, 9).toLowerCase() }))).toEqual([refs.first])
    expect((await list({ reference: '%' })).body.data.total).toBe(0)
    const first = await orderData(t, v.token, refs.first!)
    expect(references(await list({ customerId: first.customer!.id }))).toEqual([refs.first])
    expect(references(await list({ startDate: first.createdAt, endDate: first.createdAt }))).toEqual([refs.first])
    expect((await list({ status: unchecked('shipped') })).body.message).toBe('status: is not an order status')
    const backwards = await list({ startDate: new Date(Date.now() + 1000).toISOString(), endDate: new Date(0).toISOString() })
    expect(backwards.status).toBe(422)
    expect(backwards.body.message).toBe('startDate: must not be after endDate')
  })

  it('GET /order/shareable lists only shareable ones', async () => {
    const res = await call(t.app, endpoints.listShareableOrders, { token: v.token })
    expect(references(res)).toEqual([refs.shared])
  })

  it('GET /order/single: 404 for an unknown reference; the reference is read in any case', async () => {
    expect((await call(t.app, endpoints.orderDetail, { token: v.token, query: { reference: 'ORD-NOPE0000' } })).status).toBe(404)
    const lower = await call(t.app, endpoints.orderDetail, { token: v.token, query: { reference: ` ${refs.first!.toLowerCase()} ` } })
    expect(lower.body.data.reference).toBe(refs.first)
  })

  it('GET /order/variants lists what can be sold: live, switched on, in stock; searchable', async () => {
    const w = await shop(t, { units: 3 })
    await call(t.app, endpoints.updateVariant, { token: w.token, body: { id: w.large.id, availableUnits: 0 } })
    const res = await call(t.app, endpoints.sellableVariants, { token: w.token })
    expect(res.status).toBe(200)
    expect(res.body.data.items.map((item: { id: string }) => item.id)).toEqual([w.small.id])
    expect(res.body.data.items[0]).toMatchObject({ productName: 'Jollof rice', discountedPrice: 1_000 * NAIRA, availableUnits: 3 })
    expect((await call(t.app, endpoints.sellableVariants, { token: w.token, query: { name: 'small' } })).body.data.total).toBe(1)
    expect((await call(t.app, endpoints.sellableVariants, { token: w.token, query: { name: 'suya' } })).body.data.total).toBe(0)
  })
})

describe('who may see and change orders', () => {
  it('403 without VENDOR_ORDERS on every order call', async () => {
    const token = await memberToken(t, s, ['VENDOR_TRANSACTIONS', 'VENDOR_CUSTOMERS'])
    const calls = [
      prepare(endpoints.listOrders),
      prepare(endpoints.orderDetail),
      prepare(endpoints.createOrder, { body: { items: [custom()] } }),
      prepare(endpoints.updateOrderStatus, { body: { reference: 'ORD-X', status: 'abandoned' } }),
      // No PIN: the permission is checked first.
      prepare(endpoints.refundOrder, { body: unchecked({ reference: 'ORD-X', status: 'refunded' }) }),
      prepare(endpoints.createShareableOrder, { body: { items: [custom()] } }),
      prepare(endpoints.listShareableOrders),
      prepare(endpoints.sellableVariants),
      prepare(endpoints.orderAnalytics),
      prepare(endpoints.orderBreakdown),
    ]
    for (const request of calls) {
      const res = await request.send(t.app, { token, headers: { 'idempotency-key': randomUUID() } })
      expect(res.status, request.label).toBe(403)
    }
    const allowed = await memberToken(t, s, ['VENDOR_ORDERS'])
    expect((await postOrder(t, allowed, { items: [custom()] })).body.data.timeline[0]?.actorName).toBe('Team Member')
  })

  it('another vendor’s order is 404 on every call that takes a reference', async () => {
    const mine = await order(t, s.token, { items: [custom()] })
    const intruder = await shop(t, { balance: 10_000 * NAIRA })
    const { reference } = mine
    const get = await call(t.app, endpoints.orderDetail, { token: intruder.token, query: { reference } })
    const patch = await call(t.app, endpoints.updateOrderStatus, { token: intruder.token, body: { reference, status: 'abandoned' } })
    const put = await call(t.app, endpoints.refundOrder, {
      token: intruder.token,
      body: { reference, status: 'refunded', pin: '1234' },
      headers: { 'idempotency-key': randomUUID() },
    })
    for (const res of [get, patch, put]) {
      expect(res.status).toBe(404)
      expect(res.body.message).toBe('Order not found')
    }
    const list = await call(t.app, endpoints.listOrders, { token: intruder.token, query: { reference } })
    expect(list.body.data.total).toBe(0)
    expect((await orderData(t, s.token, reference)).status).toBe('pending')
  })
})
