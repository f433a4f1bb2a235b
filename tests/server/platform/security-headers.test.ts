import { createHash, randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { eq } from 'drizzle-orm'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { EndpointDef } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import type { Db } from '#server/db/client'
import { vendors } from '#server/db/schema'
import { mountPwa } from '#server/http/static-site'

import { image, makeProduct, PNG, seller } from '../catalogue/helpers'
import { call, callRaw, makeApp, type TestApp, unchecked } from '../harness'
import { shopUrlFor } from '../onboarding/helpers'

/*
 * Issue 8, fault and abuse suite: the security headers are on every response the server can give — every contract
 * endpoint (the 401 of an anonymous call included), every kind of error, the API reference, uploaded files, the
 * custom-domain redirect and the PWA's files — and the pages we serve carry no inline script that the policy
 * would have to allow.
 */

/** The policy as directive → sources. */
function parseCsp(header: string | null): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) directives.set(name.toLowerCase(), sources)
  }
  return directives
}

/** A page load of `path`, as a browser's navigation asks for it. */
const navigateIn = (app: Hono, path: string, method = 'GET') =>
  app.request(path, { method, headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html' } })

/** What a browser would enforce for scripts: script-src, else default-src (CSP3 fallback). */
const scriptSources = (csp: Map<string, string[]>) => csp.get('script-src') ?? csp.get('default-src')

function expectSecure(res: Response | { headers: Headers }, label: string) {
  const header = res.headers.get('content-security-policy')
  expect(header, `${label}: Content-Security-Policy`).toBeTruthy()
  const csp = parseCsp(header)
  const scripts = scriptSources(csp)
  // No script-src and no default-src would allow every script.
  expect(scripts, `${label}: script-src or default-src`).toBeDefined()
  expect(scripts, `${label}: script-src`).not.toContain("'unsafe-inline'")
  expect(scripts, `${label}: script-src`).not.toContain("'unsafe-eval'")
  expect(scripts, `${label}: script-src`).not.toContain('*')
  expect(
    scripts!.some((source) => /^(data|blob|https?):?$/.test(source)),
    `${label}: script-src scheme sources`,
  ).toBe(false)
  // frame-ancestors does not fall back to default-src: it must be there itself.
  expect(csp.get('frame-ancestors'), `${label}: frame-ancestors`).toEqual(["'none'"])
  expect(csp.get('object-src') ?? csp.get('default-src'), `${label}: object-src`).toEqual(["'none'"])
  expect(res.headers.get('x-content-type-options'), `${label}: X-Content-Type-Options`).toBe('nosniff')
  expect(res.headers.get('x-frame-options'), `${label}: X-Frame-Options`).toBe('DENY')
  expect(res.headers.get('referrer-policy'), `${label}: Referrer-Policy`).toBe('no-referrer')
}

/**
 * Every <script> of a page loads a file; none has inline code, and no element carries an inline event handler.
 * With `allowed` (the script sources of the policy served with the page), an inline script without attributes may
 * run when that policy names its hash: a built page's own script (decisions 099, 115). None else can run.
 */
function expectNoInlineScript(html: string, label: string, allowed?: string[]) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
  for (const [tag, attributes, body] of scripts) {
    if (allowed && attributes === '' && body) {
      expect(allowed, `${label}: hash of ${tag.slice(0, 120)}`).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`)
      continue
    }
    expect(attributes, `${label}: ${tag.slice(0, 120)}`).toMatch(/\ssrc\s*=/i)
    expect(body!.trim(), `${label}: inline code in ${tag.slice(0, 120)}`).toBe('')
  }
  expect(html, `${label}: inline event handler`).not.toMatch(/<[^>]+\son[a-z]+\s*=/i)
  expect(html, `${label}: javascript: URL`).not.toMatch(/javascript:/i)
}

let t: TestApp

beforeAll(async () => {
  t = await makeApp({ publicUrl: null })
})

describe('every contract endpoint', () => {
  it('answers an anonymous call (401, 422, whatever it is) with the security headers', async () => {
    const all = Object.entries(endpoints) as [string, EndpointDef][]
    expect(all.length).toBeGreaterThan(100)
    const statuses = new Map<number, number>()
    for (const [name, e] of all) {
      const res = await t.app.request(`/api${e.path}`, {
        method: e.method,
        headers: e.method === 'GET' ? {} : { 'content-type': 'application/json' },
        body: e.method === 'GET' ? undefined : '{}',
      })
      expectSecure(res, `${name} (${e.method} ${e.path}) → ${res.status}`)
      expect(res.status, name).toBeLessThan(500)
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
    }
    // Most endpoints need a session: the 401 is what most of these answers are.
    expect(statuses.get(401)).toBeGreaterThan(all.length / 2)
  })

  it('and a signed-in call, its OPTIONS and HEAD too', async () => {
    const s = await seller(t)
    expectSecure(await call(t.app, endpoints.me, { token: s.token }), 'GET /user/me')
    expectSecure(await t.app.request('/api/user/me', { method: 'OPTIONS' }), 'OPTIONS /user/me')
    expectSecure(await t.app.request('/api/user/me', { method: 'HEAD' }), 'HEAD /user/me')
  })
})

describe('errors', () => {
  it('404 unknown route, 413 too large, 400 bad JSON, 400 missing Idempotency-Key', async () => {
    const notFound = await callRaw(t.app, 'GET', '/no/such/route')
    expect(notFound.status).toBe(404)
    expectSecure(notFound, '404')
    const tooLarge = await call(t.app, endpoints.login, {
      rawBody: 'x'.repeat(1024 * 1024 + 1),
    })
    expect(tooLarge.status).toBe(413)
    expectSecure(tooLarge, '413')
    const tooLargeNowhere = await callRaw(t.app, 'POST', '/no/such/route', { rawBody: 'x'.repeat(1024 * 1024 + 1) })
    expect(tooLargeNowhere.status).toBe(413)
    expectSecure(tooLargeNowhere, '413 on an unknown route')
    const badJson = await call(t.app, endpoints.login, {
      rawBody: '{"email":',
    })
    expect(badJson.status).toBe(400)
    expectSecure(badJson, '400 BAD_JSON')
    const s = await seller(t)
    const noKey = await call(t.app, endpoints.sendMoney, { token: s.token, body: unchecked({}) })
    expect(noKey.body.code).toBe('IDEMPOTENCY_KEY_REQUIRED')
    expectSecure(noKey, '400 IDEMPOTENCY_KEY_REQUIRED')
  })

  it('a 500 from an endpoint and a 500 outside the API carry them too', async () => {
    const broken = new Proxy({} as Db, {
      get() {
        throw new Error('database is down')
      },
    })
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
    const { app } = await makeApp({ db: broken, logger })
    // A route of the top-level app that throws: answered by the app's own error handler, not the API's.
    app.get('/boom', () => {
      throw new Error('handler broke')
    })
    const inApi = await call(app, endpoints.login, { body: { email: 'a@b.ng', password: 'pw-123456' } })
    expect(inApi.status).toBe(500)
    expectSecure(inApi, '500 in the API')
    const outside = await app.request('/boom')
    expect(outside.status).toBe(500)
    expect(await outside.json()).toMatchObject({ code: 'INTERNAL' })
    expectSecure(outside, '500 outside the API')
  })
})

describe('the API reference', () => {
  it('/api/openapi.json', async () => {
    const res = await callRaw(t.app, 'GET', '/openapi.json')
    expect(res.status).toBe(200)
    expectSecure(res, 'openapi.json')
  })

  it('/api/docs is HTML without a script of any kind, served under the same policy', async () => {
    const res = await t.app.request('/api/docs')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expectSecure(res, '/api/docs')
    const html = await res.text()
    expect(html).toContain('<h1>')
    expect(html).not.toMatch(/<script/i)
    expectNoInlineScript(html, '/api/docs')
  })
})

describe('uploaded files', () => {
  it('/api/files/{key}: a served file and a missing one', async () => {
    const s = await seller(t)
    const product = await makeProduct(t, s.token, {}, [image(PNG, 'image/png')])
    const served = await t.app.request(product.images[0]!.url)
    expect(served.status).toBe(200)
    expectSecure(served, 'a served file')
    const missing = await t.app.request('/api/files/AAAAAAAAAAAAAAAAAAAAAA.png')
    expect(missing.status).toBe(404)
    expectSecure(missing, 'a missing file')
  })
})

describe('the custom-domain redirect', () => {
  it('302 from a verified domain to its shop, with the headers', async () => {
    const s = await seller(t)
    const url = shopUrlFor()
    await t.db.update(vendors).set({ url }).where(eq(vendors.id, s.vendor.id))
    const domain = `sec-${randomUUID().slice(0, 8)}.com.ng`
    const connected = await call(t.app, endpoints.connectDomain, { token: s.token, body: { domain } })
    expect(connected.status, JSON.stringify(connected.body)).toBe(201)
    // The sandbox DNS answers the TXT record the domain asks for.
    const verified = await call(t.app, endpoints.verifyDomain, { token: s.token, body: { id: connected.body.data.id } })
    expect(verified.status, JSON.stringify(verified.body)).toBe(200)
    const res = await t.app.request(`http://${domain}/`)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`/shop/${url}`)
    expectSecure(res, 'custom-domain redirect')
    const plain = await t.app.request('http://localhost/')
    expect(plain.status).toBe(404)
    expectSecure(plain, 'root without a PWA')
  })
})

