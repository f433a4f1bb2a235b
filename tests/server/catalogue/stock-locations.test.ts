import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'

import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { variantStock } from '#server/db/stock-schema'

import { call, type TestApp, unchecked } from '../harness'
import { salesApp, shop } from '../orders/helpers'
import { makeOutlet, staff } from '../outlets/helpers'
import { patchProduct, postProduct, productFields } from './helpers'

/*
 * Stock per location (issue 41, decision 174): each variant's units at the main store and at each outlet, the
 * variant's availableUnits their total; transfers between locations; who sees which location.
 */

let t: TestApp
beforeAll(async () => {
  t = await salesApp()
})

const setStock = (token: string, body: Record<string, unknown>) => call(t.app, endpoints.setLocationStock, { token, body: unchecked(body) })

const move = (token: string, body: Record<string, unknown>, key: string = randomUUID()) =>
  call(t.app, endpoints.transferStock, { token, headers: { 'idempotency-key': key }, body: unchecked(body) })

/** The Small variant as the caller sees it: its total and its units by location name. */
async function small(token: string, productId: string) {
  const res = await call(t.app, endpoints.productDetail, { token, query: { id: productId } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  const variant = res.body.data.variants.find((v) => v.options.Size === 'Small')!
  return { total: variant.availableUnits, at: Object.fromEntries(variant.locations.map((l) => [l.name, l.units])), product: res.body.data }
}

describe('units per location', () => {
  it('a new product holds its units at the main store; outlets are listed with none; the total is the sum', async () => {
    const s = await shop(t)
    const lekki = await makeOutlet(t, s.token, { name: 'Lekki' })
    expect(await small(s.token, s.small.productId)).toMatchObject({ total: 10, at: { 'Main store': 10, Lekki: 0 } })

    const res = await setStock(s.token, { variantId: s.small.id, outletId: lekki.id, units: 4, threshold: 1 })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.availableUnits).toBe(14)
    expect(res.body.data.locations).toEqual([
      { outletId: null, name: 'Main store', units: 10, threshold: null, isLowStock: false, isActive: true },
      { outletId: lekki.id, name: 'Lekki', units: 4, threshold: 1, isLowStock: false, isActive: true },
    ])
    const { product } = await small(s.token, s.small.productId)
    expect(product.totalUnits).toBe(24)

    // Update Variant still sets the total: the difference lands in the main store, never below what outlets hold.
    const lower = await call(t.app, endpoints.updateVariant, { token: s.token, body: { id: s.small.id, availableUnits: 6 } })
    expect(lower.status).toBe(200)
    expect(await small(s.token, s.small.productId)).toMatchObject({ total: 6, at: { 'Main store': 2, Lekki: 4 } })
    const tooLow = await call(t.app, endpoints.updateVariant, { token: s.token, body: { id: s.small.id, availableUnits: 3 } })
    expect(tooLow.status).toBe(422)
    expect(tooLow.body.issues).toEqual([
      { path: 'availableUnits', message: 'must be at least 4: your outlets hold 4 units (move them to the main store first)' },
    ])
    expect(await small(s.token, s.small.productId)).toMatchObject({ total: 6, at: { 'Main store': 2, Lekki: 4 } })
  })

  it('an offline count sent after sales is refused with the count now (unitsWere)', async () => {
    const s = await shop(t)
    const res = await setStock(s.token, { variantId: s.small.id, outletId: null, units: 3, unitsWere: 7 })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ code: 'VARIANT_UNITS_CHANGED' })
    expect(res.body.message).toMatch(/^Units at Main store changed to 10 /)
  })
})

