import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'

import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { mountPwa } from '#server/http/static-site'

import { makeApp } from '../harness'

let dist: string
const BIG_JS = `export const rows = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `row ${i}`))}`
let app: Hono

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'vbo-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Vendor</title><div id="root"></div>')
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")')
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Vendor"}')
  // What the build's precompress step writes next to a large file.
  writeFileSync(join(dist, 'assets', 'big-def456.js'), BIG_JS)
  writeFileSync(join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_JS))
  writeFileSync(join(dist, 'assets', 'big-def456.js.gz'), gzipSync(BIG_JS))
  app = (await makeApp()).app
  mountPwa(app, dist)
})
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const navigate = (path: string) => app.request(path, { headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html' } })

describe('serving the PWA', () => {
  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await app.request('/assets/index-abc123.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('javascript')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await res.text()).toBe('console.log("app")')
  })

  it('sends the brotli copy to a browser that accepts it, gzip to one that takes only gzip, the file to others', async () => {
    const br = await app.request('/assets/big-def456.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('content-type')).toContain('javascript')
    expect(br.headers.get('vary')).toContain('Accept-Encoding')
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const brBody = Buffer.from(await br.arrayBuffer())
    expect(brBody.length).toBeLessThan(BIG_JS.length / 4)
    expect(brotliDecompressSync(brBody).toString()).toBe(BIG_JS)

    const gz = await app.request('/assets/big-def456.js', { headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(BIG_JS)

    const plain = await app.request('/assets/big-def456.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(BIG_JS)
  })

  it('answers a missing asset with 404, never with index.html', async () => {
    for (const path of ['/assets/gone-999.js', '/gone.js', '/orders/logo.png']) {
      const res = await navigate(path)
      expect(res.status, path).toBe(404)
      expect(await res.text()).not.toContain('<div id="root">')
    }
  })

  it('serves sw.js and index.html to be revalidated on every load', async () => {
    const sw = await app.request('/sw.js')
    expect(sw.status).toBe(200)
    expect(sw.headers.get('cache-control')).toBe('no-cache')
    const index = await navigate('/')
    expect(index.status).toBe(200)
    expect(index.headers.get('cache-control')).toBe('no-cache')
    expect(await index.text()).toContain('<div id="root">')
  })

  it('falls back to index.html for app routes on navigation only', async () => {
    const page = await navigate('/orders/TRX-123?type=shareable')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="root">')
    const fetched = await app.request('/orders/TRX-123', { headers: { 'sec-fetch-mode': 'cors' } })
    expect(fetched.status).toBe(404)
  })

  it('keeps the API answering JSON, not the app shell', async () => {
    const res = await navigate('/api/nothing-here')
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('puts the security headers on pages too', async () => {
    const res = await navigate('/home')
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })
})