describe('the PWA', () => {
  let dist: string
  let app: Hono
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'vbo-sec-dist-'))
    mkdirSync(join(dist, 'assets'))
    mkdirSync(join(dist, 'icons'))
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
    )
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")')
    writeFileSync(join(dist, 'assets', 'index-abc123.css'), 'body{margin:0}')
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Vendor"}')
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    writeFileSync(join(dist, 'icons', 'icon-192.png'), PNG)
    app = (await makeApp()).app
    mountPwa(app, dist)
  })
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  const navigate = (path: string, method = 'GET') => navigateIn(app, path, method)

  it('index.html, assets, sw.js, the manifest, icons, the navigation fallback and a missing asset', async () => {
    const cases: [string, Response, number][] = [
      ['/', await navigate('/'), 200],
      ['/index.html', await navigate('/index.html'), 200],
      ['/assets/index-abc123.js', await app.request('/assets/index-abc123.js'), 200],
      ['/assets/index-abc123.css', await app.request('/assets/index-abc123.css'), 200],
      ['/sw.js', await app.request('/sw.js'), 200],
      ['/manifest.webmanifest', await app.request('/manifest.webmanifest'), 200],
      ['/favicon.svg', await app.request('/favicon.svg'), 200],
      ['/icons/icon-192.png', await app.request('/icons/icon-192.png'), 200],
      ['navigation fallback /orders/TRX-1', await navigate('/orders/TRX-1?type=shareable'), 200],
      ['storefront /shop/x', await navigate('/shop/mama-put'), 200],
      ['HEAD /', await navigate('/', 'HEAD'), 200],
      ['missing asset', await app.request('/assets/gone-999.js'), 404],
      ['missing file on navigation', await navigate('/logo.png'), 404],
      ['fetch of an app route', await app.request('/orders', { headers: { 'sec-fetch-mode': 'cors' } }), 404],
    ]
    for (const [label, res, status] of cases) {
      expect(res.status, label).toBe(status)
      expectSecure(res, label)
    }
  })

  it('the shell served on navigation has no inline script', async () => {
    expectNoInlineScript(await (await navigate('/orders')).text(), 'served index.html')
  })
})

