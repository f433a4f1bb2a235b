import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { DAY_MS, HOUR_MS } from '#server/clock'
import { coupons } from '#server/db/schema'
import { redeemCoupon } from '#server/selling-terms/coupons'

import { call, createMember, createVendor, makeApp, type TestApp, unchecked } from '../harness'
import { tokenFor } from '../money/helpers'

/* Coupons: create, list, detail, the Lagos-day date rules, states derived as the clock moves, and redemption. */

let t: TestApp
beforeAll(async () => {
  // Tests move the clock days on with one session each: idle expiry is tested in auth-sessions.
  t = await makeApp({ sessionIdleMs: 30 * DAY_MS })
})

/** 30 minutes past midnight in Lagos on 22 November 2026 (UTC+1): still the 21st in UTC. */
const LAGOS_0030_ON_22ND = Date.parse('2026-11-21T23:30:00.000Z')

/** Sets the app's clock; sessions are made after it, so they are live at that moment. */
function setClock(ms: number) {
  t.clock.advance(ms - t.clock.now().getTime())
}

async function owner(at = LAGOS_0030_ON_22ND) {
  setClock(at)
  const vendor = await createVendor()
  return { vendor, token: await tokenFor(t, vendor.owner.row) }
}

const coupon = (overrides: Record<string, unknown> = {}) => ({
  name: 'Welcome discount',
  description: '10% off for new customers',
  couponCode: 'WELCOME10',
  valueType: 'PERCENTAGE',
  value: 12.5,
  maxUsage: 100,
  startDate: '2026-11-22',
  endDate: '2026-11-30',
  ...overrides,
})

const create = (token: string, body: BodyInput<typeof endpoints.createCoupon>) => call(t.app, endpoints.createCoupon, { token, body })
const list = (token: string, query: Record<string, string> = {}) => call(t.app, endpoints.listCoupons, { token, query })
const detail = (token: string, id: string) => call(t.app, endpoints.couponDetail, { token, query: { id } })

describe('POST /coupon', () => {
  it('creates a percentage coupon, stored in basis points and answered as a percentage', async () => {
    const { vendor, token } = await owner()
    const res = await create(token, unchecked(coupon()))
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('Coupon created')
    expect(res.body.data).toEqual({
      id: expect.any(String),
      name: 'Welcome discount',
      description: '10% off for new customers',
      couponCode: 'WELCOME10',
      valueType: 'PERCENTAGE',
      value: 12.5,
      maxUsage: 100,
      currentUsage: 0,
      startDate: '2026-11-22',
      endDate: '2026-11-30',
      isActive: true,
      state: 'active',
      createdAt: new Date(LAGOS_0030_ON_22ND).toISOString(),
    })
    const [row] = await t.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.vendorId, vendor.vendor.id)))
    expect(row!.value).toBe(1250)
  })

  it('creates a flat coupon in kobo; starting tomorrow it is scheduled', async () => {
    const { token } = await owner()
    const res = await create(
      token,
      unchecked(coupon({ couponCode: 'NAIRA500', valueType: 'FLAT', value: 500_00, startDate: '2026-11-23' })),
    )
    expect(res.body.data).toMatchObject({ valueType: 'FLAT', value: 500_00, isActive: false, state: 'scheduled' })
  })

  it('refuses a start before today in Lagos, with the boundary at Lagos midnight', async () => {
    // 23:30 UTC on the 21st is already the 22nd in Lagos: the 21st is yesterday.
    const late = await owner(LAGOS_0030_ON_22ND)
    const yesterday = await create(late.token, unchecked(coupon({ startDate: '2026-11-21' })))
    expect(yesterday.status).toBe(422)
    expect(yesterday.body).toEqual({
      message: 'startDate: must not be before today',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'startDate', message: 'must not be before today' }],
    })
    expect((await create(late.token, unchecked(coupon({ startDate: '2026-11-22' })))).status).toBe(201)

    // One minute before Lagos midnight the 21st is still today.
    const early = await owner(Date.parse('2026-11-21T22:59:00.000Z'))
    const today = await create(early.token, unchecked(coupon({ startDate: '2026-11-21' })))
    expect(today.status).toBe(201)
    expect(today.body.data.state).toBe('active')
    expect((await create(early.token, unchecked(coupon({ couponCode: 'OLD', startDate: '2026-11-20' })))).status).toBe(422)
  })

  it('a code is unique per vendor ignoring case; another vendor may use it', async () => {
    const { token } = await owner()
    expect((await create(token, unchecked(coupon({ couponCode: 'Save-10' })))).status).toBe(201)
    const again = await create(token, unchecked(coupon({ couponCode: 'SAVE-10' })))
    expect(again.status).toBe(409)
    expect(again.body).toEqual({
      message: 'You already have a coupon with the code SAVE-10',
      code: 'COUPON_CODE_TAKEN',
      issues: [{ path: 'couponCode', message: 'is already used by another coupon' }],
    })
    const other = await owner()
    expect((await create(other.token, unchecked(coupon({ couponCode: 'save-10' })))).status).toBe(201)
  })

  it('two simultaneous creates of one code: one coupon, one 409, never a 500', async () => {
    const { token } = await owner()
    const answers = await Promise.all([
      create(token, unchecked(coupon({ couponCode: 'RACE' }))),
      create(token, unchecked(coupon({ couponCode: 'race' }))),
    ])
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409])
    expect((await list(token)).body.data.total).toBe(1)
  })

  it('422 naming the field for bad input', async () => {
    const { token } = await owner()
    const cases: [Record<string, unknown>, string][] = [
      [{ endDate: '2026-11-21', startDate: '2026-11-25' }, 'endDate: must not be before the start date'],
      [{ value: 100.5 }, 'value: must be a percentage above 0 and at most 100, with at most 2 decimal places'],
      [{ value: 0 }, 'value: must be a percentage above 0 and at most 100, with at most 2 decimal places'],
      [{ valueType: 'FLAT', value: 500.5 }, 'value: must be a whole number of kobo above zero'],
      [{ valueType: 'FLAT', value: -100 }, 'value: must be a whole number of kobo above zero'],
      [{ valueType: 'BOGOF' }, 'valueType: must be PERCENTAGE or FLAT'],
      [{ maxUsage: 0 }, 'maxUsage: must be at least 1'],
      [{ maxUsage: 2.5 }, 'maxUsage: must be a whole number'],
      [{ couponCode: 'no spaces' }, 'couponCode: must be 3 to 20 letters, digits, - or _'],
      [{ startDate: '22/11/2026' }, 'startDate: must be a date like 2026-11-22'],
      [{ endDate: '2026-02-30' }, 'endDate: must be a real calendar date'],
      [{ name: '  ' }, 'name: is required'],
      [{ description: undefined }, 'description: is required'],
    ]
    for (const [overrides, message] of cases) {
      const res = await create(token, unchecked(coupon(overrides)))
      expect(res.status, message).toBe(422)
      expect(res.body.message).toBe(message)
    }
    expect((await list(token)).body.data.total).toBe(0)
  })
})

