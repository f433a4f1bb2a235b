import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { call } from '../harness'
import {
  catalogueApp,
  expectError,
  makeProduct,
  memberToken,
  patchProduct,
  postProduct,
  productFields,
  type Seller,
  seller,
} from './helpers'

/* A variant's SKU and barcode (decision 175): unique per vendor among live variants, found by GET /order/variants?code=. */

let t: Awaited<ReturnType<typeof catalogueApp>>
beforeAll(async () => {
  t = await catalogueApp()
})

/** Jollof rice with codes on both sizes: Small JR-S / 6151100000011, Large JR-L / 6151100000028. */
const coded = (overrides: Record<string, unknown> = {}) =>
  productFields({
    variants: [
      { options: { Size: 'Small' }, price: 1_000_00, availableUnits: 10, sku: 'JR-S', barcode: '6151100000011' },
      { options: { Size: 'Large' }, price: 1_500_00, availableUnits: 10, sku: 'JR-L', barcode: '6151100000028' },
    ],
    ...overrides,
  })

const single = (sku: string | null, barcode: string | null, name = 'Zobo') => ({
  name,
  isPublished: true,
  options: [],
  variants: [{ options: {}, price: 500_00, availableUnits: 5, sku, barcode }],
})

const byCode = (s: Seller, code: string, token = s.token) => call(t.app, endpoints.sellableVariants, { token, query: { code } })

