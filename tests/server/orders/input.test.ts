import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { MAX_ITEM_QUANTITY, MAX_ORDER_ITEMS } from '#contract/orders'
import { MAX_PRICE_KOBO } from '#contract/pricing'
import { orders } from '#server/db/sales-schema'
import { coupons } from '#server/db/schema'

import { call, type TestApp } from '../harness'
import { makeCoupon, makeDelivery, makeTax, NAIRA, order, payer, postOrder, salesApp, type Shop, shop, transferIn } from './helpers'

/*
 * POST /order with input meant to break it: never a 500, nothing written, and another vendor's ids (variant,
 * customer, tax, delivery location, coupon, credit) answered exactly like ids that do not exist.
 */

let t: TestApp
let s: Shop
let other: Shop
beforeAll(async () => {
  t = await salesApp()
  ;[s, other] = await Promise.all([shop(t), shop(t)])
})

const custom = { name: 'Tray', amount: 1_000 * NAIRA, quantity: 1 }

describe('POST /order refuses what it cannot make, before writing anything', () => {
  it('huge quantities and amounts, too many lines, NUL characters: 4xx naming the field, never 500', async () => {
    const cases: [unknown, string][] = [
      [{ items: [{ variantId: s.small.id, quantity: 1e9 }] }, `items.0.quantity: must be at most ${MAX_ITEM_QUANTITY}`],
      [
        { items: [{ variantId: s.small.id, quantity: Number.MAX_SAFE_INTEGER + 2 }] },
        `items.0.quantity: must be at most ${MAX_ITEM_QUANTITY}`,
      ],
      [{ items: [{ ...custom, amount: 1e20 }] }, 'items.0.amount'],
      [{ items: [{ ...custom, amount: -1 }] }, 'items.0.amount'],
      [{ items: [{ ...custom, quantity: MAX_ITEM_QUANTITY, amount: MAX_PRICE_KOBO }] }, 'items: must add up to at most'],
      [
        { items: Array.from({ length: MAX_ORDER_ITEMS }, () => ({ ...custom, quantity: MAX_ITEM_QUANTITY, amount: MAX_PRICE_KOBO })) },
        'items: must add up to at most',
      ],
      [{ items: Array.from({ length: MAX_ORDER_ITEMS + 1 }, () => custom) }, `items: must have at most ${MAX_ORDER_ITEMS} items`],
      [{ items: [{ ...custom, name: 'Tray\u0000' }] }, 'items.0.name: must not contain a NUL character'],
      [{ items: [custom], narration: 'x'.repeat(501) }, 'narration: must be at most 500 characters'],
      [{ items: [custom], taxIds: Array.from({ length: 11 }, () => randomUUID()) }, 'taxIds: must have at most 10 taxes'],
      [{ items: [custom], customerId: 'x'.repeat(65) }, 'customerId: is too long'],
      [{ items: [custom], customer: { name: 'Ada', phone: '+2348012345678' } }, 'customer.phone: must be digits only, at most 11'],
      [{ items: 'Tray' }, 'items: must be a list'],
    ]
    const before = await t.db.select().from(orders).where(eq(orders.vendorId, s.vendor.id))
    for (const [body, message] of cases) {
      const res = await postOrder(t, s.token, body)
      expect(res.status, `${message}: ${JSON.stringify(res.body)}`).toBe(422)
      expect(res.body.message).toContain(message)
    }
    expect(await t.db.select().from(orders).where(eq(orders.vendorId, s.vendor.id))).toHaveLength(before.length)
  })

  it('the largest order there can be is made, with ten 100 % taxes, to the kobo', async () => {
    const taxIds = await Promise.all(
      Array.from({ length: 10 }, (_, i) => makeTax(t, s.token, `Levy ${i} ${randomUUID().slice(0, 4)}`, 100)),
    )
    const data = await order(t, s.token, { items: [{ ...custom, amount: MAX_PRICE_KOBO / 10_000, quantity: MAX_ITEM_QUANTITY }], taxIds })
    expect(data).toMatchObject({ subtotal: MAX_PRICE_KOBO, taxTotal: 10 * MAX_PRICE_KOBO, amount: 11 * MAX_PRICE_KOBO })
  })
})

describe('another vendor’s ids are answered like ids that do not exist', () => {
  it('variant, customer, tax, delivery location, coupon and credit', async () => {
    const theirOrder = await order(t, other.token, { items: [custom] })
    expect(theirOrder.customer).not.toBeNull()
    const theirTax = await makeTax(t, other.token, `VAT ${randomUUID().slice(0, 4)}`, 7.5)
    const theirDelivery = await makeDelivery(t, other.token, 500 * NAIRA)
    const theirCoupon = await makeCoupon(t, other.token, { couponCode: `THEIRS${randomUUID().slice(0, 4)}`, valueType: 'FLAT', value: 100 })
    const credit = await transferIn(t, other.wallets.main.accountNumber!, 1_000 * NAIRA, 'Cash', payer())
    const theirCreditRow = await call(t.app, endpoints.transactionDetail, {
      token: other.token,
      query: { id: credit.body.data.transactionId },
    })
    const pairs: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ items: [{ variantId: other.small.id, quantity: 1 }] }, { items: [{ variantId: randomUUID(), quantity: 1 }] }],
      [
        { items: [custom], customerId: theirOrder.customer!.id },
        { items: [custom], customerId: randomUUID() },
      ],
      [
        { items: [custom], taxIds: [theirTax] },
        { items: [custom], taxIds: [randomUUID()] },
      ],
      [
        { items: [custom], deliveryLocationId: theirDelivery },
        { items: [custom], deliveryLocationId: randomUUID() },
      ],
      [
        { items: [custom], couponCode: theirCoupon.couponCode },
        { items: [custom], couponCode: 'NOSUCHCODE' },
      ],
      [
        { items: [custom], transactionReference: theirCreditRow.body.data.reference },
        { items: [custom], transactionReference: 'TRF-20260101-0000000000' },
      ],
    ]
    for (const [theirs, unknown] of pairs) {
      const [a, b] = [await postOrder(t, s.token, theirs), await postOrder(t, s.token, unknown)]
      expect(a.status, JSON.stringify(theirs)).toBeGreaterThanOrEqual(400)
      expect(a.status, JSON.stringify(theirs)).toBeLessThan(500)
      expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body })
    }
    // Their coupon was not used up by our attempts.
    const [after] = await t.db.select().from(coupons).where(eq(coupons.id, theirCoupon.id))
    expect(after!.currentUsage).toBe(0)
  })
})