describe('GET /coupon and /coupon/single', () => {
  it('lists newest first, paged, only the caller’s own', async () => {
    const { token } = await owner()
    for (const code of ['FIRST', 'SECOND', 'THIRD']) {
      expect((await create(token, unchecked(coupon({ couponCode: code })))).status).toBe(201)
      t.clock.advance(1_000)
    }
    const codes = (res: Awaited<ReturnType<typeof list>>) => res.body.data.items.map((c: { couponCode: string }) => c.couponCode)
    const first = await list(token, { size: '2' })
    expect(first.body.data).toMatchObject({ page: 1, size: 2, total: 3 })
    expect(codes(first)).toEqual(['THIRD', 'SECOND'])
    expect(codes(await list(token, { page: '2', size: '2' }))).toEqual(['FIRST'])
    const other = await owner(t.clock.now().getTime())
    expect((await list(other.token)).body.data).toEqual({ items: [], page: 1, size: 20, total: 0 })
    expect((await list(token, { page: '0' })).body.message).toBe('page: must be at least 1')
  })

  it("answers one coupon by id; another vendor's id is 404", async () => {
    const { token } = await owner()
    const created = (await create(token, unchecked(coupon()))).body.data
    const res = await detail(token, created.id)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual(created)
    const other = await owner()
    const theirs = await detail(other.token, created.id)
    expect(theirs.status).toBe(404)
    expect(theirs.body).toEqual({ message: 'Coupon not found', code: 'NOT_FOUND' })
    expect((await detail(token, 'no-such-id')).status).toBe(404)
  })

  it('scheduled → active → expired as Lagos days pass', async () => {
    const { token } = await owner()
    const { id } = (await create(token, unchecked(coupon({ startDate: '2026-11-23', endDate: '2026-11-24' })))).body.data
    const state = async () => {
      const { isActive, state } = (await detail(token, id)).body.data
      return { isActive, state }
    }
    expect(await state()).toEqual({ isActive: false, state: 'scheduled' })
    setClock(Date.parse('2026-11-22T22:59:00.000Z')) // 23:59 on the 22nd in Lagos
    expect(await state()).toEqual({ isActive: false, state: 'scheduled' })
    setClock(Date.parse('2026-11-22T23:00:00.000Z')) // midnight: the 23rd begins in Lagos
    expect(await state()).toEqual({ isActive: true, state: 'active' })
    setClock(Date.parse('2026-11-24T22:59:00.000Z')) // last minute of the end date
    expect(await state()).toEqual({ isActive: true, state: 'active' })
    setClock(Date.parse('2026-11-24T23:00:00.000Z'))
    expect(await state()).toEqual({ isActive: false, state: 'expired' })
    expect((await list(token)).body.data.items[0]).toMatchObject({ id, isActive: false, state: 'expired' })
  })
})

