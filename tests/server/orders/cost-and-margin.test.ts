import { randomUUID } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { memberToken } from '../catalogue/helpers'
import { call, type TestApp } from '../harness'
import { PIN } from '../money/helpers'
import { NAIRA, order, orderData, pay, postOrder, salesApp, type Shop, shop } from './helpers'

/*
 * Cost price and margin (decision 175): an order line keeps the variant's cost at the time of sale, Home's gross
 * profit is sales − refunds − the cost of what stayed sold, and no answer to a member without VENDOR_INVENTORY
 * carries a cost, wherever it would be.
 */

let t: TestApp
beforeAll(async () => {
  t = await salesApp()
})

const setCost = (s: Shop, id: string, costPrice: number | null) =>
  call(t.app, endpoints.updateVariant, { token: s.token, body: { id, costPrice } }).then((res) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.data
  })

function refund(s: Shop, reference: string, amount?: number) {
  return call(t.app, endpoints.refundOrder, {
    token: s.token,
    body: { reference, status: 'refunded', amount, pin: PIN },
    headers: { 'idempotency-key': randomUUID() },
  }).then((res) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.data
  })
}

const analytics = (token: string) => call(t.app, endpoints.orderAnalytics, { token, query: {} }).then((res) => res.body.data)

/** Every cost field named anywhere in an answer's JSON. */
const COST_KEYS = /"(costPrice|unitCost|costOfSales|grossProfit|uncostedItems)"/g
const costKeysIn = (body: unknown) => [...new Set([...JSON.stringify(body).matchAll(COST_KEYS)].map((m) => m[1]))]

describe('cost price', () => {
  it('is kept on the variant (null clears it) and snapshotted on the order line: a later edit leaves the sale alone', async () => {
    const s = await shop(t)
    expect((await setCost(s, s.small.id, 600 * NAIRA)).costPrice).toBe(600 * NAIRA)
    const sold = await order(t, s.token, {
      items: [
        { variantId: s.small.id, quantity: 2 },
        { name: 'Tray', amount: 200 * NAIRA, quantity: 1 },
      ],
    })
    expect(sold.items.map((item) => item.unitCost)).toEqual([600 * NAIRA, null])
    await setCost(s, s.small.id, 700 * NAIRA)
    expect((await orderData(t, s.token, sold.reference)).items.map((item) => item.unitCost)).toEqual([600 * NAIRA, null])
    expect((await setCost(s, s.small.id, null)).costPrice).toBeNull()
    const refused = await call(t.app, endpoints.updateVariant, { token: s.token, body: { id: s.small.id, costPrice: -1 } })
    expect(refused.status).toBe(422)
    expect(refused.body.issues![0]).toMatchObject({ path: 'costPrice' })
  })
})

describe('gross profit on GET /analytics/order', () => {
  it('is sales less refunds less the cost at the time of sale of what stayed sold; a full refund takes its cost out', async () => {
    const s = await shop(t, { balance: 5_000 * NAIRA })
    await setCost(s, s.small.id, 600 * NAIRA)
    await setCost(s, s.large.id, 900 * NAIRA)
    // Two Small at cost ₦600 each, paid in full.
    const a = await order(t, s.token, { items: [{ variantId: s.small.id, quantity: 2 }] })
    await pay(t, s, a.reference, 2_000 * NAIRA)
    // The cost changes after the sale: order a keeps ₦600.
    await setCost(s, s.small.id, 700 * NAIRA)
    // A Large (cost ₦900) and a custom line without a cost, paid, then ₦300 refunded.
    const b = await order(t, s.token, {
      items: [
        { variantId: s.large.id, quantity: 1 },
        { name: 'Delivery bag', amount: 500 * NAIRA, quantity: 1 },
      ],
    })
    await pay(t, s, b.reference, 2_000 * NAIRA)
    expect((await refund(s, b.reference, 300 * NAIRA)).status).toBe('paid')
    // A Small paid and refunded in full: its units came back, so its cost does not count.
    const c = await order(t, s.token, { items: [{ variantId: s.small.id, quantity: 1 }] })
    await pay(t, s, c.reference, 1_000 * NAIRA)
    expect((await refund(s, c.reference)).status).toBe('refunded')
    // Never paid: neither a sale nor a cost.
    await order(t, s.token, { items: [{ variantId: s.large.id, quantity: 3 }] })

    expect(await analytics(s.token)).toMatchObject({
      totalSales: 5_000 * NAIRA,
      totalRefunded: 1_300 * NAIRA,
      costOfSales: 2_100 * NAIRA,
      // 5,000 − 1,300 − (2 × 600 + 900)
      grossProfit: 1_600 * NAIRA,
      uncostedItems: 1,
    })
  })

  it('counts the share of a partly paid order’s cost that was paid, as its sales count what was paid', async () => {
    const s = await shop(t)
    await setCost(s, s.large.id, 900 * NAIRA)
    // Two Large (₦1,500 each, cost ₦900 each): a quarter of ₦3,000 paid, so a quarter of the ₦1,800 cost.
    const sold = await order(t, s.token, { items: [{ variantId: s.large.id, quantity: 2 }] })
    await pay(t, s, sold.reference, 750 * NAIRA)
    expect((await orderData(t, s.token, sold.reference)).status).toBe('partially-paid')
    expect(await analytics(s.token)).toMatchObject({ totalSales: 750 * NAIRA, costOfSales: 450 * NAIRA, grossProfit: 300 * NAIRA })
    // The rest arrives: the whole cost.
    await pay(t, s, sold.reference, 2_250 * NAIRA)
    expect(await analytics(s.token)).toMatchObject({ totalSales: 3_000 * NAIRA, costOfSales: 1_800 * NAIRA, grossProfit: 1_200 * NAIRA })
  })

  it('goes below zero when goods sold for less than they cost', async () => {
    const s = await shop(t)
    await setCost(s, s.small.id, 1_200 * NAIRA)
    const sold = await order(t, s.token, { items: [{ variantId: s.small.id, quantity: 1 }] })
    await pay(t, s, sold.reference, 1_000 * NAIRA)
    expect(await analytics(s.token)).toMatchObject({ totalSales: 1_000 * NAIRA, costOfSales: 1_200 * NAIRA, grossProfit: -200 * NAIRA })
  })
})

