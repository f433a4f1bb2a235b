import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { taxes } from '#server/db/schema'
import { seedSellingTerms } from '#server/seed/selling-terms'

import { call, createMember, createVendor, makeApp, type TestApp, unchecked } from '../harness'
import { tokenFor } from '../money/helpers'

/* Taxes and delivery locations (Settings), and the demo vendor's seeded selling terms. Coupons have their own file. */

let t: TestApp
beforeAll(async () => {
  t = await makeApp()
})

async function owner() {
  const vendor = await createVendor()
  return { vendor, token: await tokenFor(t, vendor.owner.row) }
}

const addTax = (token: string, body: BodyInput<typeof endpoints.createTax>) => call(t.app, endpoints.createTax, { token, body })
const listTaxes = (token: string, query: Record<string, string> = {}) => call(t.app, endpoints.listTaxes, { token, query })
const addLocation = (token: string, body: BodyInput<typeof endpoints.createDeliveryLocation>) =>
  call(t.app, endpoints.createDeliveryLocation, { token, body })
const listLocations = (token: string, query: Record<string, string> = {}) => call(t.app, endpoints.listDeliveryLocations, { token, query })
const updateLocation = (token: string, body: BodyInput<typeof endpoints.updateDeliveryLocation>) =>
  call(t.app, endpoints.updateDeliveryLocation, { token, body })
const names = (res: { body: { data: { items: { name: string }[] } } }) => res.body.data.items.map((item) => item.name)

describe('taxes', () => {
  it('adds a tax stored in basis points and answered as a percentage', async () => {
    const { vendor, token } = await owner()
    const res = await addTax(token, { name: ' VAT ', percentage: 7.5 })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      message: 'Tax added',
      data: { id: expect.any(String), name: 'VAT', percentage: 7.5, createdAt: t.clock.now().toISOString() },
    })
    const [row] = await t.db
      .select()
      .from(taxes)
      .where(and(eq(taxes.vendorId, vendor.vendor.id)))
    expect(row!.percentageBps).toBe(750)
    for (const percentage of [0, 100, 0.01, 12.34]) {
      expect((await addTax(token, { name: `Levy ${percentage}`, percentage })).body.data.percentage).toBe(percentage)
    }
  })

  it('422 for a percentage outside 0–100 or with more than 2 decimals', async () => {
    const { token } = await owner()
    const cases: [unknown, string][] = [
      [100.01, 'percentage: must be at most 100'],
      [150, 'percentage: must be at most 100'],
      [7.555, 'percentage: must have at most 2 decimal places'],
      [-1, 'percentage: must not be negative'],
      ['7.5', 'percentage: must be a number'],
    ]
    for (const [percentage, message] of cases) {
      const res = await addTax(token, unchecked({ name: 'VAT', percentage }))
      expect(res.status, message).toBe(422)
      expect(res.body.message).toBe(message)
    }
    expect((await addTax(token, unchecked({ percentage: 5 }))).body.message).toBe('name: is required')
    expect((await listTaxes(token)).body.data.total).toBe(0)
  })

  it('a name is unique per vendor ignoring case, never a 500 when two race', async () => {
    const { token } = await owner()
    expect((await addTax(token, { name: 'VAT', percentage: 7.5 })).status).toBe(201)
    const again = await addTax(token, { name: 'vat', percentage: 5 })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({
      message: 'You already have a tax named vat',
      code: 'TAX_NAME_TAKEN',
      issues: [{ path: 'name', message: 'is already used by another tax' }],
    })
    const raced = await Promise.all([addTax(token, { name: 'Levy', percentage: 1 }), addTax(token, { name: 'LEVY', percentage: 1 })])
    expect(raced.map((res) => res.status).sort()).toEqual([201, 409])
    const other = await owner()
    expect((await addTax(other.token, { name: 'VAT', percentage: 7.5 })).status).toBe(201)
  })

  it('lists oldest first, paged, only the caller’s own', async () => {
    const { token } = await owner()
    for (const name of ['VAT', 'Consumption tax', 'Service charge']) {
      await addTax(token, { name, percentage: 5 })
      t.clock.advance(1_000)
    }
    const first = await listTaxes(token, { size: '2' })
    expect(first.body.data).toMatchObject({ page: 1, size: 2, total: 3 })
    expect(names(first)).toEqual(['VAT', 'Consumption tax'])
    expect(names(await listTaxes(token, { page: '2', size: '2' }))).toEqual(['Service charge'])
    expect((await listTaxes((await owner()).token)).body.data.total).toBe(0)
  })
})

