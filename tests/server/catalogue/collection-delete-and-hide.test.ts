import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { vendors } from '#server/db/schema'

import { call, testDb } from '../harness'
import { catalogueApp, makeCollection, makeProduct, memberToken, seller } from './helpers'

/* DELETE /product/collections keeps its products without a collection; a hidden collection leaves the storefront. */

let t: Awaited<ReturnType<typeof catalogueApp>>
beforeAll(async () => {
  t = await catalogueApp()
})

const remove = (token: string, id: string) => call(t.app, endpoints.deleteCollection, { token, query: { id } })
const product = (token: string, id: string) => call(t.app, endpoints.productDetail, { token, query: { id } })
const collectionsOf = (token: string) => call(t.app, endpoints.listCollections, { token, query: { size: '100' } })

async function openShop(vendorId: string) {
  const url = `shop-${randomUUID().slice(0, 8)}`
  await (await testDb()).update(vendors).set({ url }).where(eq(vendors.id, vendorId))
  return url
}
const storefrontNames = async (url: string) =>
  (await call(t.app, endpoints.storefront, { query: { url } })).body.data.products.items.map((p: { name: string }) => p.name)

describe('DELETE /product/collections', () => {
  it('deletes the collection; its products stay, with no collection', async () => {
    const s = await seller(t)
    const drinks = await makeCollection(t, s.token, 'Drinks')
    const zobo = await makeProduct(t, s.token, { name: 'Zobo', collectionId: drinks.id })
    const res = await remove(s.token, drinks.id)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual({ message: 'Collection deleted', data: null })
    expect((await collectionsOf(s.token)).body.data.items).toEqual([])
    const kept = await product(s.token, zobo.id)
    expect(kept.status).toBe(200)
    expect(kept.body.data).toMatchObject({ name: 'Zobo', collection: null })
    // The name is free again.
    expect((await makeCollection(t, s.token, 'drinks')).name).toBe('drinks')
    expect((await remove(s.token, drinks.id)).status).toBe(404)
  })

  it('another vendor’s collection is 404 and stays; it needs VENDOR_INVENTORY', async () => {
    const [s, other] = await Promise.all([seller(t), seller(t)])
    const theirs = await makeCollection(t, other.token)
    expect((await remove(s.token, theirs.id)).status).toBe(404)
    expect((await collectionsOf(other.token)).body.data.items).toHaveLength(1)
    const without = await memberToken(t, other, ['VENDOR_SETTINGS'])
    expect((await remove(without, theirs.id)).status).toBe(403)
    expect((await remove(await memberToken(t, other, ['VENDOR_INVENTORY']), theirs.id)).status).toBe(200)
  })
})

describe('a hidden collection on the storefront', () => {
  it('takes its products off the storefront; showing it again brings them back; no collection is listed', async () => {
    const s = await seller(t)
    const url = await openShop(s.vendor.id)
    const drinks = await makeCollection(t, s.token, 'Drinks')
    await makeProduct(t, s.token, { name: 'Zobo', collectionId: drinks.id })
    await makeProduct(t, s.token, { name: 'Jollof rice' })
    expect((await storefrontNames(url)).sort()).toEqual(['Jollof rice', 'Zobo'])

    const hide = await call(t.app, endpoints.setCollectionVisibility, { token: s.token, body: { id: drinks.id, isVisible: false } })
    expect(hide.status).toBe(200)
    expect(await storefrontNames(url)).toEqual(['Jollof rice'])
    expect((await call(t.app, endpoints.storefront, { query: { url } })).body.data.products.total).toBe(1)

    await call(t.app, endpoints.setCollectionVisibility, { token: s.token, body: { id: drinks.id, isVisible: true } })
    expect((await storefrontNames(url)).sort()).toEqual(['Jollof rice', 'Zobo'])
  })
})
