import { beforeAll, describe, expect, it } from 'vitest'

import { catalogueEndpoints } from '#contract/catalogue'
import { endpoints } from '#contract/index'
import { PERMISSIONS } from '#contract/permissions'

import { call, callRaw, prepare, type Prepared } from '../harness'
import {
  catalogueApp,
  expectError,
  form,
  image,
  makeCollection,
  makeProduct,
  memberToken,
  PNG,
  productFields,
  type Seller,
  seller,
} from './helpers'

/* Object-level access: another vendor's collection, product, variant or image is "not found" on every call. */

let t: Awaited<ReturnType<typeof catalogueApp>>
let victim: Seller
let intruder: Seller
let theirs: { collection: { id: string }; product: { id: string; images: { id: string }[]; variants: { id: string }[] } }
beforeAll(async () => {
  t = await catalogueApp()
  victim = await seller(t)
  intruder = await seller(t)
  const collection = await makeCollection(t, victim.token, 'Drinks')
  const product = await makeProduct(t, victim.token, { collectionId: collection.id }, [image(PNG, 'image/png')])
  await call(t.app, endpoints.generatePayLink, { token: victim.token, body: { id: product.variants[0]!.id } })
  theirs = { collection, product }
})

describe("another vendor's ids", () => {
  it('404 on every call that takes one, and nothing of theirs changes', async () => {
    const before = await call(t.app, endpoints.productDetail, { token: victim.token, query: { id: theirs.product.id } })
    const mine = await makeProduct(t, intruder.token)
    const variantId = theirs.product.variants[0]!.id
    const keep = { options: { Size: 'Small' }, price: 1_00, availableUnits: 0 }
    const collectionId = theirs.collection.id
    const productId = theirs.product.id
    const attempts: [Prepared, string][] = [
      [prepare(endpoints.updateCollection, { body: { id: collectionId, name: 'Mine' } }), 'Collection'],
      [prepare(endpoints.setCollectionVisibility, { body: { id: collectionId, isVisible: false } }), 'Collection'],
      [prepare(endpoints.listProducts, { query: { collectionId } }), 'Collection'],
      [prepare(endpoints.createProduct, { form: form(productFields({ collectionId })) }), 'Collection'],
      [prepare(endpoints.productDetail, { query: { id: productId } }), 'Product'],
      [prepare(endpoints.deleteProduct, { query: { id: productId } }), 'Product'],
      [prepare(endpoints.updateProduct, { form: form({ id: productId, name: 'Mine' }) }), 'Product'],
      [prepare(endpoints.updateProduct, { form: form({ id: mine.id, collectionId }) }), 'Collection'],
      [prepare(endpoints.updateProduct, { form: form({ id: mine.id, variants: [{ id: variantId, ...keep }] }) }), 'Product variant'],
      [prepare(endpoints.updateProduct, { form: form({ id: mine.id, keepImageIds: [theirs.product.images[0]!.id] }) }), 'Product image'],
      [prepare(endpoints.listVariants, { query: { productId } }), 'Product'],
      [prepare(endpoints.updateVariant, { body: { id: variantId, price: 1_00 } }), 'Product variant'],
      [prepare(endpoints.generatePayLink, { body: { id: variantId } }), 'Product variant'],
      [prepare(endpoints.setStockAlert, { body: { productId, productVariantId: variantId, threshold: 1 } }), 'Product variant'],
      [prepare(endpoints.setStockAlert, { body: { productId: mine.id, productVariantId: variantId, threshold: 1 } }), 'Product variant'],
    ]
    for (const [attempt, what] of attempts) {
      const res = await attempt.send(t.app, { token: intruder.token })
      expectError(res, 404, `${what} not found`)
      expect(res.body.code).toBe('NOT_FOUND')
    }
    const after = await call(t.app, endpoints.productDetail, { token: victim.token, query: { id: theirs.product.id } })
    expect(after.body.data).toEqual(before.body.data)
    const collections = await call(t.app, endpoints.listCollections, { token: victim.token })
    expect(collections.body.data.items[0]).toMatchObject({ name: 'Drinks', isVisible: true, productCount: 1 })
  })

  it('lists never show them', async () => {
    for (const list of [prepare(endpoints.listProducts), prepare(endpoints.listCollections), prepare(endpoints.listVariants)]) {
      const res = await list.send(t.app, { token: intruder.token })
      const ids = res.body.data.items.map((item: { id: string; productId?: string }) => item.productId ?? item.id)
      expect(ids).not.toContain(theirs.product.id)
      expect(ids).not.toContain(theirs.collection.id)
    }
  })
})

describe('permission', () => {
  it('403 on every catalogue call without VENDOR_INVENTORY, even with every other permission; the pay link stays public', async () => {
    const token = await memberToken(
      t,
      victim,
      PERMISSIONS.filter((p) => p !== 'VENDOR_INVENTORY'),
    )
    const withInventory = await memberToken(t, victim, ['VENDOR_INVENTORY'])
    for (const [name, e] of Object.entries(catalogueEndpoints)) {
      if (!('permission' in e)) continue
      const res = await callRaw(t.app, e.method, e.path, { token, body: e.method === 'GET' ? undefined : {} })
      expect(res.status, name).toBe(403)
      expect(res.body).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' })
    }
    const list = await call(t.app, endpoints.listProducts, { token: withInventory })
    expect(list.status).toBe(200)
    expect(list.body.data.total).toBe(1)
  })
})
