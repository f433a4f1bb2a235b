import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { adjustStock, sendLowStockNotices } from '#server/catalogue/stock'
import { productVariants } from '#server/db/schema'
import { ApiError } from '#server/errors'

import { call } from '../harness'
import { catalogueApp, expectError, makeProduct, patchProduct, type Seller, seller } from './helpers'

/* GET and PATCH /product/variants, PATCH /product/stock-level-alert, and the stock path orders will use. */

let t: Awaited<ReturnType<typeof catalogueApp>>
beforeAll(async () => {
  t = await catalogueApp()
})

const patch = (s: Seller, body: BodyInput<typeof endpoints.updateVariant>) => call(t.app, endpoints.updateVariant, { token: s.token, body })
const alert = (s: Seller, body: BodyInput<typeof endpoints.setStockAlert>) => call(t.app, endpoints.setStockAlert, { token: s.token, body })
const product = (s: Seller, id: string) =>
  call(t.app, endpoints.productDetail, { token: s.token, query: { id } }).then((res) => res.body.data)

/** Sells through the function issue 5's orders will call, then sends the notices after commit as they must. */
async function sell(s: Seller, variantId: string, units: number) {
  const change = await t.db.transaction((tx) => adjustStock(tx, s.vendor.id, variantId, -units))
  await sendLowStockNotices(t.deps, change.notices)
  return change.variant
}

const lowStockMails = (s: Seller) => t.notifier.outbox.filter((m) => m.to === s.vendor.email && m.subject.includes(': low stock: '))

describe('GET /product/vendor/variants', () => {
  it('lists live variants, searching product names and option values, filtered by product', async () => {
    const s = await seller(t)
    const jollof = await makeProduct(t, s.token)
    const zobo = await makeProduct(t, s.token, {
      name: 'Zobo',
      options: [{ name: 'Size', values: ['50cl', '1 litre'] }],
      variants: [
        { options: { Size: '50cl' }, price: 800_00, availableUnits: 4 },
        { options: { Size: '1 litre' }, price: 1_500_00, availableUnits: 4 },
      ],
    })
    const list = async (query: Record<string, string> = {}) =>
      (await call(t.app, endpoints.listVariants, { token: s.token, query })).body.data
    const all = await list()
    expect(all.total).toBe(4)
    expect(all.items.map((v) => `${v.productName} ${v.options.Size}`)).toEqual([
      'Zobo 50cl',
      'Zobo 1 litre',
      'Jollof rice Small',
      'Jollof rice Large',
    ])
    const labels = async (query: Record<string, string>) => (await list(query)).items.map((v) => `${v.productName} ${v.options.Size}`)
    expect(await labels({ name: 'JOLLOF' })).toEqual(['Jollof rice Small', 'Jollof rice Large'])
    expect(await labels({ name: 'litre' })).toEqual(['Zobo 1 litre'])
    expect(await labels({ name: 'large' })).toEqual(['Jollof rice Large'])
    expect(await labels({ name: 'Size' })).toEqual([])
    expect(await labels({ productId: zobo.id })).toEqual(['Zobo 50cl', 'Zobo 1 litre'])
    expect((await list({ size: '1', page: '4' })).items[0]!.id).toBe(jollof.variants[1]!.id)
  })
})

