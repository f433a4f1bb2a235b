import { Hono } from 'hono'
import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'

import { apiKeyScopeOf } from '#contract/api-keys'
import { pageQuery } from '#contract/common'
import { accessOf, endpoint, isFileEndpoint, successStatusOf } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import type { Db } from '#server/db/client'
import { resolveDeps } from '#server/deps'
import { ApiError } from '#server/errors'
import { register } from '#server/http/register'

import { call, callRaw, createVendor, login, makeApp, testDb, unchecked } from '../harness'

describe('request handling', () => {
  it('answers 400 BAD_JSON for a malformed body', async () => {
    const { app } = await makeApp()
    const res = await call(app, endpoints.login, {
      rawBody: '{"email": "a@b.ng",',
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'The request body is not valid JSON', code: 'BAD_JSON' })
  })

  it('answers 422 naming the field for a wrong type', async () => {
    const { app } = await makeApp()
    const res = await call(app, endpoints.login, {
      body: unchecked({ email: 42, password: 'x' }),
    })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('email: is required')
    expect(res.body.issues![0]!.path).toBe('email')
  })

  it('answers 422 (not 500) for a JSON body that is not an object', async () => {
    const { app } = await makeApp()
    const res = await call(app, endpoints.login, {
      rawBody: '[1,2]',
    })
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('VALIDATION_FAILED')
  })

  it('answers 422 naming the field (not 500) for a NUL character, which PostgreSQL cannot store', async () => {
    const { app } = await makeApp()
    const vendor = await createVendor()
    const token = await login(app, vendor.owner.email, vendor.owner.password)
    const body = await call(app, endpoints.createCollection, { token, body: { name: 'Drinks\u0000' } })
    expect(body.status).toBe(422)
    expect(body.body.message).toBe('name: must not contain a NUL character')
    const query = await call(app, endpoints.listCollections, { token, query: { name: 'a\u0000' } })
    expect(query.status).toBe(422)
    expect(query.body.message).toBe('name: must not contain a NUL character')
  })

  it('refuses a body over 1 MB with 413', async () => {
    const { app } = await makeApp()
    const res = await call(app, endpoints.login, {
      body: { email: 'a@b.ng', password: 'x'.repeat(1024 * 1024) },
    })
    expect(res.status).toBe(413)
    expect(res.body).toEqual({ message: 'The request body is larger than 1 MB', code: 'PAYLOAD_TOO_LARGE' })
  })

  it('answers an unknown /api path with a 404 envelope', async () => {
    const { app } = await makeApp()
    const res = await callRaw(app, 'GET', '/no/such/thing')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'No such endpoint: GET /api/no/such/thing', code: 'NOT_FOUND' })
    const wrongMethod = await callRaw(app, 'DELETE', '/user/me')
    expect(wrongMethod.status).toBe(404)
    expect(wrongMethod.body.code).toBe('NOT_FOUND')
  })

  it('sets security headers on API answers, errors included, and forbids caching them', async () => {
    const { app } = await makeApp()
    const { owner } = await createVendor()
    const token = await login(app, owner.email, owner.password)
    for (const res of [await call(app, endpoints.me, { token }), await callRaw(app, 'GET', '/nowhere')]) {
      const csp = res.headers.get('content-security-policy')!
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("script-src 'self'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
  })

  it('answers 500 with a generic message when something breaks, and logs it without the password', async () => {
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
    const broken = new Proxy({} as Db, {
      get() {
        throw new Error('database is down')
      },
    })
    const { app } = await makeApp({ db: broken, logger })
    const res = await call(app, endpoints.login, { body: { email: 'a@b.ng', password: 'secret-pass-123' } })
    expect(res.status).toBe(500)
    expect(res.body).toEqual({ message: 'Something happened, please try again.', code: 'INTERNAL' })
    expect(logger.error).toHaveBeenCalledOnce()
    expect(JSON.stringify(logger.error.mock.calls, Object.getOwnPropertyNames(new Error()))).not.toContain('secret-pass-123')
  })
})

