import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { call } from '../harness'
import { catalogueApp, expectError, image, makeCollection, makeProduct, PNG, seller, WEBP } from './helpers'

/* GET /product: live products newest first, paged, and its filters. */

let t: Awaited<ReturnType<typeof catalogueApp>>
beforeAll(async () => {
  t = await catalogueApp()
})

const single = (price: number, availableUnits = 5) => ({ options: [], variants: [{ options: {}, price, availableUnits }] })

describe('GET /product', () => {
  it('lists live products newest first with the cover image, paged', async () => {
    const s = await seller(t)
    const first = await makeProduct(t, s.token, { name: 'Puff-puff' }, [image(WEBP, 'image/webp'), image(PNG, 'image/png')])
    await makeProduct(t, s.token, { name: 'Zobo' })
    const gone = await makeProduct(t, s.token, { name: 'Gone' })
    await call(t.app, endpoints.deleteProduct, { token: s.token, query: { id: gone.id } })
    const res = await call(t.app, endpoints.listProducts, { token: s.token })
    expect(res.body.data).toMatchObject({ page: 1, size: 20, total: 2 })
    expect(res.body.data.items.map((p: { name: string }) => p.name)).toEqual(['Zobo', 'Puff-puff'])
    expect(res.body.data.items[1]!.image).toEqual(first.images[0])
    expect(res.body.data.items[0]).toMatchObject({ image: null, minPrice: 1_000_00, maxPrice: 1_500_00, variantCount: 2 })
    const page2 = await call(t.app, endpoints.listProducts, { token: s.token, query: { size: '1', page: '2' } })
    expect(page2.body.data.items.map((p: { name: string }) => p.name)).toEqual(['Puff-puff'])
  })

  it('answers the total on an empty list and on a page past the end, filtered or not (decision 098)', async () => {
    const s = await seller(t)
    const list = async (query: Record<string, string>) => (await call(t.app, endpoints.listProducts, { token: s.token, query })).body.data
    expect(await list({})).toEqual({ items: [], page: 1, size: 20, total: 0 })
    await makeProduct(t, s.token, { name: 'Chin-chin' })
    await makeProduct(t, s.token, { name: 'Kilishi' })
    expect(await list({ page: '3', size: '1' })).toEqual({ items: [], page: 3, size: 1, total: 2 })
    expect(await list({ page: '2', size: '1', name: 'chin' })).toEqual({ items: [], page: 2, size: 1, total: 1 })
    expect((await list({ page: '2', size: '1' })).total).toBe(2)
    expect((await list({ page: '1', size: '1', name: 'chin' })).total).toBe(1)
  })

  it('filters by name (% and _ literal), publication, collection and category', async () => {
    const s = await seller(t)
    const drinks = await makeCollection(t, s.token, 'Drinks')
    await makeProduct(t, s.token, { name: 'Zobo 50% off', collectionId: drinks.id, categoryId: 'food-and-drinks' })
    await makeProduct(t, s.token, { name: 'Zobo_large', isPublished: false, collectionId: drinks.id })
    await makeProduct(t, s.token, { name: 'Ankara fabric', categoryId: 'fashion' })
    const names = async (query: Record<string, string>) =>
      (await call(t.app, endpoints.listProducts, { token: s.token, query })).body.data.items.map((p: { name: string }) => p.name)
    expect(await names({ name: 'zobo' })).toEqual(['Zobo_large', 'Zobo 50% off'])
    expect(await names({ name: '50%' })).toEqual(['Zobo 50% off'])
    expect(await names({ name: '%' })).toEqual(['Zobo 50% off'])
    expect(await names({ name: 'o_l' })).toEqual(['Zobo_large'])
    expect(await names({ isPublished: 'false' })).toEqual(['Zobo_large'])
    expect(await names({ isPublished: 'true', collectionId: drinks.id })).toEqual(['Zobo 50% off'])
    expect(await names({ categoryId: 'fashion' })).toEqual(['Ankara fabric'])
    const theirs = await makeCollection(t, (await seller(t)).token)
    expectError(
      await call(t.app, endpoints.listProducts, { token: s.token, query: { collectionId: theirs.id } }),
      404,
      'Collection not found',
    )
  })

  it('price range: a product matches when any variant price is inside, not when variants straddle it', async () => {
    const s = await seller(t)
    await makeProduct(t, s.token, { name: 'A', ...single(500) })
    await makeProduct(t, s.token, {
      name: 'B',
      variants: [
        { options: { Size: 'Small' }, price: 100, availableUnits: 1 },
        { options: { Size: 'Large' }, price: 1_000, availableUnits: 1 },
      ],
    })
    await makeProduct(t, s.token, {
      name: 'C',
      variants: [
        { options: { Size: 'Small' }, price: 300, availableUnits: 1 },
        { options: { Size: 'Large' }, price: 400, availableUnits: 1 },
      ],
    })
    const names = async (low?: number, high?: number) => {
      const query: Record<string, string> = {}
      if (low !== undefined) query.priceRangeLow = String(low)
      if (high !== undefined) query.priceRangeHigh = String(high)
      const res = await call(t.app, endpoints.listProducts, { token: s.token, query })
      return [
        res.body.data.items
          .map((p: { name: string }) => p.name)
          .sort()
          .join(''),
        res.body.data.total,
      ]
    }
    expect(await names(200, 500)).toEqual(['AC', 2])
    expect(await names(50, 150)).toEqual(['B', 1])
    expect(await names(450, 600)).toEqual(['A', 1])
    expect(await names(1_000, 1_000)).toEqual(['B', 1])
    expect(await names(600)).toEqual(['B', 1])
    expect(await names(undefined, 350)).toEqual(['BC', 2])
    expect(await names(401, 499)).toEqual(['', 0])
    const reversed = await call(t.app, endpoints.listProducts, { token: s.token, query: { priceRangeLow: '5', priceRangeHigh: '4' } })
    expectError(reversed, 422, 'priceRangeHigh: must not be below priceRangeLow')
  })
})