describe('PATCH /product/variants', () => {
  it('changes only the fields sent', async () => {
    const s = await seller(t)
    const [small] = (await makeProduct(t, s.token)).variants
    const toggled = await patch(s, { id: small!.id, isAvailable: false })
    expect(toggled.status).toBe(200)
    expect(toggled.body.message).toBe('Variant updated')
    expect(toggled.body.data).toMatchObject({ isAvailable: false, price: 1_000_00, availableUnits: 10 })
    const repriced = await patch(s, { id: small!.id, price: 1_250_50, availableUnits: 7 })
    expect(repriced.body.data).toMatchObject({ isAvailable: false, price: 1_250_50, availableUnits: 7, discountedPrice: 1_250_50 })
    const p = await product(s, small!.productId)
    expect(p).toMatchObject({ minPrice: 1_250_50, maxPrice: 1_500_00, totalUnits: 17 })
  })

  it('a stock count set from an older view (unitsWere) is refused once units were sold meanwhile', async () => {
    const s = await seller(t)
    const [small] = (await makeProduct(t, s.token)).variants
    // Seen at 10 units offline; 3 sell before the change arrives.
    await sell(s, small!.id, 3)
    const stale = await patch(s, { id: small!.id, availableUnits: 25, unitsWere: 10 })
    expect(stale.status).toBe(409)
    expect(stale.body).toEqual({
      code: 'VARIANT_UNITS_CHANGED',
      message: 'Available units changed to 7 since this change was made (it was 10). Check the stock and save again.',
    })
    expect((await product(s, small!.productId)).variants.find((v: { id: string }) => v.id === small!.id)).toMatchObject({
      availableUnits: 7,
    })
    const current = await patch(s, { id: small!.id, availableUnits: 25, unitsWere: 7 })
    expect(current.body.data).toMatchObject({ availableUnits: 25 })
  })

  it('discounts: percentage in basis points rounded half up to the kobo, flat below the price, clearDiscount', async () => {
    const s = await seller(t)
    const [small] = (
      await makeProduct(t, s.token, {
        variants: [
          { options: { Size: 'Small' }, price: 1_001, availableUnits: 1 },
          { options: { Size: 'Large' }, price: 2_000_00, availableUnits: 1 },
        ],
      })
    ).variants
    const percent = await patch(s, { id: small!.id, discountType: 'PERCENTAGE', discount: 7.5 })
    // 7.5 % of 1,001 kobo is 75.075 kobo: 75 off.
    expect(percent.body.data).toMatchObject({ discountType: 'PERCENTAGE', discount: 7.5, discountedPrice: 926 })
    const [row] = await t.db.select().from(productVariants).where(eq(productVariants.id, small!.id))
    expect(row).toMatchObject({ discountType: 'PERCENTAGE', discountValue: 750 })
    const flat = await patch(s, { id: small!.id, discountType: 'FLAT', discount: 1_000 })
    expect(flat.body.data).toMatchObject({ discountType: 'FLAT', discount: 1_000, discountedPrice: 1 })
    const cleared = await patch(s, { id: small!.id, clearDiscount: true })
    expect(cleared.body.data).toMatchObject({ discountType: null, discount: null, discountedPrice: 1_001 })
    const full = await patch(s, { id: small!.id, discountType: 'PERCENTAGE', discount: 100 })
    expect(full.body.data.discountedPrice).toBe(0)
  })

  it('422 naming the field for bad discounts and prices', async () => {
    const s = await seller(t)
    const [small] = (await makeProduct(t, s.token)).variants
    const cases: [Record<string, unknown>, string][] = [
      [{ price: -1 }, 'price: must not be negative'],
      [{ price: 0 }, 'price: must be more than zero'],
      [{ availableUnits: 1.5 }, 'availableUnits: must be a whole number'],
      [
        { discountType: 'PERCENTAGE', discount: 100.5 },
        'discount: must be a percentage above 0 and at most 100, with at most 2 decimal places',
      ],
      [
        { discountType: 'PERCENTAGE', discount: 12.345 },
        'discount: must be a percentage above 0 and at most 100, with at most 2 decimal places',
      ],
      [{ discountType: 'PERCENTAGE' }, 'discount: is required with discountType'],
      [{ discount: 5 }, 'discountType: is required with discount'],
      [{ discountType: 'COUPON', discount: 5 }, 'discountType: must be FLAT or PERCENTAGE'],
      [{ discountType: 'FLAT', discount: 1_000_00 }, 'discount: must be less than the price'],
      [{ discountType: 'FLAT', discount: 2_000_00 }, 'discount: must be less than the price'],
      [{ discountType: 'FLAT', discount: 10.5 }, 'discount: must be a whole number of kobo above zero'],
      [{ price: 500_00, discountType: 'FLAT', discount: 600_00 }, 'discount: must be less than the price'],
      [{ clearDiscount: true, discountType: 'FLAT', discount: 1 }, 'clearDiscount: cannot be combined with a new discount'],
    ]
    for (const [body, message] of cases) expectError(await patch(s, { id: small!.id, ...body }), 422, message)
    // Only the price changes, under an existing flat discount.
    await patch(s, { id: small!.id, discountType: 'FLAT', discount: 400_00 })
    expectError(await patch(s, { id: small!.id, price: 400_00 }), 422, "price: must be more than the variant's flat discount")
    expect((await patch(s, { id: small!.id, price: 400_01 })).body.data.discountedPrice).toBe(1)
    const edited = await patchProduct(t, s.token, {
      id: small!.productId,
      variants: [{ id: small!.id, options: { Size: 'Small' }, price: 300_00, availableUnits: 1 }],
    })
    expectError(edited, 422, "variants.0.price: must be more than the variant's flat discount")
    expect((await patch(s, { id: small!.id, price: 300_00, clearDiscount: true })).body.data.discountedPrice).toBe(300_00)
  })
})

