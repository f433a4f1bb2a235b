import { randomUUID } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'

import { call, createMember, type TestApp, unchecked } from '../harness'
import { tokenFor } from '../money/helpers'
import { makeCoupon, NAIRA, order, postOrder, salesApp, type Shop, shop } from '../orders/helpers'

/* PATCH /coupon: editing a coupon and deactivating it; a deactivated coupon applies to no new order. */

let t: TestApp
let s: Shop
let other: Shop
beforeAll(async () => {
  t = await salesApp()
  ;[s, other] = await Promise.all([shop(t), shop(t)])
})

const update = (token: string, body: BodyInput<typeof endpoints.updateCoupon>) => call(t.app, endpoints.updateCoupon, { token, body })
const detail = (token: string, id: string) => call(t.app, endpoints.couponDetail, { token, query: { id } })
const code = () => `C${randomUUID().slice(0, 6)}`
const custom = { name: 'Tray', amount: 1_000 * NAIRA, quantity: 1 }

describe('PATCH /coupon', () => {
  it('changes only the fields sent', async () => {
    const c = await makeCoupon(t, s.token, { couponCode: code(), valueType: 'FLAT', value: 100 * NAIRA })
    const res = await update(s.token, { id: c.id, name: 'Black Friday', maxUsage: 50 })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Coupon updated')
    expect(res.body.data).toEqual({ ...c, name: 'Black Friday', maxUsage: 50 })
  })

  it('deactivating stops it applying to new orders; orders that used it keep their discount; activating restores it', async () => {
    const c = await makeCoupon(t, s.token, { couponCode: code(), valueType: 'FLAT', value: 100 * NAIRA })
    const used = await order(t, s.token, { items: [custom], couponCode: c.couponCode })
    expect(used).toMatchObject({ discount: 100 * NAIRA, amount: 900 * NAIRA })
    const off = await update(s.token, { id: c.id, enabled: false })
    expect(off.body).toMatchObject({ message: 'Coupon deactivated', data: { state: 'deactivated', isActive: false, currentUsage: 1 } })
    expect((await detail(s.token, c.id)).body.data.state).toBe('deactivated')

    const refused = await postOrder(t, s.token, { items: [custom], couponCode: c.couponCode })
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ code: 'COUPON_NOT_USABLE', message: 'This coupon has been turned off' })

    const kept = await call(t.app, endpoints.orderDetail, { token: s.token, query: { reference: used.reference } })
    expect(kept.body.data).toMatchObject({ discount: 100 * NAIRA, amount: 900 * NAIRA })

    const on = await update(s.token, { id: c.id, enabled: true })
    expect(on.body).toMatchObject({ message: 'Coupon activated', data: { state: 'active', isActive: true, currentUsage: 1 } })
    const again = await order(t, s.token, { items: [custom], couponCode: c.couponCode })
    expect(again).toMatchObject({ discount: 100 * NAIRA, amount: 900 * NAIRA })
  })

  it('422 naming the field: usage below what was used, an end before the start, bad types', async () => {
    const c = await makeCoupon(t, s.token, { couponCode: code(), valueType: 'FLAT', value: 100 * NAIRA, maxUsage: 3 })
    await order(t, s.token, { items: [custom], couponCode: c.couponCode })
    await order(t, s.token, { items: [custom], couponCode: c.couponCode })
    const cases: [unknown, string][] = [
      [{ id: c.id, maxUsage: 1 }, 'maxUsage: must be at least 2'],
      [{ id: c.id, maxUsage: 0 }, 'maxUsage: must be at least 1'],
      [{ id: c.id, endDate: '2000-01-01' }, 'endDate: must not be before the start date'],
      [{ id: c.id, endDate: 'tomorrow' }, 'endDate'],
      [{ id: c.id, enabled: 'no' }, 'enabled: must be true or false'],
      [{ id: c.id, name: '  ' }, 'name: is required'],
    ]
    for (const [body, message] of cases) {
      const res = await update(s.token, unchecked(body))
      expect(res.status, `${message}: ${JSON.stringify(res.body)}`).toBe(422)
      expect(res.body.message).toContain(message)
    }
    expect((await update(s.token, { id: c.id, maxUsage: 2 })).body.data).toMatchObject({ maxUsage: 2, state: 'used_up' })
  })

  it('another vendor’s coupon is 404; changing one needs VENDOR_INVENTORY like creating one', async () => {
    const theirs = await makeCoupon(t, other.token, { couponCode: code(), valueType: 'FLAT', value: 100 })
    expect((await update(s.token, { id: theirs.id, enabled: false })).status).toBe(404)
    expect((await detail(other.token, theirs.id)).body.data.state).toBe('active')

    const mine = await makeCoupon(t, s.token, { couponCode: code(), valueType: 'FLAT', value: 100 })
    const without = await tokenFor(t, (await createMember(s, { permissions: ['VENDOR_SETTINGS', 'VENDOR_ORDERS'] })).row)
    expect((await update(without, { id: mine.id, enabled: false })).status).toBe(403)
    const withIt = await tokenFor(t, (await createMember(s, { permissions: ['VENDOR_INVENTORY'] })).row)
    expect((await update(withIt, { id: mine.id, enabled: false })).status).toBe(200)
  })
})
