import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { shops } from '#server/db/onboarding-schema'
import { vendors } from '#server/db/schema'
import { MemoryStorage } from '#server/storage'

import { form, image, JPEG, memberToken, PNG, seller } from '../catalogue/helpers'
import { call, callRaw, makeApp, type TestApp } from '../harness'
import { shopUrlFor, underReview } from '../onboarding/helpers'

/* Settings → Website: GET and PATCH /vendor/website (the shop's look; the URL stays with /vendor/shop/url). */

const ORIGIN = 'https://shops.example.ng'
let t: TestApp & { storage: MemoryStorage }
beforeAll(async () => {
  const storage = new MemoryStorage()
  t = { ...(await makeApp({ storage, publicUrl: ORIGIN })), storage }
})

const get = (token: string) => call(t.app, endpoints.website, { token })
const look = (overrides: Record<string, unknown> = {}) => ({
  description: 'Jollof every day',
  font: 'merriweather',
  background: 'mint',
  ...overrides,
})
const patch = (token: string, fields: Record<string, unknown>, logo?: File) =>
  call(t.app, endpoints.updateWebsite, { token, form: form(fields, logo ? { logo: [logo] } : {}) })
const shopRow = async (vendorId: string) => (await t.db.select().from(shops).where(eq(shops.vendorId, vendorId)))[0]

describe('GET /vendor/website', () => {
  it('answers the defaults for a vendor created approved (no shops row), with no URL', async () => {
    const s = await seller(t)
    const res = await get(s.token)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ url: null, description: '', logoUrl: null, font: 'inter', background: 'plain', storefrontUrl: null })
  })

  it('answers the URL and the storefront address on the public origin', async () => {
    const s = await seller(t)
    const url = shopUrlFor()
    await t.db.update(vendors).set({ url }).where(eq(vendors.id, s.vendor.id))
    const res = await get(s.token)
    expect(res.body.data).toMatchObject({ url, storefrontUrl: `${ORIGIN}/shop/${url}` })
  })

  it('answers the look saved at onboarding set-up, with the public logo URL', async () => {
    const r = await underReview(t)
    await t.db.update(vendors).set({ status: 'approved' }).where(eq(vendors.id, r.vendorId))
    const row = await shopRow(r.vendorId)
    const res = await get(r.token)
    expect(res.body.data).toMatchObject({
      description: 'Hot jollof and fried rice',
      font: 'poppins',
      background: 'sand',
      logoUrl: `/api/files/${row!.logoKey}`,
    })
    expect((await callRaw(t.app, 'GET', `/files/${row!.logoKey}`)).status).toBe(200)
  })
})

describe('PATCH /vendor/website', () => {
  it('creates the shops row on the first save and persists it', async () => {
    const s = await seller(t)
    const res = await patch(s.token, look({ description: '  Jollof every day ' }))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.message).toBe('Your website has been saved')
    expect(res.body.data).toEqual({
      url: null,
      description: 'Jollof every day',
      logoUrl: null,
      font: 'merriweather',
      background: 'mint',
      storefrontUrl: null,
    })
    expect(await shopRow(s.vendor.id)).toMatchObject({
      description: 'Jollof every day',
      font: 'merriweather',
      background: 'mint',
      logoKey: null,
    })
    expect((await get(s.token)).body.data).toEqual(res.body.data)
  })

  it('stores a logo (sniffed), replaces it deleting the old file, keeps it when none is sent, removes it on removeLogo', async () => {
    const s = await seller(t)
    const first = await patch(s.token, look(), image(PNG, 'image/png'))
    expect(first.status).toBe(200)
    const firstKey = (await shopRow(s.vendor.id))!.logoKey!
    expect(first.body.data.logoUrl).toBe(`/api/files/${firstKey}`)
    expect((await t.storage.get(firstKey))?.contentType).toBe('image/png')

    // Declared PNG, really a JPEG: the sniffed type is what is stored.
    const second = await patch(s.token, look(), image(JPEG, 'image/png'))
    const secondKey = (await shopRow(s.vendor.id))!.logoKey!
    expect(second.body.data.logoUrl).toBe(`/api/files/${secondKey}`)
    expect((await t.storage.get(secondKey))?.contentType).toBe('image/jpeg')
    expect(await t.storage.get(firstKey)).toBeNull()

    const kept = await patch(s.token, look({ font: 'mono' }))
    expect(kept.body.data).toMatchObject({ font: 'mono', logoUrl: `/api/files/${secondKey}` })

    const removed = await patch(s.token, look({ removeLogo: true }))
    expect(removed.body.data.logoUrl).toBeNull()
    expect((await shopRow(s.vendor.id))!.logoKey).toBeNull()
    expect(await t.storage.get(secondKey)).toBeNull()
  })

  it('changes the look set up at onboarding without touching the URL', async () => {
    const r = await underReview(t)
    await t.db.update(vendors).set({ status: 'approved' }).where(eq(vendors.id, r.vendorId))
    const [before] = await t.db.select({ url: vendors.url }).from(vendors).where(eq(vendors.id, r.vendorId))
    const res = await patch(r.token, look({ background: 'night' }))
    expect(res.body.data).toMatchObject({ url: before!.url, background: 'night', storefrontUrl: `${ORIGIN}/shop/${before!.url}` })
    expect(res.body.data.logoUrl).toMatch(/^\/api\/files\//)
  })

  it('422 naming the field for a bad font, background, description or logo; nothing stored', async () => {
    const s = await seller(t)
    const files = t.storage.size
    const cases: [Record<string, unknown>, string, string][] = [
      [look({ font: 'comic-sans' }), 'font', 'must be one of the supported fonts'],
      [look({ background: 'plaid' }), 'background', 'must be one of the supported backgrounds'],
      [look({ description: 'x'.repeat(501) }), 'description', 'must be at most 500 characters'],
      [look({ removeLogo: 'yes' }), 'removeLogo', 'must be true or false'],
    ]
    for (const [fields, path, message] of cases) {
      const res = await patch(s.token, fields)
      expect(res.status, path).toBe(422)
      expect(res.body.issues).toContainEqual({ path, message })
    }
    const lying = await patch(s.token, look(), new File(['not an image'], 'logo.png', { type: 'image/png' }))
    expect(lying.status).toBe(422)
    expect(lying.body.issues).toEqual([{ path: 'logo.0', message: 'must be a JPEG, PNG or WebP image' }])
    expect(await shopRow(s.vendor.id)).toBeUndefined()
    expect(t.storage.size).toBe(files)
  })

  it('is for members with VENDOR_SETTINGS; not for vendors under review', async () => {
    const s = await seller(t)
    const allowed = await memberToken(t, s, ['VENDOR_SETTINGS'])
    expect((await patch(allowed, look())).status).toBe(200)
    const denied = await memberToken(t, s, ['VENDOR_ORDERS'])
    expect((await get(denied)).status).toBe(403)
    expect((await patch(denied, look())).status).toBe(403)
    const r = await underReview(t)
    expect((await get(r.token)).status).toBe(403)
  })
})
