import { randomUUID } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'

import { call } from '../harness'
import { catalogueApp, makeCollection, makeProduct, type Seller, seller } from './helpers'

/* PATCH /product/bulk (issue 41): one change to several products, all or none. */

let t: Awaited<ReturnType<typeof catalogueApp>>
beforeAll(async () => {
  t = await catalogueApp()
})

const bulk = (s: Seller, body: BodyInput<typeof endpoints.bulkEditProducts>, key: string = randomUUID()) =>
  call(t.app, endpoints.bulkEditProducts, { token: s.token, body, headers: { 'idempotency-key': key } })
const detail = async (s: Seller, id: string) => (await call(t.app, endpoints.productDetail, { token: s.token, query: { id } })).body.data

describe('PATCH /product/bulk', () => {
  it('raises every variant price by a percentage, rounded half up to the kobo, and keeps the list figures', async () => {
    const s = await seller(t)
    const a = await makeProduct(t, s.token, { name: 'Rice' })
    const b = await makeProduct(t, s.token, {
      name: 'Beans',
      options: [],
      variants: [{ options: {}, price: 333, availableUnits: 1 }],
    })
    const untouched = await makeProduct(t, s.token, { name: 'Yam' })
    const res = await bulk(s, { ids: [a.id, b.id], pricePercent: 12.5 })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ message: '2 products updated', data: { updated: 2 } })
    expect((await detail(s, a.id)).variants.map((v) => v.price)).toEqual([1_125_00, 1_687_50])
    expect((await detail(s, b.id)).variants.map((v) => v.price)).toEqual([375]) // 374.625 → 375
    expect((await detail(s, untouched.id)).variants.map((v) => v.price)).toEqual([1_000_00, 1_500_00])
    const list = await call(t.app, endpoints.listProducts, { token: s.token, query: { page: 1, size: 20, name: 'Rice' } })
    expect(list.body.data.items[0]).toMatchObject({ minPrice: 1_125_00, maxPrice: 1_687_50 })
    expect((await bulk(s, { ids: [a.id], pricePercent: -20 })).status).toBe(200)
    expect((await detail(s, a.id)).variants.map((v) => v.price)).toEqual([900_00, 1_350_00])
  })

  it('publishes, unpublishes and moves to a collection (or out of one)', async () => {
    const s = await seller(t)
    const a = await makeProduct(t, s.token, { name: 'Rice', isPublished: false })
    const b = await makeProduct(t, s.token, { name: 'Beans', isPublished: false })
    expect((await bulk(s, { ids: [a.id, b.id], isPublished: true })).status).toBe(200)
    expect([(await detail(s, a.id)).isPublished, (await detail(s, b.id)).isPublished]).toEqual([true, true])
    expect((await bulk(s, { ids: [b.id], isPublished: false })).body.message).toBe('1 product updated')
    expect((await detail(s, b.id)).isPublished).toBe(false)
    const shelf = await makeCollection(t, s.token, 'Shelf')
    expect((await bulk(s, { ids: [a.id, b.id], collectionId: shelf.id })).status).toBe(200)
    expect((await detail(s, a.id)).collection).toEqual({ id: shelf.id, name: 'Shelf' })
    await bulk(s, { ids: [a.id], collectionId: null })
    expect((await detail(s, a.id)).collection).toBeNull()
  })

  it('refuses the whole change when one price would leave the range, naming pricePercent; nothing changes', async () => {
    const s = await seller(t)
    const a = await makeProduct(t, s.token, { name: 'Rice' })
    const cheap = await makeProduct(t, s.token, { name: 'Sweets', options: [], variants: [{ options: {}, price: 1, availableUnits: 1 }] })
    const res = await bulk(s, { ids: [a.id, cheap.id], pricePercent: -90 })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe(
      'pricePercent: would take a price of Sweets out of range (above zero, at most ₦1,000,000,000, above its flat discount)',
    )
    expect((await detail(s, a.id)).variants.map((v) => v.price)).toEqual([1_000_00, 1_500_00])
  })

  it('refuses two changes at once, none, and another vendor’s product', async () => {
    const s = await seller(t)
    const other = await seller(t)
    const a = await makeProduct(t, s.token)
    const theirs = await makeProduct(t, other.token)
    const two = await bulk(s, { ids: [a.id], isPublished: true, pricePercent: 5 })
    expect(two.status).toBe(422)
    expect(two.body.message).toBe('pricePercent: must be the one change: pricePercent, isPublished or collectionId')
    expect((await bulk(s, { ids: [a.id] })).status).toBe(422)
    const foreign = await bulk(s, { ids: [a.id, theirs.id], isPublished: false })
    expect(foreign.status).toBe(404)
    expect((await detail(s, a.id)).isPublished).toBe(true)
  })

  it('a tap retried with the same Idempotency-Key raises prices once and answers the first answer again', async () => {
    const s = await seller(t)
    const a = await makeProduct(t, s.token, { name: 'Rice' })
    const key = randomUUID()
    const first = await bulk(s, { ids: [a.id], pricePercent: 10 }, key)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const again = await bulk(s, { ids: [a.id], pricePercent: 10 }, key)
    expect(again.status).toBe(200)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual(first.body)
    expect((await detail(s, a.id)).variants.map((v) => v.price)).toEqual([1_100_00, 1_650_00])
    // Without a key the call is refused before anything changes.
    const keyless = await call(t.app, endpoints.bulkEditProducts, { token: s.token, body: { ids: [a.id], pricePercent: 10 } })
    expect([keyless.status, keyless.body.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED'])
    // A new tap (a new key) is a new change.
    expect((await bulk(s, { ids: [a.id], pricePercent: 10 })).status).toBe(200)
    expect((await detail(s, a.id)).variants.map((v) => v.price)).toEqual([1_210_00, 1_815_00])
  })
})
