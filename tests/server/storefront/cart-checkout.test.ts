import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { DAY_MS } from '#server/clock'
import { vendors } from '#server/db/schema'

import { makeProduct } from '../catalogue/helpers'
import { call, type TestApp, unchecked } from '../harness'
import { makeCoupon, makeDelivery, makeTax, NAIRA, order, orderData, pay, salesApp, type Shop, shop, unitsOf } from '../orders/helpers'
import { makeOutlet } from '../outlets/helpers'

/*
 * POST /storefront/checkout (decision 176): a storefront cart becomes one pending shareable order, priced by the same
 * createOrder and orderTotals as the vendor's order form, and paid like any order. On PostgreSQL
 * (TEST_DATABASE_URL) the concurrent retry really runs at once.
 */

let t: TestApp
beforeAll(async () => {
  t = await salesApp()
})

type Storefront = Shop & { url: string }

/** A shop (Small ₦1,000 and Large ₦1,500, `units` each, published) open at its own URL. */
async function storefront(app = t, units = 10): Promise<Storefront> {
  const s = await shop(app, { balance: 0, units })
  const url = `cart-${randomUUID().slice(0, 8)}`
  await app.db.update(vendors).set({ url }).where(eq(vendors.id, s.vendor.id))
  return { ...s, url }
}

let ipSerial = 0
/** Each call from its own address unless told: the per-address limit is the pay link's, tested there. */
function checkout(s: { url: string }, fields: Record<string, unknown>, app = t, ip = `203.0.113.${++ipSerial % 250}`) {
  return call(app.app, endpoints.cartCheckout, {
    body: unchecked({ url: s.url, checkoutId: randomUUID(), name: 'Ada Obi', phone: '08031234567', ...fields }),
    ip,
  })
}

async function ordersOf(s: Shop) {
  const res = await call(t.app, endpoints.listOrders, { token: s.token, query: { size: '50' } })
  return res.body.data.items
}

/** The body's refusal: status, and the field each issue names. */
function refusedOn(res: { status: number; body: { issues?: { path: string }[] } }, ...paths: string[]) {
  expect(res.status, JSON.stringify(res.body)).toBe(422)
  expect(res.body.issues?.map((issue) => issue.path)).toEqual(paths)
}

