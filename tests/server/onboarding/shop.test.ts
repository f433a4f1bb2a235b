import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { RESERVED_SHOP_URLS, SUPPORTED_BACKGROUNDS, SUPPORTED_FONTS } from '#contract/onboarding'
import { shops } from '#server/db/onboarding-schema'
import { vendors } from '#server/db/schema'

import { image, JPEG, PNG } from '../catalogue/helpers'
import { call, callRaw, unchecked } from '../harness'
import {
  type OnboardingApp,
  onboardingApp,
  register,
  type Registered,
  setUpShop,
  shopForm,
  shopUrlFor,
  submitKyc,
  underReview,
  verify,
} from './helpers'

/* Shop URL check and claim, shop set-up (→ under review), and the font and background lists. */

let t: OnboardingApp
let r: Registered
beforeAll(async () => {
  t = await onboardingApp()
  r = await register(t)
})

const check = (token: string, url: string) => call(t.app, endpoints.checkShopUrl, { token, query: { url } })
const claim = (token: string, url: unknown) => call(t.app, endpoints.setShopUrl, { token, body: unchecked({ url }) })

describe('GET /vendor/shop/url-check', () => {
  it('answers available for a free URL, lower-cased and trimmed', async () => {
    const url = shopUrlFor()
    const res = await check(r.token, `  ${url.toUpperCase()} `)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ url, available: true, reason: null })
  })

  it('says why not: badly formed, reserved, taken by another vendor (the own URL is available)', async () => {
    const other = await register(t)
    const url = shopUrlFor()
    expect((await claim(other.token, url)).status).toBe(200)
    const cases: [string, string][] = [
      ['ab', 'Use 3–30 lowercase letters, digits or single hyphens'],
      ['mama--put', 'Use 3–30 lowercase letters, digits or single hyphens'],
      ['-mama', 'Use 3–30 lowercase letters, digits or single hyphens'],
      ['mama put', 'Use 3–30 lowercase letters, digits or single hyphens'],
      ['a'.repeat(31), 'Use 3–30 lowercase letters, digits or single hyphens'],
      ['admin', 'This URL is reserved'],
      ['API', 'This URL is reserved'],
      [url, 'This URL is taken'],
    ]
    for (const [candidate, reason] of cases) {
      expect((await check(r.token, candidate)).body.data, candidate).toMatchObject({ available: false, reason })
    }
    expect((await check(other.token, url)).body.data).toMatchObject({ available: true, reason: null })
  })

  it('reserves the app and API route names', () => {
    for (const word of ['api', 'admin', 'login', 'register', 'invite', 'pay', 'checkout', 'orders', 'settings', 'files']) {
      expect(RESERVED_SHOP_URLS).toContain(word)
    }
  })
})

describe('PATCH /vendor/shop/url', () => {
  it('claims a URL, 422 for a reserved one, 409 for a taken one', async () => {
    const a = await register(t)
    const b = await register(t)
    const url = shopUrlFor()
    const ok = await claim(a.token, ` ${url.toUpperCase()}`)
    expect(ok.status).toBe(200)
    expect(ok.body.data).toEqual({ url })
    const reserved = await claim(b.token, 'checkout')
    expect(reserved.status).toBe(422)
    expect(reserved.body.issues).toEqual([{ path: 'url', message: 'This URL is reserved' }])
    const taken = await claim(b.token, url)
    expect(taken.status).toBe(409)
    expect(taken.body.issues).toEqual([{ path: 'url', message: 'This URL is taken' }])
    expect((await claim(b.token, 'x')).status).toBe(422)
    // Claiming again frees the old one.
    expect((await claim(a.token, shopUrlFor())).status).toBe(200)
    expect((await claim(b.token, url)).status).toBe(200)
  })

  it('two vendors racing for one URL: one gets it, the other 409, never a 500', async () => {
    const a = await register(t)
    const b = await register(t)
    const url = shopUrlFor()
    const results = await Promise.all([claim(a.token, url), claim(b.token, url)])
    expect(results.map((res) => res.status).sort()).toEqual([200, 409])
  })
})

