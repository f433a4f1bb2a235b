import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { call, createVendor, makeApp, type TestApp } from '../harness'
import { tokenFor } from '../money/helpers'
import { insertCustomer, insertOrder } from '../orders/fixtures'

/*
 * GET /analytics/customer and /analytics/customer/breakdown on a dataset placed around two Lagos days
 * (9 and 10 March 2026; Lagos is UTC+1), with the clock fixed at 10 March 15:30 Lagos.
 */

let t: TestApp
let token: string
const utc = (iso: string) => new Date(`${iso}Z`)
const NOW = utc('2026-03-10T14:30:00')
/** Lagos 9 March 00:00 to Lagos 10 March 23:59:59.999. */
const TWO_DAYS = { startDate: '2026-03-08T23:00:00.000Z', endDate: '2026-03-10T22:59:59.999Z' }
/** Lagos 10 March, the whole day. */
const ONE_DAY = { startDate: '2026-03-09T23:00:00.000Z', endDate: '2026-03-10T22:59:59.999Z' }

beforeAll(async () => {
  t = await makeApp()
  t.clock.advance(NOW.getTime() - t.clock.now().getTime())
  const vendor = await createVendor()
  const vendorId = vendor.vendor.id
  token = await tokenFor(t, vendor.owner.row)
  const customer = (name: string, createdAt: string, isAnonymous = false) =>
    insertCustomer(t.db, vendorId, { name, createdAt: utc(createdAt), isAnonymous })
  const order = (who: { id: string; name: string } | null, createdAt: string) =>
    insertOrder(t.db, vendorId, {
      customer: who,
      status: 'paid',
      amount: 1000,
      amountPaid: 1000,
      createdAt: utc(createdAt),
    })

  // Returning: came in February, ordered on both days.
  const amaka = await customer('Amaka', '2026-02-01T10:00:00')
  await order(amaka, '2026-03-09T09:00:00')
  await order(amaka, '2026-03-10T10:00:00')
  await order(amaka, '2026-03-11T00:00:00') // after the range
  // New on 9 March and active the same day.
  const bayo = await customer('Bayo', '2026-03-09T12:00:00')
  await order(bayo, '2026-03-09T13:00:00')
  await order(bayo, '2026-03-09T18:00:00')
  // New at 00:30 Lagos on 10 March (still 9 March in UTC); never ordered.
  await customer('Chioma', '2026-03-09T23:30:00')
  // An anonymous customer made by an order on 10 March.
  const anonymous = await customer('Anonymous customer', '2026-03-10T09:00:00', true)
  await order(anonymous, '2026-03-10T09:00:00')
  // Old customers outside the range: one named with an old order, one anonymous.
  const emeka = await customer('Emeka', '2026-01-15T08:00:00')
  await order(emeka, '2026-02-01T08:00:00')
  await customer('Anonymous customer', '2025-12-01T08:00:00', true)
  // An order with no customer counts for nobody.
  await order(null, '2026-03-10T11:00:00')
  // Another vendor's busy day changes nothing here.
  const other = (await createVendor()).vendor.id
  const stranger = await insertCustomer(t.db, other, { name: 'Stranger', createdAt: utc('2026-03-10T08:00:00') })
  await insertOrder(t.db, other, { customer: stranger, createdAt: utc('2026-03-10T08:00:00') })
})

const analytics = (query: Record<string, string> = {}) => call(t.app, endpoints.customerAnalytics, { token, query })
const breakdown = (query: Record<string, string> = {}) => call(t.app, endpoints.customerBreakdown, { token, query })

describe('GET /analytics/customer', () => {
  it('counts new, active, returning, anonymous and all customers over the range', async () => {
    const res = await analytics(TWO_DAYS)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      ...TWO_DAYS,
      totalCustomers: 6,
      newCustomers: 3, // Bayo, Chioma, the anonymous one
      activeCustomers: 3, // Amaka, Bayo, the anonymous one (each once however many orders)
      returningCustomers: 1, // Amaka
      anonymousCustomers: 2,
    })
  })

  it('defaults to today in Lagos, up to now', async () => {
    const res = await analytics()
    expect(res.body.data).toEqual({
      startDate: '2026-03-09T23:00:00.000Z',
      endDate: NOW.toISOString(),
      totalCustomers: 6,
      newCustomers: 2, // Chioma (00:30 Lagos), the anonymous one
      activeCustomers: 2, // Amaka, the anonymous one
      returningCustomers: 1,
      anonymousCustomers: 2,
    })
  })

  it('a range with nobody in it', async () => {
    const res = await analytics({ startDate: '2025-06-01T00:00:00.000Z', endDate: '2025-06-02T00:00:00.000Z' })
    expect(res.body.data).toMatchObject({
      totalCustomers: 6,
      newCustomers: 0,
      activeCustomers: 0,
      returningCustomers: 0,
    })
  })

  it('422 when the range is backwards, too long or not a date', async () => {
    const backwards = await analytics({ startDate: TWO_DAYS.endDate, endDate: TWO_DAYS.startDate })
    expect(backwards.status).toBe(422)
    expect(backwards.body.message).toBe('startDate: must not be after endDate')
    const long = await analytics({ startDate: '2024-01-01T00:00:00.000Z', endDate: '2026-01-01T00:00:00.000Z' })
    expect(long.body.message).toBe('endDate: must be at most 366 days after startDate')
    const garbage = await analytics({ startDate: 'yesterday' })
    expect(garbage.status).toBe(422)
    expect(garbage.body.message).toMatch(/^startDate: /)
  })
})

describe('GET /analytics/customer/breakdown', () => {
  it('per Lagos day for a longer range, every day present', async () => {
    const res = await breakdown(TWO_DAYS)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      bucket: 'day',
      points: [
        { label: '2026-03-09', start: '2026-03-08T23:00:00.000Z', newCustomers: 1, activeCustomers: 2 },
        { label: '2026-03-10', start: '2026-03-09T23:00:00.000Z', newCustomers: 2, activeCustomers: 2 },
      ],
    })
    const week = await breakdown({ startDate: '2026-03-04T23:00:00.000Z', endDate: TWO_DAYS.endDate })
    expect(week.body.data.points.map((p: { label: string }) => p.label)).toEqual([
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ])
    expect(
      week.body.data.points
        .slice(0, 4)
        .every((p: { newCustomers: number; activeCustomers: number }) => p.newCustomers + p.activeCustomers === 0),
    ).toBe(true)
  })

  it('per hour for a day, labelled in Lagos time', async () => {
    const res = await breakdown(ONE_DAY)
    expect(res.body.data.bucket).toBe('hour')
    const points = res.body.data.points as {
      label: string
      start: string
      newCustomers: number
      activeCustomers: number
    }[]
    expect(points).toHaveLength(24)
    expect(points[0]).toEqual({
      label: '00:00',
      start: '2026-03-09T23:00:00.000Z',
      newCustomers: 1,
      activeCustomers: 0,
    })
    const busy = points.filter((p) => p.newCustomers + p.activeCustomers > 0).map((p) => [p.label, p.newCustomers, p.activeCustomers])
    expect(busy).toEqual([
      ['00:00', 1, 0], // Chioma
      ['10:00', 1, 1], // the anonymous customer and their order
      ['11:00', 0, 1], // Amaka's order
    ])
  })

  it('422 for a backwards range', async () => {
    const res = await breakdown({ startDate: ONE_DAY.endDate, endDate: ONE_DAY.startDate })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('startDate: must not be after endDate')
  })
})