describe('stock level alert', () => {
  it('notifies once when units fall to the threshold, again only after a restock and a new fall', async () => {
    const s = await seller(t)
    const chapman = await makeProduct(t, s.token, {
      name: 'Chapman',
      options: [],
      variants: [{ options: {}, price: 1_500_00, availableUnits: 10 }],
    })
    const variant = chapman.variants[0]
    const set = await alert(s, { productId: chapman.id, productVariantId: variant!.id, threshold: 3 })
    expect(set.status).toBe(200)
    expect(set.body).toMatchObject({ message: 'Stock level alert updated', data: { threshold: 3, isLowStock: false } })
    expect(lowStockMails(s)).toHaveLength(0)

    await sell(s, variant!.id, 6)
    expect(lowStockMails(s)).toHaveLength(0)
    await sell(s, variant!.id, 1)
    expect(lowStockMails(s)).toHaveLength(1)
    expect(lowStockMails(s)[0]).toMatchObject({
      channel: 'email',
      subject: expect.stringMatching(/: low stock: Chapman$/),
      text: `Chapman is down to 3 units (your stock level alert is 3). Restock it in Products so ${s.vendor.name} customers can keep buying.`,
    })
    await sell(s, variant!.id, 2)
    await patch(s, { id: variant!.id, isAvailable: true })
    expect(lowStockMails(s)).toHaveLength(1)
    expect(await product(s, chapman.id)).toMatchObject({ lowStockCount: 1, totalUnits: 1 })
    const flagged = await call(t.app, endpoints.listProducts, { token: s.token, query: { lowStock: 'true' } })
    expect(flagged.body.data.items.map((p: { id: string }) => p.id)).toEqual([chapman.id])

    expect((await patch(s, { id: variant!.id, availableUnits: 20 })).body.data.isLowStock).toBe(false)
    expect(await product(s, chapman.id)).toMatchObject({ lowStockCount: 0 })
    expect((await call(t.app, endpoints.listProducts, { token: s.token, query: { lowStock: 'true' } })).body.data.total).toBe(0)
    await sell(s, variant!.id, 17)
    expect(lowStockMails(s)).toHaveLength(2)
  })

  it('raising the threshold above the units notifies at once; names the options of the variant', async () => {
    const s = await seller(t)
    const p = await makeProduct(t, s.token)
    const large = p.variants[1]
    const res = await alert(s, { productId: p.id, productVariantId: large!.id, threshold: 10 })
    expect(res.body.data).toMatchObject({ isLowStock: true, threshold: 10 })
    expect(lowStockMails(s).map((m) => m.subject.split(': low stock: ')[1])).toEqual(['Jollof rice (Size: Large)'])
    expect(lowStockMails(s)[0]!.text).toContain('down to 10 units')
    await alert(s, { productId: p.id, productVariantId: large!.id, threshold: 9 })
    await alert(s, { productId: p.id, productVariantId: large!.id, threshold: 10 })
    expect(lowStockMails(s)).toHaveLength(2)
    const variants = await call(t.app, endpoints.listVariants, { token: s.token, query: { productId: p.id } })
    expect(variants.body.data.items.map((v: { isLowStock: boolean }) => v.isLowStock)).toEqual([false, true])
  })

  it('a notice goes out only after its change committed', async () => {
    const s = await seller(t)
    const p = await makeProduct(t, s.token)
    await alert(s, { productId: p.id, productVariantId: p.variants[0]!.id, threshold: 2 })
    await t.db
      .transaction(async (tx) => {
        await adjustStock(tx, s.vendor.id, p.variants[0]!.id, -9)
        throw new Error('the order failed after taking stock')
      })
      .catch(() => {})
    expect(lowStockMails(s)).toHaveLength(0)
    expect((await product(s, p.id)).variants[0]).toMatchObject({ availableUnits: 10, isLowStock: false })
  })

  it('422 for a threshold that is not a whole number; 404 when the product does not own the variant', async () => {
    const s = await seller(t)
    const p = await makeProduct(t, s.token)
    const other = await makeProduct(t, s.token, { name: 'Other' })
    expectError(
      await alert(s, { productId: p.id, productVariantId: p.variants[0]!.id, threshold: 2.5 }),
      422,
      'threshold: must be a whole number',
    )
    expectError(
      await alert(s, { productId: p.id, productVariantId: p.variants[0]!.id, threshold: -1 }),
      422,
      'threshold: must not be negative',
    )
    expectError(
      await alert(s, { productId: other.id, productVariantId: p.variants[0]!.id, threshold: 2 }),
      404,
      'Product variant not found',
    )
  })
})