describe('the built app shell', () => {
  const root = new URL('../../../', import.meta.url)

  it('the index.html vite builds from loads every script from a file', () => {
    expectNoInlineScript(readFileSync(new URL('index.html', root), 'utf8'), 'index.html')
  })

  // Decision 115: the build adds one inline script (the first-screen preload). It runs because the policy served with
  // the page names its hash; no 'unsafe-inline', so nothing else inline can run.
  it('dist/index.html (when built) runs inline only what the policy served with it allows by hash', async () => {
    const dist = new URL('dist/', root)
    // The server suite does not build the PWA; the e2e suite and `npm start` do. Check it when it is there.
    if (!existsSync(new URL('index.html', dist))) return
    const html = readFileSync(new URL('index.html', dist), 'utf8')
    expect(html).toMatch(/<script\b[^>]*\ssrc=/)
    const { app: served } = await makeApp()
    mountPwa(served, dist.pathname)
    for (const path of ['/orders', '/index.html']) {
      const res = await navigateIn(served, path)
      expectSecure(res, `dist/index.html at ${path}`)
      expectNoInlineScript(html, `dist/index.html at ${path}`, scriptSources(parseCsp(res.headers.get('content-security-policy'))))
    }
  })

  it('the service worker is registered from the bundle, never by a script vite-plugin-pwa injects into the page', () => {
    const config = readFileSync(new URL('src/app/first-screen/build/pwa.ts', root), 'utf8')
    // 'inline' would put a registration <script> in index.html; 'script'/'auto' add registerSW.js. false: the app
    // registers through virtual:pwa-register (the update prompt), inside the bundle.
    expect(config).toMatch(/injectRegister:\s*false/)
    expect(readFileSync(new URL('src/app/features/shell/components/update-prompt.tsx', root), 'utf8')).toContain('virtual:pwa-register')
  })
})
