import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MAX_PRODUCT_BODY_BYTES } from '#contract/catalogue'
import { endpoints } from '#contract/index'
import { DiskStorage, MemoryStorage, sniffImageType } from '#server/storage'

import {
  catalogueApp,
  expectError,
  form,
  image,
  JPEG,
  makeProduct,
  PNG,
  postProduct,
  productFields,
  type Seller,
  seller,
  WEBP,
} from '../catalogue/helpers'
import { call, callRaw, type TestApp } from '../harness'

/* Multipart bodies, their limits, the image checks, the storage and the public files route. */

let t: Awaited<ReturnType<typeof catalogueApp>>
let s: Seller
beforeAll(async () => {
  t = await catalogueApp()
  s = await seller(t)
})

const MB = 1024 * 1024

describe('multipart bodies', () => {
  it('400 BAD_MULTIPART for a JSON body or a broken multipart body', async () => {
    const json = await call(t.app, endpoints.createProduct, { token: s.token, body: productFields() })
    expect(json.status).toBe(400)
    expect(json.body).toEqual({ message: 'The request body must be multipart/form-data', code: 'BAD_MULTIPART' })
    const broken = await call(t.app, endpoints.createProduct, {
      token: s.token,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      rawBody: 'not really multipart',
    })
    expect(broken.body.code).toBe('BAD_MULTIPART')
  })

  it('decodes JSON text fields and takes plain text as a string (curl -F name=Jollof)', async () => {
    const body = form(productFields())
    body.set('name', 'Plain text name')
    body.set('isPublished', 'false')
    const res = await call(t.app, endpoints.createProduct, { token: s.token, form: body })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.data).toMatchObject({ name: 'Plain text name', isPublished: false, variantCount: 2 })
  })

  it('422 naming the field when a text field holds the wrong kind of value', async () => {
    const body = form(productFields())
    body.set('variants', 'lots')
    expectError(
      await call(t.app, endpoints.createProduct, { token: s.token, form: body }),
      422,
      'variants: Invalid type: Expected Array but received "lots"',
    )
  })

  it('a field named __proto__ is a field like any other, never the body itself', async () => {
    const body = new FormData()
    body.append('__proto__', JSON.stringify(productFields()))
    expectError(await call(t.app, endpoints.createProduct, { token: s.token, form: body }), 422, 'name: is required')
  })

  it('413 with the limit when the whole body is over the endpoint limit; 1 MB still holds elsewhere', async () => {
    const big = image(new Uint8Array(MAX_PRODUCT_BODY_BYTES + 1), 'image/png')
    const res = await postProduct(t, s.token, productFields(), [big])
    expectError(res, 413, 'The request body is larger than 10.25 MB')
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE')
    const json = await call(t.app, endpoints.createCollection, { token: s.token, body: { name: 'x'.repeat(MB) } })
    expectError(json, 413, 'The request body is larger than 1 MB')
    const nowhere = await callRaw(t.app, 'POST', '/no/such/endpoint', { rawBody: 'x'.repeat(MB + 1) })
    expectError(nowhere, 413, 'The request body is larger than 1 MB')
  })

  it('accepts a body above 1 MB on an upload endpoint, but not one image above 2 MB', async () => {
    const justUnder = new Uint8Array(2 * MB)
    justUnder.set(PNG)
    const ok = await postProduct(t, s.token, productFields(), [image(justUnder, 'image/png')])
    expect(ok.status, JSON.stringify(ok.body)).toBe(201)
    const over = new Uint8Array(2 * MB + 1)
    over.set(PNG)
    expectError(await postProduct(t, s.token, productFields(), [image(over, 'image/png')]), 422, 'images.0: must be at most 2 MB')
  })

  it('422 for a declared type that is not an image, and for bytes that are not what the type claims', async () => {
    const before = t.storage.size
    const pdf = image(new TextEncoder().encode('%PDF-1.7'), 'application/pdf')
    expectError(await postProduct(t, s.token, productFields(), [pdf]), 422, 'images.0: must be a JPEG, PNG or WebP image')
    const script = image(new TextEncoder().encode('<script>alert(1)</script>'), 'image/png')
    expectError(
      await postProduct(t, s.token, productFields(), [image(PNG, 'image/png'), script]),
      422,
      'images.1: must be a JPEG, PNG or WebP image',
    )
    expect(t.storage.size).toBe(before)
  })

  it('at most 5 images', async () => {
    const six = Array.from({ length: 6 }, () => image(PNG, 'image/png'))
    expectError(await postProduct(t, s.token, productFields(), six), 422, 'images: must be at most 5 images')
  })
})