describe('transfers between locations', () => {
  it('moves units in one transaction and records who, when and how many', async () => {
    const s = await shop(t)
    const lekki = await makeOutlet(t, s.token, { name: 'Lekki' })
    const res = await move(s.token, {
      variantId: s.small.id,
      fromOutletId: null,
      toOutletId: lekki.id,
      quantity: 3,
      note: 'Saturday float',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.message).toBe('Moved 3 units from Main store to Lekki')
    expect(res.body.data).toMatchObject({
      variantId: s.small.id,
      productName: 'Jollof rice',
      options: { Size: 'Small' },
      from: { outletId: null, name: 'Main store' },
      to: { outletId: lekki.id, name: 'Lekki' },
      quantity: 3,
      note: 'Saturday float',
      by: { id: s.owner.id, name: s.owner.row.name },
    })
    expect(await small(s.token, s.small.productId)).toMatchObject({ total: 10, at: { 'Main store': 7, Lekki: 3 } })

    // More than the source holds: 409, and nothing moved or recorded.
    const tooMany = await move(s.token, { variantId: s.small.id, fromOutletId: lekki.id, toOutletId: null, quantity: 4 })
    expect(tooMany.status).toBe(409)
    expect(tooMany.body).toEqual({ code: 'NOT_ENOUGH_STOCK', message: 'Lekki has 3 units of this variant, fewer than 4' })
    const same = await move(s.token, { variantId: s.small.id, fromOutletId: lekki.id, toOutletId: lekki.id, quantity: 1 })
    expect(same.status).toBe(422)
    expect(same.body.issues).toEqual([{ path: 'toOutletId', message: 'must be another location than the one units leave' }])
    const list = await call(t.app, endpoints.listStockTransfers, { token: s.token, query: { productId: s.small.productId } })
    expect(list.body.data.total).toBe(1)
    expect(list.body.data.items[0]!.id).toBe(res.body.data.id)
    expect(await small(s.token, s.small.productId)).toMatchObject({ total: 10, at: { 'Main store': 7, Lekki: 3 } })
  })

  it('50 transfers out of one outlet at once: exactly as many as it held go through, none below zero, the total exact', async () => {
    const s = await shop(t)
    const lekki = await makeOutlet(t, s.token, { name: 'Lekki' })
    expect((await setStock(s.token, { variantId: s.small.id, outletId: lekki.id, units: 30 })).status).toBe(200)
    const results = await Promise.all(
      Array.from({ length: 50 }, () => move(s.token, { variantId: s.small.id, fromOutletId: lekki.id, toOutletId: null, quantity: 1 })),
    )
    const statuses = results.map((res) => res.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(30)
    expect(statuses.filter((status) => status === 409)).toHaveLength(20)
    expect(await small(s.token, s.small.productId)).toMatchObject({ total: 40, at: { 'Main store': 40, Lekki: 0 } })
    const list = await call(t.app, endpoints.listStockTransfers, { token: s.token, query: { productId: s.small.productId, size: 100 } })
    expect(list.body.data.total).toBe(30)
  })
})

describe('low-stock alerts per location', () => {
  it('a location falling to its own alert level e-mails once, naming it; a restock re-arms it', async () => {
    const s = await shop(t)
    const lekki = await makeOutlet(t, s.token, { name: 'Lekki' })
    expect((await setStock(s.token, { variantId: s.small.id, outletId: lekki.id, units: 5, threshold: 2 })).status).toBe(200)
    const sent = t.notifier.outbox.length
    const mails = () => t.notifier.outbox.slice(sent).filter((mail) => mail.to === s.vendor.email)
    const back = (quantity: number) => move(s.token, { variantId: s.small.id, fromOutletId: lekki.id, toOutletId: null, quantity })
    expect((await back(3)).status).toBe(201)
    expect(mails()).toHaveLength(1)
    expect(mails()[0]!.subject).toMatch(/: low stock: Jollof rice \(Size: Small\) at Lekki$/)
    const low = await small(s.token, s.small.productId)
    expect(low.product.variants.find((v) => v.id === s.small.id)!.locations[1]).toMatchObject({ name: 'Lekki', units: 2, isLowStock: true })
    expect((await back(1)).status).toBe(201)
    expect(mails()).toHaveLength(1)
    await setStock(s.token, { variantId: s.small.id, outletId: lekki.id, units: 6 })
    expect((await back(5)).status).toBe(201)
    expect(mails()).toHaveLength(2)
  })
})

describe('who sees which location (decision 043)', () => {
  it("an outlet's member sees and changes only their outlet's units; other locations are not found", async () => {
    const s = await shop(t)
    const lekki = await makeOutlet(t, s.token, { name: 'Lekki' })
    const ikeja = await makeOutlet(t, s.token, { name: 'Ikeja' })
    await move(s.token, { variantId: s.small.id, fromOutletId: null, toOutletId: ikeja.id, quantity: 2 })
    const cashier = await staff(t, s, ['VENDOR_INVENTORY', 'VENDOR_ORDERS'], [lekki.id])

    const seen = await small(cashier.token, s.small.productId)
    expect(seen.at).toEqual({ Lekki: 0 })
    expect((await setStock(cashier.token, { variantId: s.small.id, outletId: lekki.id, units: 5 })).status).toBe(200)
    for (const outletId of [ikeja.id, null]) {
      const res = await setStock(cashier.token, { variantId: s.small.id, outletId, units: 0 })
      expect(res.status).toBe(404)
      expect(res.body.message).toBe('Location not found')
    }
    const out = await move(cashier.token, { variantId: s.small.id, fromOutletId: lekki.id, toOutletId: ikeja.id, quantity: 1 })
    expect(out.status).toBe(404)
    // Another vendor's outlet answers the same.
    const other = await shop(t)
    const theirs = await makeOutlet(t, other.token)
    expect((await setStock(s.token, { variantId: s.small.id, outletId: theirs.id, units: 1 })).status).toBe(404)

    // The owner sees all; the cashier's change is there and nothing else moved.
    expect(await small(s.token, s.small.productId)).toMatchObject({ total: 15, at: { 'Main store': 8, Ikeja: 2, Lekki: 5 } })
    // The cashier's transfer list leaves out the main store → Ikeja move they cannot see.
    const list = await call(t.app, endpoints.listStockTransfers, { token: cashier.token, query: { productId: s.small.productId } })
    expect(list.body.data.total).toBe(0)
    // A member of no outlet keeps the main store.
    const storekeeper = await staff(t, s, ['VENDOR_INVENTORY'])
    expect((await small(storekeeper.token, s.small.productId)).at).toEqual({ 'Main store': 8 })
  })
})

describe('a total (availableUnits) written by a member of outlets only (decision 187)', () => {
  it("lands at their outlet: other locations' units never move, a fall below them is refused", async () => {
    const s = await shop(t)
    const lekki = await makeOutlet(t, s.token, { name: 'Lekki' })
    const cashier = await staff(t, s, ['VENDOR_INVENTORY'], [lekki.id])

    // Update Variant: the total 10 → 12 adds 2 at Lekki; the main store keeps its 10.
    const up = await call(t.app, endpoints.updateVariant, { token: cashier.token, body: { id: s.small.id, availableUnits: 12 } })
    expect(up.status, JSON.stringify(up.body)).toBe(200)
    expect(await small(s.token, s.small.productId)).toMatchObject({ total: 12, at: { 'Main store': 10, Lekki: 2 } })
    const below = await call(t.app, endpoints.updateVariant, { token: cashier.token, body: { id: s.small.id, availableUnits: 9 } })
    expect(below.status).toBe(422)
    expect(below.body.message).toBe('availableUnits: must be at least 10: the locations you do not manage hold 10 units of this variant')

    // The product form: the totals it sends back change Lekki only, by the difference.
    const { product } = await small(cashier.token, s.small.productId)
    const variants = product.variants.map((v) => ({ id: v.id, options: v.options, price: v.price, availableUnits: v.availableUnits }))
    const edited = variants.map((v) => (v.id === s.small.id ? { ...v, availableUnits: 11 } : v))
    const res = await patchProduct(t, cashier.token, { id: product.id, name: 'Jollof rice', variants: edited })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await small(s.token, s.small.productId)).toMatchObject({ total: 11, at: { 'Main store': 10, Lekki: 1 } })

    // A product they add holds its units at their outlet.
    const made = await postProduct(t, cashier.token, productFields({ name: 'Zobo' }))
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const zobo = await small(s.token, made.body.data.id)
    expect(zobo).toMatchObject({ total: 10, at: { 'Main store': 0, Lekki: 10 } })
  })

  it('a member of several outlets may not give a total (which outlet?): 422 naming the field', async () => {
    const s = await shop(t)
    const both = await staff(t, s, ['VENDOR_INVENTORY'], [(await makeOutlet(t, s.token)).id, (await makeOutlet(t, s.token)).id])
    const res = await call(t.app, endpoints.updateVariant, { token: both.token, body: { id: s.small.id, availableUnits: 12 } })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe(
      "availableUnits: cannot be changed as a total: you work at several outlets, so set each outlet's units (Stock by location)",
    )
    const made = await postProduct(t, both.token, productFields({ name: 'Zobo' }))
    expect(made.status).toBe(422)
    expect(made.body.issues?.[0]?.path).toBe('variants.0.availableUnits')
    const none = productFields({ name: 'Zobo', variants: [{ options: { Size: 'Small' }, price: 100_00, availableUnits: 0 }] })
    expect((await postProduct(t, both.token, none)).status).toBe(201)
    expect(await small(s.token, s.small.productId)).toMatchObject({ total: 10, at: { 'Main store': 10 } })
  })
})

const migration = readFileSync(new URL('../../../src/server/db/migrations/0031_stock_per_location.sql', import.meta.url), 'utf8')
const backfill = migration.split('--> statement-breakpoint').find((statement) => statement.includes('INSERT INTO "variant_stock"'))!

describe('migration 0031: existing stock', () => {
  it("moves every variant's units to the main store, counted once", async () => {
    const s = await shop(t, { units: 7 })
    // Back to the shape before 0031: no location rows, and the migration's INSERT runs before its triggers exist.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.execute(sql`delete from variant_stock where vendor_id = ${s.vendor.id}`)
      expect(await tx.select().from(variantStock).where(eq(variantStock.vendorId, s.vendor.id))).toEqual([])
      await tx.execute(sql.raw(backfill))
    })
    expect(await small(s.token, s.small.productId)).toMatchObject({ total: 7, at: { 'Main store': 7 } })
    // And the main store sells from there as before.
    expect((await setStock(s.token, { variantId: s.small.id, outletId: null, units: 5 })).body.data.availableUnits).toBe(5)
  })
})