describe('who sees cost', () => {
  it('a member without VENDOR_INVENTORY gets no cost in any answer carrying variants, orders or analytics', async () => {
    const s = await shop(t, { balance: 1_000 * NAIRA })
    await setCost(s, s.small.id, 600 * NAIRA)
    const cashier = await memberToken(t, s, ['VENDOR_ORDERS', 'VENDOR_REFUNDS', 'VENDOR_CUSTOMERS'])
    const stockist = await memberToken(t, s, ['VENDOR_ORDERS', 'VENDOR_INVENTORY'])

    const created = await postOrder(t, cashier, { customer: { name: 'Ada Obi' }, items: [{ variantId: s.small.id, quantity: 1 }] })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.data.customer).not.toBeNull()
    const reference = created.body.data.reference
    await pay(t, s, reference, 1_000 * NAIRA)
    const answers = {
      created: created.body,
      variants: (await call(t.app, endpoints.sellableVariants, { token: cashier, query: {} })).body,
      byCode: (await call(t.app, endpoints.sellableVariants, { token: cashier, query: { code: 'none' } })).body,
      detail: (await call(t.app, endpoints.orderDetail, { token: cashier, query: { reference } })).body,
      status: (await call(t.app, endpoints.updateOrderStatus, { token: cashier, body: { reference, status: 'fulfilled' } })).body,
      list: (await call(t.app, endpoints.listOrders, { token: cashier, query: {} })).body,
      analytics: (await call(t.app, endpoints.orderAnalytics, { token: cashier, query: {} })).body,
      breakdown: (await call(t.app, endpoints.orderBreakdown, { token: cashier, query: {} })).body,
      customer: (await call(t.app, endpoints.customerInfo, { token: cashier, query: { customerId: created.body.data.customer!.id } })).body,
    }
    for (const [name, body] of Object.entries(answers)) expect(costKeysIn(body), name).toEqual([])
    // The figures are there all the same: only cost is left out.
    expect(answers.variants.data.items[0]).toMatchObject({ id: s.small.id, price: 1_000 * NAIRA })
    expect(answers.analytics.data).toMatchObject({ totalSales: 1_000 * NAIRA })

    // With VENDOR_INVENTORY beside orders, the same calls carry it.
    const detail = await call(t.app, endpoints.orderDetail, { token: stockist, query: { reference } })
    expect(detail.body.data.items[0]!.unitCost).toBe(600 * NAIRA)
    const variants = await call(t.app, endpoints.sellableVariants, { token: stockist, query: {} })
    expect(variants.body.data.items.find((v) => v.id === s.small.id)!.costPrice).toBe(600 * NAIRA)
    expect(await analytics(stockist)).toMatchObject({ costOfSales: 600 * NAIRA, grossProfit: 400 * NAIRA })
  })
})