describe('GET /api/files/:key', () => {
  it('serves the uploaded bytes with their real type and a year-long immutable cache', async () => {
    // Declared as JPEG, really a WebP: the bytes decide what is stored and served.
    const product = await makeProduct(t, s.token, {}, [image(PNG, 'image/png'), image(WEBP, 'image/jpeg'), image(JPEG, 'image/jpeg')])
    const types = []
    for (const [i, { url }] of product.images.entries()) {
      const res = await t.app.request(url)
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(new Uint8Array(await res.arrayBuffer())).toEqual([PNG, WEBP, JPEG][i])
      types.push(res.headers.get('content-type'))
    }
    expect(types).toEqual(['image/png', 'image/webp', 'image/jpeg'])
  })

  it('404 JSON envelope, not cached, for a missing or malformed key', async () => {
    for (const key of ['AAAAAAAAAAAAAAAAAAAAAA.png', '..%2F..%2Fetc%2Fpasswd', 'x.exe']) {
      const res = await t.app.request(`/api/files/${key}`)
      expect(res.status, key).toBe(404)
      expect(await res.json()).toEqual({ message: 'File not found', code: 'NOT_FOUND' })
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
  })
})

describe('storage', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'vbo-uploads-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('disk: put, get, delete under random keys inside its folder only', async () => {
    const storage = new DiskStorage(join(dir, 'uploads'))
    const key = await storage.put(PNG, 'image/png')
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}\.png$/)
    expect(await storage.put(PNG, 'image/png')).not.toBe(key)
    expect(await storage.get(key)).toEqual({ data: Uint8Array.from(PNG), contentType: 'image/png' })
    expect(readdirSync(join(dir, 'uploads'))).toHaveLength(2)
    for (const evil of ['../secret.png', '/etc/passwd', `${key}/../${key}`, '.hidden.png']) {
      expect(await storage.get(evil)).toBeNull()
      await storage.delete(evil)
    }
    await storage.delete(key)
    await storage.delete(key)
    expect(await storage.get(key)).toBeNull()
  })

  it('memory: the same behaviour', async () => {
    const storage = new MemoryStorage()
    const key = await storage.put(WEBP, 'image/webp')
    expect((await storage.get(key))?.contentType).toBe('image/webp')
    await storage.delete(key)
    expect(await storage.get(key)).toBeNull()
  })

  it('sniffs JPEG, PNG and WebP from their first bytes', () => {
    expect([JPEG, PNG, WEBP].map(sniffImageType)).toEqual(['image/jpeg', 'image/png', 'image/webp'])
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBeNull()
    expect(sniffImageType(new Uint8Array())).toBeNull()
  })
})

describe('OpenAPI', () => {
  it('describes upload endpoints as multipart/form-data with binary files and JSON fields', async () => {
    const spec = (await callRaw((t as TestApp).app, 'GET', '/openapi.json')).body
    const content = spec.paths['/product'].post.requestBody.content
    expect(Object.keys(content)).toEqual(['multipart/form-data'])
    const multipart = content['multipart/form-data']
    expect(multipart.schema.properties.images.items).toEqual({ type: 'string', format: 'binary' })
    expect(multipart.schema.required).toEqual(expect.arrayContaining(['name', 'variants']))
    expect(multipart.encoding.variants).toEqual({ contentType: 'application/json' })
    expect(multipart.encoding.images).toBeUndefined()
    expect(spec.paths['/product'].post.responses['413']).toBeDefined()
  })
})
