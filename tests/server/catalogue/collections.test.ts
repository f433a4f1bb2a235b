import { beforeAll, describe, expect, it } from 'vitest'

import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'

import { call, type TestApp, unchecked } from '../harness'
import { catalogueApp, expectError, makeCollection, makeProduct, type Seller, seller } from './helpers'

/* GET, POST, PATCH and PUT /product/collections. */

let t: TestApp
beforeAll(async () => {
  t = await catalogueApp()
})

const list = (s: Seller, query: Record<string, string> = {}) =>
  call(t.app, endpoints.listCollections, { token: s.token, query }).then((res) => res.body.data)
const names = (page: { items: { name: string }[] }) => page.items.map((item) => item.name)

describe('collections', () => {
  it('adds a visible collection, lists newest first and counts only live products', async () => {
    const s = await seller(t)
    const res = await call(t.app, endpoints.createCollection, {
      token: s.token,
      body: { name: '  Rice dishes ', description: 'Party rice' },
    })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('Collection added')
    expect(res.body.data).toMatchObject({ name: 'Rice dishes', description: 'Party rice', isVisible: true, productCount: 0 })
    const drinks = await makeCollection(t, s.token, 'Drinks')
    await makeProduct(t, s.token, { collectionId: res.body.data.id })
    const gone = await makeProduct(t, s.token, { collectionId: res.body.data.id, name: 'Fried rice' })
    await makeProduct(t, s.token, { collectionId: res.body.data.id, name: 'Ofada rice' })
    await call(t.app, endpoints.deleteProduct, { token: s.token, query: { id: gone.id } })

    const page = await list(s)
    expect(page).toMatchObject({ page: 1, size: 20, total: 2 })
    expect(page.items.map((c: { name: string; productCount: number }) => [c.name, c.productCount])).toEqual([
      ['Drinks', 0],
      ['Rice dishes', 2],
    ])
    expect(drinks.description).toBeNull()
  })

  it('filters by visibility and name; a huge size fetches all, capped', async () => {
    const s = await seller(t)
    const soups = await makeCollection(t, s.token, 'Soups and swallow')
    await makeCollection(t, s.token, 'Small chops')
    await makeCollection(t, s.token, '100% natural_drinks')
    await call(t.app, endpoints.setCollectionVisibility, { token: s.token, body: { id: soups.id, isVisible: false } })
    expect(names(await list(s, { isVisible: 'false' }))).toEqual(['Soups and swallow'])
    expect(names(await list(s, { isVisible: 'true' }))).toEqual(['100% natural_drinks', 'Small chops'])
    expect(names(await list(s, { name: 's' }))).toEqual(['100% natural_drinks', 'Small chops', 'Soups and swallow'])
    expect(names(await list(s, { name: 'SMALL' }))).toEqual(['Small chops'])
    // % and _ are letters in a search, not wildcards.
    expect(names(await list(s, { name: '0%' }))).toEqual(['100% natural_drinks'])
    expect(names(await list(s, { name: 'l_d' }))).toEqual(['100% natural_drinks'])
    expect(names(await list(s, { name: '%' }))).toEqual(['100% natural_drinks'])
    const all = await list(s, { size: '1000' })
    expect(all).toMatchObject({ size: 1000, total: 3 })
    expect((await list(s, { size: '2', page: '2' })).items).toHaveLength(1)
    const bad = await call(t.app, endpoints.listCollections, { token: s.token, query: unchecked({ isVisible: 'yes' }) })
    expectError(bad, 422, 'isVisible: must be true or false')
  })

  it('names are unique per vendor ignoring case (409), but another vendor may reuse one', async () => {
    const s = await seller(t)
    await makeCollection(t, s.token, 'Drinks')
    const again = await call(t.app, endpoints.createCollection, { token: s.token, body: { name: 'DRINKS' } })
    expectError(again, 409, 'You already have a collection named DRINKS')
    expect(again.body).toMatchObject({ code: 'COLLECTION_NAME_TAKEN', issues: [{ path: 'name' }] })
    const other = await seller(t)
    expect((await makeCollection(t, other.token, 'Drinks')).name).toBe('Drinks')
  })

  it('422 naming the field for a blank or long name', async () => {
    const s = await seller(t)
    expectError(await call(t.app, endpoints.createCollection, { token: s.token, body: { name: '  ' } }), 422, 'name: is required')
    expectError(
      await call(t.app, endpoints.createCollection, { token: s.token, body: { name: 'x'.repeat(61) } }),
      422,
      'name: must be at most 60 characters',
    )
  })

  it('PATCH renames and changes the description (kept when not sent, cleared when blank)', async () => {
    const s = await seller(t)
    const drinks = await makeCollection(t, s.token, 'Drinks')
    await makeCollection(t, s.token, 'Soups')
    const patch = (body: BodyInput<typeof endpoints.updateCollection>) => call(t.app, endpoints.updateCollection, { token: s.token, body })
    const renamed = await patch({ id: drinks.id, name: 'Cold drinks', description: 'Chilled' })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ message: 'Collection updated', data: { name: 'Cold drinks', description: 'Chilled' } })
    expect((await patch({ id: drinks.id, name: 'Drinks' })).body.data.description).toBe('Chilled')
    expect((await patch({ id: drinks.id, name: 'Drinks', description: '' })).body.data.description).toBeNull()
    expectError(await patch({ id: drinks.id, name: 'soups' }), 409, 'You already have a collection named soups')
    expectError(await patch({ id: 'no-such-id', name: 'X' }), 404, 'Collection not found')
  })

  it('PUT hides and shows', async () => {
    const s = await seller(t)
    const drinks = await makeCollection(t, s.token, 'Drinks')
    const put = (isVisible: unknown) =>
      call(t.app, endpoints.setCollectionVisibility, { token: s.token, body: unchecked({ id: drinks.id, isVisible }) })
    expect((await put(false)).body).toMatchObject({ message: 'Collection is hidden', data: { isVisible: false, name: 'Drinks' } })
    expect((await put(true)).body).toMatchObject({ message: 'Collection is visible', data: { isVisible: true } })
    expectError(await put('no'), 422, 'isVisible: must be true or false')
  })
})
