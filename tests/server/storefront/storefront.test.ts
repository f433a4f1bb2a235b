import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { shops } from '#server/db/onboarding-schema'
import { vendors } from '#server/db/schema'

import { catalogueApp, image, makeProduct, PNG, type Seller, seller } from '../catalogue/helpers'
import { call, createVendor, testDb } from '../harness'
import { makeOutlet } from '../outlets/helpers'

/* The public GET /storefront: a shop's look and its published products with pay links. */

let t: Awaited<ReturnType<typeof catalogueApp>>
beforeAll(async () => {
  t = await catalogueApp()
})

const NOT_AVAILABLE = { message: 'This shop is not available', code: 'SHOP_NOT_FOUND' }
const shopUrl = () => `shop-${randomUUID().slice(0, 8)}`
const open = (url: string, extra: Record<string, string> = {}) => call(t.app, endpoints.storefront, { query: { url, ...extra } })

async function shopOf(s: { vendor: { id: string } }, url = shopUrl()) {
  const db = await testDb()
  await db.update(vendors).set({ url }).where(eq(vendors.id, s.vendor.id))
  return url
}

async function withShop(): Promise<Seller & { url: string }> {
  const s = await seller(t)
  return { ...s, url: await shopOf(s) }
}

describe('GET /storefront', () => {
  it('shows a published product with its price range and the pay link of a variant that has one', async () => {
    const s = await withShop()
    const product = await makeProduct(t, s.token, {}, [image(PNG, 'image/png')])
    const [small, large] = product.variants
    const link = (await call(t.app, endpoints.generatePayLink, { token: s.token, body: { id: small!.id } })).body.data.paylink
    // A 10 % discount on Large: the storefront shows what the customer pays.
    const discounted = await call(t.app, endpoints.updateVariant, {
      token: s.token,
      body: { id: large!.id, discountType: 'PERCENTAGE', discount: 10 },
    })
    expect(discounted.status, JSON.stringify(discounted.body)).toBe(200)
    const res = await open(s.url)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const data = res.body.data
    expect(data).toMatchObject({ name: s.vendor.name, url: s.url, currency: 'NGN' })
    expect(data.products).toMatchObject({ page: 1, size: 20, total: 1 })
    const [item] = data.products.items
    expect(item).toMatchObject({ id: product.id, name: 'Jollof rice', minPrice: 1_000_00, maxPrice: 1_350_00 })
    expect(item!.imageUrl).toMatch(/^\/api\/files\//)
    expect(item!.variants).toEqual([
      { id: small!.id, options: { Size: 'Small' }, price: 1_000_00, payLink: `/pay/${link!.split('/pay/')[1]}` },
      { id: large!.id, options: { Size: 'Large' }, price: 1_350_00, payLink: null },
    ])
    // Public: no session needed, and a customer's browser may open the image.
    expect((await t.app.request(item!.imageUrl!)).status).toBe(200)
  })

  it('leaves out unpublished and deleted products, and lists sold-out variants as not on sale', async () => {
    const s = await withShop()
    await makeProduct(t, s.token, { name: 'Draft', isPublished: false })
    const gone = await makeProduct(t, s.token, { name: 'Gone' })
    await call(t.app, endpoints.deleteProduct, { token: s.token, query: { id: gone.id } })
    await makeProduct(t, s.token, {
      name: 'Sold out',
      options: [],
      variants: [{ options: {}, price: 500_00, availableUnits: 0 }],
    })
    const res = await open(s.url)
    expect(res.body.data.products.total).toBe(1)
    expect(res.body.data.products.items).toEqual([
      expect.objectContaining({ name: 'Sold out', minPrice: 500_00, maxPrice: 500_00, variants: [] }),
    ])
  })

  it('sells from the main store: a variant whose units are all at outlets reads as not on sale (the cart could not sell it)', async () => {
    const s = await withShop()
    const rice = await makeProduct(t, s.token)
    const [small, large] = rice.variants
    const chops = await makeProduct(t, s.token, {
      name: 'Small chops',
      options: [],
      variants: [{ options: {}, price: 500_00, availableUnits: 4 }],
    })
    const lekki = await makeOutlet(t, s.token, { name: 'Lekki' })
    const toLekki = async (variantId: string, quantity: number) => {
      const res = await call(t.app, endpoints.transferStock, {
        token: s.token,
        headers: { 'idempotency-key': randomUUID() },
        body: { variantId, fromOutletId: null, toOutletId: lekki.id, quantity },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
    }
    // Every Small and every Small chops at Lekki; Large keeps 6 of its 10 at the main store.
    await toLekki(small!.id, 10)
    await toLekki(large!.id, 4)
    await toLekki(chops.variants[0]!.id, 4)

    const items = (await open(s.url)).body.data.products.items
    const byName = new Map(items.map((item: { name: string }) => [item.name, item]))
    expect(byName.get('Jollof rice')).toMatchObject({
      minPrice: 1_500_00,
      maxPrice: 1_500_00,
      variants: [{ id: large!.id, options: { Size: 'Large' }, price: 1_500_00, payLink: null }],
    })
    // Nothing at the main store: the card says "Not available" (no variants) and still shows what it costs.
    expect(byName.get('Small chops')).toMatchObject({ minPrice: 500_00, maxPrice: 500_00, variants: [] })
  })

  it('uses the default look without a shops row, and the shop settings with one', async () => {
    const s = await withShop()
    expect((await open(s.url)).body.data).toMatchObject({
      description: '',
      logoUrl: null,
      font: { id: 'inter', family: 'Inter, system-ui, sans-serif' },
      background: { id: 'plain', value: '#ffffff' },
    })
    const db = await testDb()
    await db
      .insert(shops)
      .values({ vendorId: s.vendor.id, description: 'Hot food daily', font: 'playfair', background: 'mint', logoKey: 'logo.png' })
    expect((await open(s.url.toUpperCase())).body.data).toMatchObject({
      description: 'Hot food daily',
      logoUrl: '/api/files/logo.png',
      font: { id: 'playfair' },
      background: { id: 'mint', value: '#e6f4ee' },
    })
  })

  it('answers an unknown URL and a shop not approved with the same 404', async () => {
    const unknown = await open(shopUrl())
    for (const status of ['under_review', 'rejected', 'pending_verification'] as const) {
      const pending = await createVendor({ status })
      const res = await open(await shopOf(pending))
      expect(res.status).toBe(404)
      expect(res.body).toEqual(unknown.body)
    }
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual(NOT_AVAILABLE)
  })

  it('pages the products, newest first', async () => {
    const s = await withShop()
    for (const name of ['One', 'Two', 'Three']) await makeProduct(t, s.token, { name })
    const first = (await open(s.url, { size: '2' })).body.data.products
    expect(first).toMatchObject({ page: 1, size: 2, total: 3 })
    expect(first.items.map((p: { name: string }) => p.name)).toEqual(['Three', 'Two'])
    const second = (await open(s.url, { size: '2', page: '2' })).body.data.products
    expect(second.items.map((p: { name: string }) => p.name)).toEqual(['One'])
  })

  it('refuses a malformed URL with 422 naming the field, never 500', async () => {
    for (const url of ['bad\u0000url', 'x'.repeat(101), 'no spaces', '']) {
      const res = await open(url)
      expect(res.status, JSON.stringify(res.body)).toBe(422)
      expect(JSON.stringify(res.body)).toContain('url')
    }
    expect((await call(t.app, endpoints.storefront)).status).toBe(422)
    expect((await open('mama-put-kitchen', { page: '0' })).status).toBe(422)
  })
})