describe('redeemCoupon', () => {
  it('takes one use at a time by code in any case, up to maxUsage; then used_up', async () => {
    const { vendor, token } = await owner()
    const { id } = (await create(token, unchecked(coupon({ couponCode: 'TwoUses', maxUsage: 2 })))).body.data
    const now = t.clock.now()
    const first = await redeemCoupon(t.db, vendor.vendor.id, 'twouses', now)
    expect(first).toMatchObject({ id, currentUsage: 1, value: 1250, valueType: 'PERCENTAGE' })
    expect((await detail(token, id)).body.data).toMatchObject({ currentUsage: 1, state: 'active', isActive: true })
    await redeemCoupon(t.db, vendor.vendor.id, 'TWOUSES', now)
    expect((await detail(token, id)).body.data).toMatchObject({ currentUsage: 2, state: 'used_up', isActive: false })
    await expect(redeemCoupon(t.db, vendor.vendor.id, 'TwoUses', now)).rejects.toMatchObject({
      status: 409,
      code: 'COUPON_NOT_USABLE',
      message: 'This coupon has been used the maximum number of times',
    })
    expect((await detail(token, id)).body.data.currentUsage).toBe(2)
  })

  it('never takes more than maxUsage uses, however many orders race for it', async () => {
    const { vendor, token } = await owner()
    const { id } = (await create(token, unchecked(coupon({ couponCode: 'RUSH', maxUsage: 3 })))).body.data
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => redeemCoupon(t.db, vendor.vendor.id, 'RUSH', t.clock.now())))
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3)
    expect((await detail(token, id)).body.data).toMatchObject({ currentUsage: 3, state: 'used_up' })
  })

  it('says why a coupon cannot be used: not started, ended, unknown or another vendor’s', async () => {
    const { vendor, token } = await owner()
    const other = await createVendor()
    await create(token, unchecked(coupon({ couponCode: 'LATER', startDate: '2026-11-25', endDate: '2026-11-26' })))
    const redeem = (code: string, vendorId = vendor.vendor.id) => redeemCoupon(t.db, vendorId, code, t.clock.now())
    await expect(redeem('LATER')).rejects.toMatchObject({
      status: 409,
      code: 'COUPON_NOT_USABLE',
      message: 'This coupon can be used from 25/11/2026',
    })
    const unknown = { status: 422, code: 'VALIDATION_FAILED', message: 'couponCode: is not a valid coupon code' }
    await expect(redeem('NOPE')).rejects.toMatchObject(unknown)
    await expect(redeem('LATER', other.vendor.id)).rejects.toMatchObject(unknown)
    setClock(Date.parse('2026-11-24T23:00:00.000Z')) // Lagos midnight: the 25th begins
    expect(await redeem('later')).toMatchObject({ currentUsage: 1 })
    setClock(Date.parse('2026-11-26T23:00:00.000Z'))
    await expect(redeem('LATER')).rejects.toMatchObject({ status: 409, message: 'This coupon expired on 26/11/2026' })
    expect((await list(token)).body.data.items[0]).toMatchObject({ currentUsage: 1, state: 'expired' })
  })
})

describe('permissions', () => {
  it('coupons need VENDOR_INVENTORY: 403 without it, allowed with it', async () => {
    const { vendor, token } = await owner(LAGOS_0030_ON_22ND + HOUR_MS)
    const { id } = (await create(token, unchecked(coupon()))).body.data
    const without = await tokenFor(t, (await createMember(vendor, { permissions: ['VENDOR_SETTINGS', 'VENDOR_ORDERS'] })).row)
    for (const res of [
      await list(without),
      await detail(without, id),
      await create(without, unchecked(coupon({ couponCode: 'MEMBER' }))),
    ]) {
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' })
    }
    const withIt = await tokenFor(t, (await createMember(vendor, { permissions: ['VENDOR_INVENTORY'] })).row)
    expect((await create(withIt, unchecked(coupon({ couponCode: 'MEMBER' })))).status).toBe(201)
    expect((await list(withIt)).body.data.total).toBe(2)
  })
})
