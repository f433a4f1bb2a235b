import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { DAY_MS } from '../../src/server/clock'
import { call, type TestApp } from './harness'
import { PIN } from './money-helpers'
import { NAIRA, order, pay, salesApp, type Shop, shop } from './orders-helpers'

/* GET /analytics/order and /analytics/order/breakdown: orders created in the range, money received for them. */

let t: TestApp
let s: Shop
const tray = (amount: number) => ({ items: [{ name: 'Tray', amount, quantity: 1 }] })

beforeAll(async () => {
  t = await salesApp()
  s = await shop(t, { balance: 1_000 * NAIRA })
  const paid = await order(t, s.token, tray(1_000 * NAIRA))
  await pay(t, s, paid.reference, 1_000 * NAIRA)
  const partial = await order(t, s.token, tray(1_000 * NAIRA))
  await pay(t, s, partial.reference, 401 * NAIRA)
  await order(t, s.token, tray(700 * NAIRA))
  const refunded = await order(t, s.token, tray(500 * NAIRA))
  await pay(t, s, refunded.reference, 500 * NAIRA)
  const res = await call(t.app, 'PUT', '/order', {
    token: s.token,
    body: { reference: refunded.reference, status: 'refunded', amount: 200 * NAIRA, pin: PIN },
    headers: { 'idempotency-key': randomUUID() },
  })
  expect(res.status).toBe(200)
  const invoice = await order(t, s.token, { kind: 'invoice', ...tray(2_000 * NAIRA) })
  await pay(t, s, invoice.reference, 2_000 * NAIRA)
})

const get = (path: string, query: Record<string, string> = {}) => call(t.app, 'GET', path, { token: s.token, query })

describe('GET /analytics/order', () => {
  it('counts and sums the orders created today (Lagos) by default', async () => {
    const res = await get('/analytics/order')
    expect(res.status).toBe(200)
    // Sales 1,000 + 401 + 500 + 2,000 = ₦3,901 over 4 orders with money: ₦975.25 → 97,525 kobo.
    expect(res.body.data).toMatchObject({
      orderCount: 5,
      paidCount: 2,
      pendingCount: 2,
      refundedCount: 1,
      totalSales: 3_901 * NAIRA,
      totalRefunded: 200 * NAIRA,
      averageOrderValue: 97_525,
    })
  })

  it('by kind, and over a range that holds none', async () => {
    const orders = await get('/analytics/order', { kind: 'order' })
    expect(orders.body.data).toMatchObject({ orderCount: 4, totalSales: 1_901 * NAIRA, averageOrderValue: 63_367 })
    const now = t.clock.now().getTime()
    const past = await get('/analytics/order', {
      startDate: new Date(now - 10 * DAY_MS).toISOString(),
      endDate: new Date(now - 9 * DAY_MS).toISOString(),
    })
    expect(past.body.data).toMatchObject({ orderCount: 0, totalSales: 0, averageOrderValue: 0 })
  })

  it('422 for a range that runs backwards', async () => {
    const now = t.clock.now().getTime()
    const res = await get('/analytics/order', { startDate: new Date(now).toISOString(), endDate: new Date(now - DAY_MS).toISOString() })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('startDate: must not be after endDate')
  })
})

describe('GET /analytics/order/breakdown', () => {
  it('hours for one day, every bucket present, adding up to the totals', async () => {
    const res = await get('/analytics/order/breakdown')
    expect(res.body.data.bucket).toBe('hour')
    const points = res.body.data.points as { label: string; count: number; sales: number }[]
    expect(points.length).toBeGreaterThanOrEqual(1)
    expect(points.every((point) => /^\d\d:00$/.test(point.label))).toBe(true)
    expect(points.reduce((sum, point) => sum + point.count, 0)).toBe(5)
    expect(points.reduce((sum, point) => sum + point.sales, 0)).toBe(3_901 * NAIRA)
  })

  it('Lagos days for a week', async () => {
    const now = t.clock.now().getTime()
    const res = await get('/analytics/order/breakdown', {
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
