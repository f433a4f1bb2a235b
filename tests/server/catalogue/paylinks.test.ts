import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { newPayLinkCode } from '#server/catalogue/paylinks'
import { vendors } from '#server/db/schema'

import { call, makeApp, testDb } from '../harness'
import { catalogueApp, expectError, image, makeProduct, patchProduct, PNG, type Seller, seller } from './helpers'

/* POST /product/paylink and the public GET /paylink. */

let t: Awaited<ReturnType<typeof catalogueApp>>
beforeAll(async () => {
  t = await catalogueApp()
})

const generate = (s: Seller, id: string) => call(t.app, endpoints.generatePayLink, { token: s.token, body: { id } })
const open = (code: string) => call(t.app, endpoints.payLink, { query: { code } })
const codeOf = (paylink: string) => paylink.split('/pay/')[1]!
const GONE = { message: 'This payment link is no longer valid', code: 'PAY_LINK_NOT_FOUND' }

describe('POST /product/paylink', () => {
  it('creates an absolute pay link and a QR code PNG that opens it', async () => {
    const s = await seller(t)
    const [small] = (await makeProduct(t, s.token)).variants
    const res = await generate(s, small!.id)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Payment link generated')
    const { paylink, qrCodeURL } = res.body.data
    // app.request() is addressed to http://localhost: the link uses the origin the request came to.
    expect(paylink).toMatch(/^http:\/\/localhost\/pay\/[0-9A-Za-z]{10}$/)
    expect(qrCodeURL).toMatch(/^\/api\/files\/[\w-]{22}\.png$/)
    const qr = await t.app.request(qrCodeURL!)
    expect(qr.status).toBe(200)
    expect(qr.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await qr.arrayBuffer()).subarray(0, 4)).toEqual(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))
    const detail = await call(t.app, endpoints.productDetail, { token: s.token, query: { id: small!.productId } })
    expect(detail.body.data.variants[0]).toMatchObject({ paylink, qrCodeURL })
  })

  it('regenerating kills the old link at once and deletes its QR code', async () => {
    const s = await seller(t)
    const [small] = (await makeProduct(t, s.token)).variants
    const first = (await generate(s, small!.id)).body.data
    expect((await open(codeOf(first.paylink!))).status).toBe(200)
    const second = (await generate(s, small!.id)).body.data
    expect(second.paylink).not.toBe(first.paylink)
    const old = await open(codeOf(first.paylink!))
    expect(old.status).toBe(404)
    expect(old.body).toEqual(GONE)
    expect((await open(codeOf(second.paylink!))).status).toBe(200)
    expect((await t.app.request(first.qrCodeURL!)).status).toBe(404)
    expect((await t.app.request(second.qrCodeURL!)).status).toBe(200)
  })

  it('uses PUBLIC_URL for the link when it is set', async () => {
    const configured = await makeApp({ publicUrl: 'https://shop.example.ng' })
    const s = await seller(configured)
    const [small] = (await makeProduct(configured, s.token)).variants
    const res = await call(configured.app, endpoints.generatePayLink, { token: s.token, body: { id: small!.id } })
    expect(res.body.data.paylink).toMatch(/^https:\/\/shop\.example\.ng\/pay\/[0-9A-Za-z]{10}$/)
  })

  it('codes are 10 base62 characters and do not repeat', () => {
    const codes = new Set(Array.from({ length: 2000 }, newPayLinkCode))
    expect(codes.size).toBe(2000)
    for (const code of codes) expect(code).toMatch(/^[0-9A-Za-z]{10}$/)
  })
})

describe('GET /paylink (public)', () => {
  it('shows the product, the price after discount and the account to pay into, without a session', async () => {
    const s = await seller(t)
    const product = await makeProduct(t, s.token, {}, [image(PNG, 'image/png')])
    const large = product.variants[1]
    await call(t.app, endpoints.updateVariant, {
      token: s.token,
      body: { id: large!.id, discountType: 'PERCENTAGE', discount: 10 },
    })
    const { paylink } = (await generate(s, large!.id)).body.data
    const res = await open(codeOf(paylink!))
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      code: codeOf(paylink!),
      variantId: large!.id,
      vendorName: s.vendor.name,
      productName: 'Jollof rice',
      productDescription: 'Party jollof',
      images: product.images,
      options: { Size: 'Large' },
      currency: 'NGN',
      price: 1_500_00,
      discountType: 'PERCENTAGE',
      discount: 10,
      discountedPrice: 1_350_00,
      inStock: true,
      maxQuantity: product.variants[1]!.availableUnits,
      payTo: { bankName: 'Providus Bank', accountNumber: s.wallets.main.accountNumber, accountName: s.vendor.name },
      shopUrl: s.vendor.url,
    })
    await call(t.app, endpoints.updateVariant, { token: s.token, body: { id: large!.id, isAvailable: false } })
    expect((await open(codeOf(paylink!))).body.data).toMatchObject({ inStock: false, maxQuantity: 0 })
    await call(t.app, endpoints.updateVariant, { token: s.token, body: { id: large!.id, isAvailable: true, availableUnits: 0 } })
    expect((await open(codeOf(paylink!))).body.data).toMatchObject({ inStock: false, maxQuantity: 0 })
    await call(t.app, endpoints.updateVariant, { token: s.token, body: { id: large!.id, availableUnits: 5_000 } })
    // Units beyond what one checkout sells are not shown to the public.
    expect((await open(codeOf(paylink!))).body.data.maxQuantity).toBe(100)
  })

  it('404 for an unknown code, a removed variant and a deleted product; 422 for a malformed code', async () => {
    const s = await seller(t)
    const product = await makeProduct(t, s.token)
    const [small, large] = product.variants
    const smallCode = codeOf((await generate(s, small!.id)).body.data.paylink!)
    const largeCode = codeOf((await generate(s, large!.id)).body.data.paylink!)
    expect((await open('ZZZZZZZZZZ')).body).toEqual(GONE)
    await patchProduct(t, s.token, {
      id: product.id,
      variants: [{ id: small!.id, options: { Size: 'Small' }, price: 1_000_00, availableUnits: 1 }],
    })
    expect((await open(largeCode)).body).toEqual(GONE)
    expect((await open(smallCode)).status).toBe(200)
    await call(t.app, endpoints.deleteProduct, { token: s.token, query: { id: product.id } })
    expect((await open(smallCode)).body).toEqual(GONE)
    expectError(await open('../../x'), 422, 'code: is not a pay link code')
    expectError(await call(t.app, endpoints.payLink), 422, 'code: is required')
  })

  it('404 once the vendor is no longer approved, so a suspended shop takes no payments; back when approved again', async () => {
    const s = await seller(t)
    const [small] = (await makeProduct(t, s.token)).variants
    const code = codeOf((await generate(s, small!.id)).body.data.paylink!)
    const db = await testDb()
    await db.update(vendors).set({ status: 'rejected' }).where(eq(vendors.id, s.vendor.id))
    expect((await open(code)).body).toEqual(GONE)
    await db.update(vendors).set({ status: 'approved' }).where(eq(vendors.id, s.vendor.id))
    expect((await open(code)).status).toBe(200)
  })
})