describe('PATCH /vendor/shop/setup', () => {
  it('after phone and KYC: saves the shop, sends the vendor for review and emails the owner', async () => {
    const v = await register(t)
    await verify(t, v)
    await submitKyc(t, v)
    const url = shopUrlFor()
    const res = await setUpShop(t, v, { url })
    expect(res.body.data).toEqual({
      step: 'review',
      phoneVerified: true,
      kycSubmitted: true,
      shopSetUp: true,
      phone: expect.any(String),
      shopUrl: url,
    })
    const [vendor] = await t.db.select().from(vendors).where(eq(vendors.id, v.vendorId))
    expect(vendor).toMatchObject({ status: 'under_review', url })
    const [shop] = await t.db.select().from(shops).where(eq(shops.vendorId, v.vendorId))
    expect(shop).toMatchObject({ description: 'Hot jollof and fried rice', font: 'poppins', background: 'sand' })
    // The logo is public, like product images.
    const logo = await callRaw(t.app, 'GET', `/files/${shop!.logoKey}`)
    expect(logo.status).toBe(200)
    expect(logo.headers.get('content-type')).toBe('image/png')
    const mail = t.notifier.lastTo(v.email)
    expect(mail).toMatchObject({ channel: 'email', subject: expect.stringMatching(/: your store is under review$/) })
    expect(mail!.text).toContain('you will be notified via email once approved')
    // Business endpoints wait for the operator.
    const business = await call(t.app, endpoints.walletBalance, { token: v.token })
    expect(business.status).toBe(403)
    expect(business.body.code).toBe('VENDOR_NOT_APPROVED')
    expect((await call(t.app, endpoints.onboarding, { token: v.token })).body.data.step).toBe('review')
  })

  it('set up again replaces the logo (deleting the old file) and sends no second email', async () => {
    const v = await underReview(t)
    const [before] = await t.db.select().from(shops).where(eq(shops.vendorId, v.vendorId))
    const emails = t.notifier.outbox.length
    await setUpShop(t, v, { font: 'mono' }, image(JPEG, 'image/jpeg'))
    const [after] = await t.db.select().from(shops).where(eq(shops.vendorId, v.vendorId))
    expect(after!.font).toBe('mono')
    expect(after!.logoKey).not.toBe(before!.logoKey)
    expect(await t.storage.get(before!.logoKey!)).toBeNull()
    expect(t.notifier.outbox.length).toBe(emails)
    // Without a logo, the one there is stays.
    const res = await call(t.app, endpoints.setUpShop, { token: v.token, form: shopForm() })
    expect(res.status).toBe(200)
    const [kept] = await t.db.select().from(shops).where(eq(shops.vendorId, v.vendorId))
    expect(kept!.logoKey).toBe(after!.logoKey)
  })

  it('before KYC: saves the shop but leaves the vendor pending', async () => {
    const v = await register(t)
    await verify(t, v)
    const res = await setUpShop(t, v)
    expect(res.body.data).toMatchObject({ step: 'kyc', shopSetUp: true })
    const [vendor] = await t.db.select().from(vendors).where(eq(vendors.id, v.vendorId))
    expect(vendor!.status).toBe('pending_verification')
    // Only the phone code (also e-mailed, decision 150) went to the owner: no "under review" e-mail yet.
    expect(t.notifier.outbox.filter((message) => message.to === v.email && !message.code)).toEqual([])
  })

  it('422 for a bad font, background, logo or URL, 409 for a taken URL; nothing stored', async () => {
    const v = await register(t)
    const send = (body: FormData) => call(t.app, endpoints.setUpShop, { token: v.token, form: body })
    expect((await send(shopForm({ font: 'comic-sans' }))).body.message).toBe('font: must be one of the supported fonts')
    expect((await send(shopForm({ background: 'plaid' }))).body.message).toBe('background: must be one of the supported backgrounds')
    expect((await send(shopForm({ url: 'www' }))).body.issues).toEqual([{ path: 'url', message: 'This URL is reserved' }])
    const lying = await send(shopForm({}, new File(['not an image'], 'logo.png', { type: 'image/png' })))
    expect(lying.status).toBe(422)
    expect(lying.body.issues).toEqual([{ path: 'logo.0', message: 'must be a JPEG, PNG or WebP image' }])
    const other = await underReview(t)
    const [taken] = await t.db.select({ url: vendors.url }).from(vendors).where(eq(vendors.id, other.vendorId))
    const filesBefore = t.storage.size
    const conflict = await send(shopForm({ url: taken!.url }, image(PNG, 'image/png')))
    expect(conflict.status).toBe(409)
    // A taken URL is refused before the logo is stored.
    expect(t.storage.size).toBe(filesBefore)
  })
})

describe('the supported lists', () => {
  it('answers the fonts and backgrounds of the contract', async () => {
    const fonts = await call(t.app, endpoints.supportedFonts, { token: r.token })
    expect(fonts.body.data).toEqual(SUPPORTED_FONTS)
    const backgrounds = await call(t.app, endpoints.supportedBackgrounds, { token: r.token })
    expect(backgrounds.body.data).toEqual(SUPPORTED_BACKGROUNDS)
  })
})