describe('SKU and barcode', () => {
  it('are kept on create and shown on the variant; blank means none', async () => {
    const s = await seller(t)
    const product = await makeProduct(t, s.token, coded())
    expect(product.variants.map((v) => [v.sku, v.barcode])).toEqual([
      ['JR-S', '6151100000011'],
      ['JR-L', '6151100000028'],
    ])
    const blank = await makeProduct(t, s.token, single('  ', '', 'Chapman'))
    expect(blank.variants[0]).toMatchObject({ sku: null, barcode: null })
  })

  it('refuses a SKU (any case) or barcode another live variant of the vendor has, naming the field and the holder', async () => {
    const s = await seller(t)
    await makeProduct(t, s.token, coded())
    const skuTaken = await postProduct(t, s.token, single('jr-s', null))
    expectError(skuTaken, 409, 'SKU jr-s is already used by Jollof rice (Small)')
    expect(skuTaken.body.code).toBe('VARIANT_CODE_TAKEN')
    expect(skuTaken.body.issues).toEqual([{ path: 'variants.0.sku', message: 'is already used by Jollof rice (Small)' }])
    const barcodeTaken = await postProduct(t, s.token, single('ZB-1', '6151100000028'))
    expect(barcodeTaken.status).toBe(409)
    expect(barcodeTaken.body.issues).toEqual([{ path: 'variants.0.barcode', message: 'is already used by Jollof rice (Large)' }])
    // Nothing was made by the refused calls.
    const list = await call(t.app, endpoints.listProducts, { token: s.token, query: {} })
    expect(list.body.data.total).toBe(1)
  })

  it('two vendors may share a code', async () => {
    const [a, b] = [await seller(t), await seller(t)]
    await makeProduct(t, a.token, coded())
    const same = await postProduct(t, b.token, coded())
    expect(same.status, JSON.stringify(same.body)).toBe(201)
    const found = await byCode(b, '6151100000011')
    expect(found.body.data.items.map((v) => v.productId)).toEqual([same.body.data.id])
  })

  it('two variants of one product may not share one (422), and a barcode has no spaces', async () => {
    const s = await seller(t)
    const twice = await postProduct(
      t,
      s.token,
      coded({
        variants: [
          { options: { Size: 'Small' }, price: 1_000_00, availableUnits: 1, barcode: '111' },
          { options: { Size: 'Large' }, price: 1_500_00, availableUnits: 1, barcode: '111' },
        ],
      }),
    )
    expect(twice.status).toBe(422)
    expect(twice.body.issues).toEqual([{ path: 'variants.1.barcode', message: 'is already used by another variant of this product' }])
    const spaced = await postProduct(t, s.token, single(null, '123 456'))
    expect(spaced.status).toBe(422)
    expect(spaced.body.issues![0]).toMatchObject({ path: 'variants.0.barcode' })
  })

  it('PATCH /product/variants sets, refuses a taken one under its field, and clears with null', async () => {
    const s = await seller(t)
    const jollof = await makeProduct(t, s.token, coded())
    const zobo = await makeProduct(t, s.token, single(null, null))
    const id = zobo.variants[0]!.id
    const taken = await call(t.app, endpoints.updateVariant, { token: s.token, body: { id, barcode: '6151100000011' } })
    expectError(taken, 409, 'Barcode 6151100000011 is already used by Jollof rice (Small)')
    expect(taken.body.issues).toEqual([{ path: 'barcode', message: 'is already used by Jollof rice (Small)' }])
    const set = await call(t.app, endpoints.updateVariant, { token: s.token, body: { id, sku: 'ZB-50', barcode: '6151100000035' } })
    expect(set.body.data).toMatchObject({ sku: 'ZB-50', barcode: '6151100000035', price: 500_00 })
    // Its own code again is no conflict.
    const again = await call(t.app, endpoints.updateVariant, { token: s.token, body: { id, sku: 'zb-50' } })
    expect(again.body.data.sku).toBe('zb-50')
    const cleared = await call(t.app, endpoints.updateVariant, { token: s.token, body: { id, barcode: null } })
    expect(cleared.body.data).toMatchObject({ sku: 'zb-50', barcode: null })
    // A kept variant left without codes in a product update keeps its own.
    const kept = await patchProduct(t, s.token, {
      id: jollof.id,
      variants: jollof.variants.map((v) => ({ id: v.id, options: v.options, price: v.price, availableUnits: v.availableUnits })),
    })
    expect(kept.body.data.variants.map((v) => v.sku)).toEqual(['JR-S', 'JR-L'])
  })

  it('two variants of a product may swap codes in one update; a removed product’s codes are free again', async () => {
    const s = await seller(t)
    const jollof = await makeProduct(t, s.token, coded())
    const [small, large] = jollof.variants
    const swapped = await patchProduct(t, s.token, {
      id: jollof.id,
      variants: [
        { id: small!.id, options: small!.options, price: small!.price, availableUnits: 10, sku: 'JR-L', barcode: '6151100000028' },
        { id: large!.id, options: large!.options, price: large!.price, availableUnits: 10, sku: 'JR-S', barcode: '6151100000011' },
      ],
    })
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200)
    expect(swapped.body.data.variants.map((v) => `${v.options.Size} ${v.sku}`)).toEqual(['Small JR-L', 'Large JR-S'])
    expect((await postProduct(t, s.token, single('JR-L', null))).status).toBe(409)
    expect((await call(t.app, endpoints.deleteProduct, { token: s.token, query: { id: jollof.id } })).status).toBe(200)
    expect((await postProduct(t, s.token, single('JR-L', '6151100000028'))).status).toBe(201)
  })
})

describe('GET /order/variants?code=', () => {
  it('finds the variant by its exact barcode or its SKU in any case, for a cashier with orders only', async () => {
    const s = await seller(t)
    const jollof = await makeProduct(t, s.token, coded())
    await makeProduct(t, s.token, single('ZB-1', '6151100000042'))
    const cashier = await memberToken(t, s, ['VENDOR_ORDERS'])
    const ids = async (code: string) => (await byCode(s, code, cashier)).body.data.items.map((v) => v.id)
    expect(await ids('6151100000028')).toEqual([jollof.variants[1]!.id])
    expect(await ids(' jr-s ')).toEqual([jollof.variants[0]!.id])
    // A barcode is exact: part of one, or another vendor's, finds nothing.
    expect(await ids('615110000002')).toEqual([])
    const other = await seller(t)
    await makeProduct(t, other.token, single('OTHER', '9999999999994'))
    expect(await ids('9999999999994')).toEqual([])
  })

  it('leaves out a variant that cannot be sold now (switched off)', async () => {
    const s = await seller(t)
    const zobo = await makeProduct(t, s.token, single('ZB-2', '6151100000059'))
    await call(t.app, endpoints.updateVariant, { token: s.token, body: { id: zobo.variants[0]!.id, isAvailable: false } })
    expect((await byCode(s, '6151100000059')).body.data.total).toBe(0)
  })
})