describe('POST /storefront/checkout', () => {
  it('totals a cart exactly as the order form does the same items, coupon, taxes and delivery, and a credit pays it', async () => {
    const s = await storefront()
    const vat = await makeTax(t, s.token, 'VAT', 7.5)
    const levy = await makeTax(t, s.token, 'Levy', 1.25)
    const lekki = await makeDelivery(t, s.token, 1_500 * NAIRA)
    await makeDelivery(t, s.token, 900 * NAIRA, false)
    await makeCoupon(t, s.token, { couponCode: 'CART125', valueType: 'PERCENTAGE', value: 12.5 })

    // What the customer's page reads: the active locations only, and every tax the shop charges.
    const page = (await call(t.app, endpoints.storefront, { query: { url: s.url } })).body.data
    expect(page.deliveryLocations.map((l) => [l.id, l.fee])).toEqual([[lekki, 1_500 * NAIRA]])
    // In the order they were added; two added within one clock tick may come either way round.
    expect([...page.taxes].sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Levy', percentage: 1.25 },
      { name: 'VAT', percentage: 7.5 },
    ])

    const items = [
      { variantId: s.small.id, quantity: 2 },
      { variantId: s.large.id, quantity: 1 },
    ]
    const res = await checkout(s, { items, couponCode: 'cart125', deliveryLocationId: lekki, email: 'ada@example.com' })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const { reference, amount, checkoutCode } = res.body.data
    // ₦3,500 less 12.5 % (₦437.50) = ₦3,062.50; VAT 7.5 % 22,968.75 → 22,969 kobo; levy 3,828.125 → 3,828; + ₦1,500.
    expect(amount).toBe(306_250 + 22_969 + 3_828 + 150_000)

    const fromForm = await order(t, s.token, { items, couponCode: 'CART125', taxIds: [vat, levy], deliveryLocationId: lekki })
    const [cart, form] = [await orderData(t, s.token, reference), await orderData(t, s.token, fromForm.reference)]
    const money = (o: typeof cart) => ({
      subtotal: o.subtotal,
      discount: o.discount,
      // The cart charges the shop's taxes in the order they were added, the form those it names, in its order.
      taxes: [...o.taxes].sort((a, b) => a.name.localeCompare(b.name)),
      taxTotal: o.taxTotal,
      deliveryFee: o.deliveryFee,
      amount: o.amount,
      items: o.items.map((item) => [item.variantId, item.unitPrice, item.quantity, item.amount]),
    })
    expect(money(cart)).toEqual(money(form))
    expect(cart).toMatchObject({ status: 'pending', narration: 'Ordered from the shop', deliveryLocation: { id: lekki } })
    expect(cart.customer).toMatchObject({ name: 'Ada Obi', phone: '08031234567', email: 'ada@example.com' })

    // The customer's page: the total, and the order's own account to pay into (issue 36).
    const pub = (await call(t.app, endpoints.publicOrder, { query: { code: checkoutCode } })).body.data
    expect(pub).toMatchObject({ reference, amount, amountDue: amount, deliveryFee: 150_000 })
    expect(pub.payAccount).toMatchObject({ amount })

    // Stock is taken when the money arrives, not before (decision 111).
    expect(await unitsOf(t, s.token, s.small.productId)).toEqual({ Small: 10, Large: 10 })
    await pay(t, s, reference, amount)
    expect((await orderData(t, s.token, reference)).status).toBe('paid')
    expect(await unitsOf(t, s.token, s.small.productId)).toEqual({ Small: 8, Large: 9 })
  })

  it('is idempotent: the same checkoutId sent twice at once, and again later, makes one order', async () => {
    const s = await storefront()
    const fields = { checkoutId: randomUUID(), items: [{ variantId: s.small.id, quantity: 1 }] }
    const [a, b] = await Promise.all([checkout(s, fields), checkout(s, fields)])
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([201, 201])
    expect(b.body.data.reference).toBe(a.body.data.reference)
    const again = await checkout(s, fields)
    expect(again.body.data).toEqual(a.body.data)
    expect(await ordersOf(s)).toHaveLength(1)
  })

  it("refuses a line not on this shop's shelf with 422 naming it, and writes nothing", async () => {
    const s = await storefront()
    const other = await storefront()
    const hidden = await makeProduct(t, s.token, { name: 'Unpublished', isPublished: false })
    const good = { variantId: s.small.id, quantity: 1 }
    refusedOn(await checkout(s, { items: [good, { variantId: randomUUID(), quantity: 1 }] }), 'items.1.variantId')
    refusedOn(await checkout(s, { items: [{ variantId: hidden.variants[0]!.id, quantity: 1 }, good] }), 'items.0.variantId')
    refusedOn(await checkout(s, { items: [{ variantId: other.small.id, quantity: 1 }] }), 'items.0.variantId')
    // Switched off: on the shelf, but not for sale.
    await call(t.app, endpoints.updateVariant, { token: s.token, body: { id: s.large.id, isAvailable: false } })
    refusedOn(await checkout(s, { items: [good, { variantId: s.large.id, quantity: 1 }] }), 'items.1.variantId')
    expect(await ordersOf(s)).toEqual([])
    expect(await ordersOf(other)).toEqual([])
  })

  it('refuses quantities of 0, over the checkout limit or over the units left, and too many lines', async () => {
    const s = await storefront(t, 3)
    refusedOn(await checkout(s, { items: [{ variantId: s.small.id, quantity: 0 }] }), 'items.0.quantity')
    refusedOn(await checkout(s, { items: [{ variantId: s.small.id, quantity: 101 }] }), 'items.0.quantity')
    const short = await checkout(s, { items: [{ variantId: s.small.id, quantity: 4 }] })
    refusedOn(short, 'items.0.quantity')
    expect(short.body.message).toBe('items.0.quantity: Only 3 units are left')
    refusedOn(await checkout(s, { items: [] }), 'items')
    const many = Array.from({ length: 51 }, () => ({ variantId: s.small.id, quantity: 1 }))
    refusedOn(await checkout(s, { items: many }), 'items')
    expect(await ordersOf(s)).toEqual([])
  })

  it('refuses a coupon used up or expired, and a delivery location of another vendor or switched off, naming the field', async () => {
    const app = await salesApp()
    const s = await storefront(app)
    const other = await storefront(app)
    const items = [{ variantId: s.small.id, quantity: 1 }]
    await makeCoupon(app, s.token, { couponCode: 'ONCE', valueType: 'FLAT', value: 100 * NAIRA, maxUsage: 1 })
    expect((await checkout(s, { items, couponCode: 'ONCE' }, app)).status).toBe(201)
    const usedUp = await checkout(s, { items, couponCode: 'ONCE' }, app)
    refusedOn(usedUp, 'couponCode')
    expect(usedUp.body.message).toBe('couponCode: This coupon has been used the maximum number of times')
    refusedOn(await checkout(s, { items, couponCode: 'NOSUCH' }, app), 'couponCode')

    refusedOn(await checkout(s, { items, deliveryLocationId: await makeDelivery(app, other.token, 500) }, app), 'deliveryLocationId')
    refusedOn(await checkout(s, { items, deliveryLocationId: await makeDelivery(app, s.token, 500, false) }, app), 'deliveryLocationId')

    await makeCoupon(app, s.token, { couponCode: 'TODAY', valueType: 'FLAT', value: 100 * NAIRA })
    app.clock.advance(2 * DAY_MS)
    const expired = await checkout(s, { items, couponCode: 'TODAY' }, app)
    refusedOn(expired, 'couponCode')
    expect(expired.body.message).toMatch(/^couponCode: This coupon expired on /)
    // Only the first checkout made an order; the coupon's single use is its.
    expect(await ordersOf(s)).toHaveLength(1)
  })

  it('a pay link of a product on the shelf names its shop and variant, for the pay page to add it to the cart', async () => {
    const s = await storefront()
    const hidden = await makeProduct(t, s.token, { name: 'Unpublished', isPublished: false })
    const view = async (variantId: string) => {
      const made = await call(t.app, endpoints.generatePayLink, { token: s.token, body: { id: variantId } })
      const code = made.body.data.paylink!.split('/pay/')[1]!
      return (await call(t.app, endpoints.payLink, { query: { code } })).body.data
    }
    expect(await view(s.small.id)).toMatchObject({ variantId: s.small.id, shopUrl: s.url })
    expect(await view(hidden.variants[0]!.id)).toMatchObject({ variantId: hidden.variants[0]!.id, shopUrl: null })
  })

  it("a pay link tied to an outlet offers no Add to cart: it sells that outlet's units, the cart the main store's", async () => {
    const s = await storefront()
    const lekki = await makeOutlet(t, s.token, { name: 'Lekki' })
    const moved = await call(t.app, endpoints.transferStock, {
      token: s.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { variantId: s.small.id, fromOutletId: null, toOutletId: lekki.id, quantity: 3 },
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(201)
    const view = async (variantId: string, outletId: string | null) => {
      const made = await call(t.app, endpoints.generatePayLink, { token: s.token, body: { id: variantId, outletId } })
      expect(made.status, JSON.stringify(made.body)).toBe(200)
      const code = made.body.data.paylink!.split('/pay/')[1]!
      return (await call(t.app, endpoints.payLink, { query: { code } })).body.data
    }
    // Each page reads its own location's units: Lekki's 3, the main store's 7.
    expect(await view(s.small.id, lekki.id)).toMatchObject({ shopUrl: null, inStock: true, maxQuantity: 3 })
    expect(await view(s.large.id, null)).toMatchObject({ shopUrl: s.url, inStock: true, maxQuantity: 10 })
    // The same variant's link moved to the main store offers the cart again.
    expect(await view(s.small.id, null)).toMatchObject({ shopUrl: s.url, inStock: true, maxQuantity: 7 })
  })

  it('limits checkouts per shop and address: addresses that used up theirs refuse no other customer', async () => {
    const app = await salesApp()
    const s = await storefront(app, 1_000)
    const items = [{ variantId: s.small.id, quantity: 1 }]
    // Ten addresses each check out at this shop until refused.
    const made: number[] = []
    for (let a = 1; a <= 10; a++) {
      let n = 0
      for (;;) {
        const res = await checkout(s, { items }, app, `198.51.100.${a}`)
        if (res.status !== 201) {
          expect(res.status, JSON.stringify(res.body)).toBe(429)
          expect(res.body.code).toBe('RATE_LIMITED')
          break
        }
        n++
      }
      made.push(n)
    }
    const other = await checkout(s, { items }, app, '198.51.100.200')
    expect(other.status, JSON.stringify(other.body)).toBe(201)
    expect(made).toEqual(Array.from({ length: 10 }, () => 10))
  })

  it("a coupon's last use, taken by an unpaid cart order the shop marks abandoned, goes to the next customer", async () => {
    const app = await salesApp()
    const s = await storefront(app)
    const items = [{ variantId: s.small.id, quantity: 1 }]
    await makeCoupon(app, s.token, { couponCode: 'LASTONE', valueType: 'FLAT', value: 100 * NAIRA, maxUsage: 1 })
    const first = await checkout(s, { items, couponCode: 'LASTONE' }, app)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    // While the first customer's order waits for their money, the one use is theirs.
    refusedOn(await checkout(s, { items, couponCode: 'LASTONE' }, app), 'couponCode')

    const status = (reference: string, to: 'abandoned' | 'pending') =>
      call(app.app, endpoints.updateOrderStatus, { token: s.token, body: { reference, status: to } })
    const abandoned = await status(first.body.data.reference, 'abandoned')
    expect(abandoned.status, JSON.stringify(abandoned.body)).toBe(200)

    const second = await checkout(s, { items, couponCode: 'lastone', name: 'Bola Ade', phone: '08039876543' }, app)
    expect(second.status, JSON.stringify(second.body)).toBe(201)
    expect(second.body.data.amount).toBe(900 * NAIRA)
    // The vendor's timeline says where the use went.
    expect(abandoned.body.data.timeline.at(-1)!.message).toBe("Status changed from pending to abandoned (coupon LASTONE's use given back)")
    // Reopening the abandoned order would hold a second use of a one-use coupon: refused, saying why.
    const reopen = await status(first.body.data.reference, 'pending')
    expect(reopen.status).toBe(409)
    expect(reopen.body.message).toBe(
      'Cannot change an order from abandoned to pending. Its coupon LASTONE has been used the maximum number of times: raise its max usage first.',
    )
  })

  it('answers an unknown shop and a shop under review alike, 404', async () => {
    const s = await storefront()
    await t.db.update(vendors).set({ status: 'under_review' }).where(eq(vendors.id, s.vendor.id))
    const items = [{ variantId: s.small.id, quantity: 1 }]
    const underReview = await checkout(s, { items })
    const unknown = await checkout({ url: `nobody-${randomUUID().slice(0, 8)}` }, { items })
    expect([underReview.status, unknown.status]).toEqual([404, 404])
    expect(underReview.body).toEqual(unknown.body)
    expect(unknown.body).toMatchObject({ code: 'SHOP_NOT_FOUND', message: 'This shop is not available' })
  })
})