describe('delivery locations', () => {
  it('creates an active location with its fee in kobo; a blank description is null', async () => {
    const { token } = await owner()
    const res = await addLocation(token, { name: 'Yaba', description: 'Yaba and Akoka', fee: 1_500_00 })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      message: 'Delivery location created',
      data: {
        id: expect.any(String),
        name: 'Yaba',
        description: 'Yaba and Akoka',
        fee: 1_500_00,
        isActive: true,
        createdAt: t.clock.now().toISOString(),
      },
    })
    const free = await addLocation(token, { name: 'Pickup at the shop', description: '  ', fee: 0 })
    expect(free.body.data).toMatchObject({ description: null, fee: 0, isActive: true })
  })

  it('422 for a negative, fractional or missing fee', async () => {
    const { token } = await owner()
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Yaba', fee: -1 }, 'fee: must not be negative'],
      [{ name: 'Yaba', fee: 150.5 }, 'fee: must be a whole number of kobo'],
      [{ name: 'Yaba' }, 'fee: is required'],
      [{ fee: 100 }, 'name: is required'],
    ]
    for (const [body, message] of cases) {
      const res = await addLocation(token, unchecked(body))
      expect(res.status, message).toBe(422)
      expect(res.body.message).toBe(message)
    }
    expect((await listLocations(token)).body.data.total).toBe(0)
  })

  it('changes only the fields sent, toggles isActive, and filters by it', async () => {
    const { token } = await owner()
    const yaba = (await addLocation(token, { name: 'Yaba', description: 'Yaba and Akoka', fee: 1_500_00 })).body.data
    t.clock.advance(1_000)
    const lekki = (await addLocation(token, { name: 'Lekki', fee: 3_000_00 })).body.data
    t.clock.advance(1_000)

    const off = await updateLocation(token, { id: yaba.id, isActive: false })
    expect(off.body).toEqual({ message: 'Delivery location updated', data: { ...yaba, isActive: false } })
    expect(names(await listLocations(token, { isActive: 'true' }))).toEqual(['Lekki'])
    expect(names(await listLocations(token, { isActive: 'false' }))).toEqual(['Yaba'])
    expect(names(await listLocations(token))).toEqual(['Yaba', 'Lekki'])
    expect((await updateLocation(token, { id: yaba.id, isActive: true })).body.data.isActive).toBe(true)

    const renamed = await updateLocation(token, {
      id: lekki.id,
      name: 'Lekki Phase 1',
      fee: 3_500_00,
      description: 'Ikate too',
    })
    expect(renamed.body.data).toEqual({ ...lekki, name: 'Lekki Phase 1', fee: 3_500_00, description: 'Ikate too' })
    const cleared = await updateLocation(token, { id: lekki.id, description: null })
    expect(cleared.body.data).toMatchObject({ name: 'Lekki Phase 1', fee: 3_500_00, description: null })

    expect((await updateLocation(token, { id: lekki.id, fee: -5 })).body.message).toBe('fee: must not be negative')
    expect((await updateLocation(token, unchecked({ id: lekki.id, isActive: 'yes' }))).body.message).toBe('isActive: must be true or false')
    expect((await updateLocation(token, unchecked({ isActive: true }))).body.message).toBe('id: is required')
    expect((await listLocations(token, { isActive: 'maybe' })).body.message).toBe('isActive: must be true or false')
  })

  it("another vendor's location is 404 and unchanged", async () => {
    const { token } = await owner()
    const yaba = (await addLocation(token, { name: 'Yaba', fee: 1_500_00 })).body.data
    const other = await owner()
    const res = await updateLocation(other.token, { id: yaba.id, isActive: false })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Delivery location not found', code: 'NOT_FOUND' })
    expect((await listLocations(other.token)).body.data.total).toBe(0)
    expect((await listLocations(token)).body.data.items).toEqual([yaba])
  })

  it('pages oldest first', async () => {
    const { token } = await owner()
    for (const name of ['Yaba', 'Surulere', 'Ikeja']) {
      await addLocation(token, { name, fee: 1_000_00 })
      t.clock.advance(1_000)
    }
    const second = await listLocations(token, { page: '2', size: '2' })
    expect(second.body.data).toMatchObject({ page: 2, size: 2, total: 3 })
    expect(names(second)).toEqual(['Ikeja'])
  })
})

describe('permissions', () => {
  it('changing taxes and delivery locations needs VENDOR_SETTINGS; any member may read them', async () => {
    const { vendor, token } = await owner()
    await addTax(token, { name: 'VAT', percentage: 7.5 })
    const yaba = (await addLocation(token, { name: 'Yaba', fee: 1_500_00 })).body.data
    const without = await tokenFor(t, (await createMember(vendor, { permissions: ['VENDOR_INVENTORY', 'VENDOR_ORDERS'] })).row)
    const refused = [
      await addTax(without, { name: 'Levy', percentage: 1 }),
      await addLocation(without, { name: 'Ikeja', fee: 2_000_00 }),
      await updateLocation(without, { id: yaba.id, isActive: false }),
    ]
    for (const res of refused) {
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' })
    }
    // Staff taking orders see what the orders are priced with.
    expect(names(await listTaxes(without))).toEqual(['VAT'])
    expect((await listLocations(without)).body.data.items).toEqual([yaba])
    const withIt = await tokenFor(t, (await createMember(vendor, { permissions: ['VENDOR_SETTINGS'] })).row)
    expect((await addTax(withIt, { name: 'Levy', percentage: 1 })).status).toBe(201)
    expect((await updateLocation(withIt, { id: yaba.id, isActive: false })).body.data.isActive).toBe(false)
  })
})

describe('seedSellingTerms', () => {
  it('gives the demo vendor VAT, Lagos delivery locations and coupons in three states', async () => {
    const { vendor, token } = await owner()
    await seedSellingTerms(t.db, vendor.vendor.id, t.clock.now())
    expect((await listTaxes(token)).body.data.items).toMatchObject([{ name: 'VAT', percentage: 7.5 }])
    const locations = (await listLocations(token)).body.data.items
    expect(locations.map((l: { name: string; fee: number; isActive: boolean }) => [l.name, l.fee, l.isActive])).toEqual([
      ['Yaba', 1_500_00, true],
      ['Lekki Phase 1', 3_000_00, true],
      ['Ikeja', 2_000_00, false],
    ])
    const coupons = (await call(t.app, endpoints.listCoupons, { token })).body.data.items
    expect(coupons.map((c: { couponCode: string; state: string }) => [c.couponCode, c.state])).toEqual([
      ['WEEKEND500', 'scheduled'],
      ['WELCOME10', 'active'],
      ['HARMATTAN15', 'expired'],
    ])
    expect(coupons[0]).toMatchObject({ valueType: 'FLAT', value: 500_00 })
    expect(coupons[1]).toMatchObject({ valueType: 'PERCENTAGE', value: 10, isActive: true })
  })
})