describe('register()', () => {
  const probe = endpoint({
    method: 'POST',
    path: '/probe',
    summary: 'test only',
    access: 'public',
    status: 201,
    query: v.object(pageQuery),
    body: v.object({ n: v.number('must be a number') }),
    response: v.object({ page: v.number(), size: v.number(), n: v.number() }),
  })

  async function probeApp(handler: Parameters<typeof register<typeof probe>>[3]) {
    const app = new Hono()
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
    const deps = resolveDeps({ db: await testDb(), notifier: { send: async () => {} }, checkResponses: true, logger })
    register(app, 'probe', probe, handler, deps)
    return { app, logger }
  }
  const post = (app: Hono, query: string, body: unknown) => app.request(`/probe${query}`, { method: 'POST', body: JSON.stringify(body) })

  it("hands the handler parsed query and body, and wraps the answer under the contract's status", async () => {
    const { app } = await probeApp(async ({ query, body }) => ({
      data: { page: query.page, size: query.size, n: body.n },
      message: 'Done',
      // Only past the types (HandlerResult.status is never): still the contract's status.
      status: 200 as never,
      headers: { 'x-probe': 'yes' },
    }))
    const res = await post(app, '?page=2&size=1000', { n: 7 })
    expect(res.status).toBe(201)
    expect(res.headers.get('x-probe')).toBe('yes')
    expect(await res.json()).toEqual({ message: 'Done', data: { page: 2, size: 1000, n: 7 } })
    // A size above the largest page is refused naming the field, never cut (decision 170).
    const tooBig = await post(app, '?page=2&size=1000000', { n: 7 })
    expect(tooBig.status).toBe(422)
    expect(await tooBig.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'size: must be at most 1000' })
  })

  it('names the query field that is wrong', async () => {
    const { app } = await probeApp(async () => ({ data: { page: 1, size: 1, n: 1 } }))
    const res = await post(app, '?page=abc', { n: 1 })
    expect(res.status).toBe(422)
    expect((await res.json()).message).toBe('page: must be a whole number')
  })

  it('turns a thrown ApiError into its envelope', async () => {
    const { app } = await probeApp(async () => {
      throw new ApiError(409, 'IDEMPOTENCY_KEY_REUSED', 'Already done', { headers: { 'x-why': 'replay' } })
    })
    const res = await post(app, '', { n: 1 })
    expect(res.status).toBe(409)
    expect(res.headers.get('x-why')).toBe('replay')
    expect(await res.json()).toEqual({ message: 'Already done', code: 'IDEMPOTENCY_KEY_REUSED' })
  })

  it('serves a file endpoint as a download of its stream, and refuses one that is not a plain GET', async () => {
    const deps = resolveDeps({ db: await testDb(), notifier: { send: async () => {} } })
    const file = endpoint({
      method: 'GET',
      path: '/file',
      summary: 'test only',
      access: 'public',
      produces: 'text/csv',
      response: v.string(),
    })
    const app = new Hono()
    register(app, 'file', file, async () => ({ body: new Blob(['a,b\r\n']).stream(), fileName: 'x "y".csv' }), deps)
    const res = await app.request('/file')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    // A name never breaks out of its quotes.
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="x__y_.csv"')
    expect(await res.text()).toBe('a,b\r\n')
    const posted = { ...file, method: 'POST' as const }
    expect(() => register(new Hono(), 'posted', posted, async () => ({ body: new Blob([]).stream(), fileName: 'x.csv' }), deps)).toThrow(
      'a file download is a read (GET)',
    )
  })

  it('fails loudly in tests when a handler answers data outside the response schema', async () => {
    const { app, logger } = await probeApp(async () => ({ data: { page: 1, size: 1, n: 'seven' } as never }))
    const res = await post(app, '', { n: 1 })
    expect(res.status).toBe(500)
    expect(String(logger.error.mock.calls[0]?.[1])).toContain('probe answered data that breaks its response schema: n:')
  })
})

describe('API reference', () => {
  it('openapi.json lists every endpoint of the contract with its method, access and permission', async () => {
    const { app } = await makeApp()
    const res = await callRaw(app, 'GET', '/openapi.json')
    expect(res.status).toBe(200)
    expect(res.body.openapi).toBe('3.1.0')
    for (const [name, e] of Object.entries(endpoints)) {
      const op = res.body.paths[e.path]?.[e.method.toLowerCase()]
      expect(op, name).toBeDefined()
      expect(op.operationId).toBe(name)
      expect(op['x-access']).toBe(accessOf(e))
      expect(op['x-permission']).toEqual('permission' in e ? e.permission : undefined)
      // A credential (operator key, provider signature) names its own scheme (openapi-document.test.ts).
      // A session, or (where a key may call) an API key with the scope it needs (decision 168).
      const scope = apiKeyScopeOf(e)
      const signedIn = scope === false ? [{ bearerAuth: [] }] : [{ bearerAuth: [] }, { apiKey: [scope] }]
      if (!('credential' in e)) expect(op.security).toEqual(accessOf(e) === 'public' ? [] : signedIn)
      // One success, under the status the server answers (register() takes it from the contract too).
      const ok = String(successStatusOf(e))
      expect(
        Object.keys(op.responses).filter((status) => status.startsWith('2')),
        name,
      ).toEqual([ok])
      if (isFileEndpoint(e)) expect(op.responses[ok].content[e.produces].schema).toEqual({ type: 'string' })
      else expect(op.responses[ok].content['application/json'].schema.properties.data).toBeDefined()
    }
    expect(Object.keys(res.body.paths['/order'].post.responses)).toContain('201')
    expect(Object.keys(res.body.paths['/auth/vendor/login'].post.responses)).toContain('200')
    const login = res.body.paths['/auth/vendor/login'].post
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password'])
  })

  it('the docs page renders every endpoint as HTML without scripts', async () => {
    const { app } = await makeApp()
    const res = await app.request('/api/docs')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    const html = await res.text()
    expect(html).not.toContain('<script')
    for (const [name, e] of Object.entries(endpoints)) {
      expect(html).toContain(`<code>/api${e.path}</code>`)
      expect(html).toContain(`<strong>${name}</strong>`)
    }
    expect(html).toContain('permission: VENDOR_WALLET')
    expect(html).toContain('Response 200 (text/csv)')
    expect(html).toContain('Response 201')
  })
})
