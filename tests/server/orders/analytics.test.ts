import { randomUUID } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import type { EndpointDef, QueryInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { DAY_MS } from '#server/clock'

import { call, type TestApp, unchecked } from '../harness'
import { PIN } from '../money/helpers'
import { NAIRA, order, pay, salesApp, type Shop, shop } from './helpers'

/* GET /analytics/order and /analytics/order/breakdown: orders created in the range, money received for them. */

let t: TestApp
let s: Shop
let adaId: string
const tray = (amount: number) => ({ items: [{ name: 'Tray', amount, quantity: 1 }] })

beforeAll(async () => {
  t = await salesApp()
  s = await shop(t, { balance: 1_000 * NAIRA })
  const paid = await order(t, s.token, tray(1_000 * NAIRA))
  await pay(t, s, paid.reference, 1_000 * NAIRA)
  const partial = await order(t, s.token, { customer: { name: 'Ada Obi', phone: '08030000001' }, ...tray(1_000 * NAIRA) })
  expect(partial.customer).not.toBeNull()
  adaId = partial.customer!.id
  await pay(t, s, partial.reference, 401 * NAIRA)
  await order(t, s.token, { customerId: adaId, ...tray(700 * NAIRA) })
  // A partial refund: the order stays paid and counts as paid; only its amount counts as refunded.
  const partlyRefunded = await order(t, s.token, tray(500 * NAIRA))
  await pay(t, s, partlyRefunded.reference, 500 * NAIRA)
  expect((await refund(partlyRefunded.reference, 200 * NAIRA)).body.data.status).toBe('paid')
  const refunded = await order(t, s.token, tray(300 * NAIRA))
  await pay(t, s, refunded.reference, 300 * NAIRA)
  expect((await refund(refunded.reference)).body.data.status).toBe('refunded')
  const invoice = await order(t, s.token, { kind: 'invoice', ...tray(2_000 * NAIRA) })
  await pay(t, s, invoice.reference, 2_000 * NAIRA)
})

function refund(reference: string, amount?: number) {
  return call(t.app, endpoints.refundOrder, {
    token: s.token,
    body: { reference, status: 'refunded', amount, pin: PIN },
    headers: { 'idempotency-key': randomUUID() },
  })
}

const get = <E extends EndpointDef>(endpoint: E, query?: QueryInput<E>) => call(t.app, endpoint, { token: s.token, query })

describe('GET /analytics/order', () => {
  it('counts and sums the orders created today (Lagos) by default; a partial refund counts its amount, not the order', async () => {
    const res = await get(endpoints.orderAnalytics)
    expect(res.status).toBe(200)
    // Sales 1,000 + 401 + 500 + 300 + 2,000 = ₦4,201 over 5 orders with money: ₦840.20 → 84,020 kobo.
    expect(res.body.data).toMatchObject({
      orderCount: 6,
      paidCount: 3,
      // Partly paid is its own count, not pending: ₦401 of ₦1,000 arrived (issue 22).
      partiallyPaidCount: 1,
      pendingCount: 1,
      refundedCount: 1,
      totalSales: 4_201 * NAIRA,
      totalRefunded: 500 * NAIRA,
      averageOrderValue: 84_020,
    })
  })

  it('by kind, and over a range that holds none', async () => {
    const orders = await get(endpoints.orderAnalytics, { kind: 'order' })
    expect(orders.body.data).toMatchObject({ orderCount: 5, totalSales: 2_201 * NAIRA, averageOrderValue: 55_025 })
    const now = t.clock.now().getTime()
    const past = await get(endpoints.orderAnalytics, {
      startDate: new Date(now - 10 * DAY_MS).toISOString(),
      endDate: new Date(now - 9 * DAY_MS).toISOString(),
    })
    expect(past.body.data).toMatchObject({ orderCount: 0, totalSales: 0, averageOrderValue: 0 })
  })

  it('counts only what the list shows under the same status and customer filters', async () => {
    const partial = await get(endpoints.orderAnalytics, { status: 'partially-paid' })
    expect(partial.body.data).toMatchObject({
      orderCount: 1,
      paidCount: 0,
      partiallyPaidCount: 1,
      pendingCount: 0,
      totalSales: 401 * NAIRA,
    })
    const ada = await get(endpoints.orderAnalytics, { kind: 'order', customerId: adaId })
    expect(ada.body.data).toMatchObject({ orderCount: 2, paidCount: 0, partiallyPaidCount: 1, pendingCount: 1, totalSales: 401 * NAIRA })
    const list = await get(endpoints.listOrders, { kind: 'order', customerId: adaId })
    expect(list.body.data.total).toBe(2)
    const adaPaid = await get(endpoints.orderAnalytics, { customerId: adaId, status: 'paid' })
    expect(adaPaid.body.data).toMatchObject({ orderCount: 0, totalSales: 0 })
  })

  it('422 naming the field for a status that is not one', async () => {
    const res = await get(endpoints.orderAnalytics, unchecked({ status: 'settled' }))
    expect(res.status).toBe(422)
    expect(res.body.message).toContain('status')
  })

  it('422 for a range that runs backwards', async () => {
    const now = t.clock.now().getTime()
    const res = await get(endpoints.orderAnalytics, {
      startDate: new Date(now).toISOString(),
      endDate: new Date(now - DAY_MS).toISOString(),
    })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('startDate: must not be after endDate')
  })
})

describe('GET /analytics/order/breakdown', () => {
  it('hours for one day, every bucket present, adding up to the totals', async () => {
    const res = await get(endpoints.orderBreakdown)
    expect(res.body.data.bucket).toBe('hour')
    const points = res.body.data.points as { label: string; count: number; sales: number }[]
    expect(points.length).toBeGreaterThanOrEqual(1)
    expect(points.every((point) => /^\d\d:00$/.test(point.label))).toBe(true)
    expect(points.reduce((sum, point) => sum + point.count, 0)).toBe(6)
    expect(points.reduce((sum, point) => sum + point.sales, 0)).toBe(4_201 * NAIRA)
  })

  it('Lagos days for a week', async () => {
    const now = t.clock.now().getTime()
    const res = await get(endpoints.orderBreakdown, {
      startDate: new Date(now - 6 * DAY_MS).toISOString(),
      endDate: new Date(now).toISOString(),
      kind: 'invoice',
    })
    expect(res.body.data.bucket).toBe('day')
    expect(res.body.data.points).toHaveLength(7)
    expect(res.body.data.points.at(-1)).toMatchObject({ count: 1, sales: 2_000 * NAIRA })
    expect(res.body.data.points[0]).toMatchObject({ count: 0, sales: 0 })
  })
})