describe('adjustStock', () => {
  it('never goes below zero: 409 when there are not enough units, whatever races', async () => {
    const s = await seller(t)
    const [small] = (await makeProduct(t, s.token)).variants
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => sell(s, small!.id, 3)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3)
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason).toBeInstanceOf(ApiError)
    expect(refused.reason).toMatchObject({ status: 409, code: 'NOT_ENOUGH_STOCK', message: 'Only 1 unit is left' })
    expect((await product(s, small!.productId)).variants[0]!.availableUnits).toBe(1)
    await expect(sell(s, 'no-such-variant', 1)).rejects.toMatchObject({ status: 404, message: 'Product variant not found' })
    const restocked = await t.db.transaction((tx) => adjustStock(tx, s.vendor.id, small!.id, 5))
    expect(restocked.variant.availableUnits).toBe(6)
  })
})

describe('concurrent changes of one product', () => {
  it('take turns: variant edits, product edits, pay links and sales at once all succeed (no deadlock on PostgreSQL)', async () => {
    const s = await seller(t)
    const made = await makeProduct(t, s.token)
    const [small, large] = made.variants
    const keepBoth = (price: number) =>
      made.variants.map((v: { id: string; options: object }) => ({ id: v.id, options: v.options, price, availableUnits: 50 }))
    for (let round = 1; round <= 8; round++) {
      const answers = await Promise.all([
        patch(s, { id: small!.id, isAvailable: round % 2 === 0 }),
        patchProduct(t, s.token, { id: made.id, variants: keepBoth(1_000_00 + round) }),
        alert(s, { productId: made.id, productVariantId: large!.id, threshold: round }),
        call(t.app, endpoints.generatePayLink, { token: s.token, body: { id: small!.id } }),
        sell(s, large!.id, 1).then(() => ({ status: 200, body: null })),
      ])
      expect(
        answers.map((res) => res.status),
        JSON.stringify(answers.map((res) => res.body)),
      ).toEqual([200, 200, 200, 200, 200])
    }
  })
})
