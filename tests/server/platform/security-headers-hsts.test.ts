import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { STRICT_TRANSPORT_SECURITY } from '#server/http/security-headers'

import { call, callRaw, createVendor, makeApp } from '../harness'

/*
 * Issue 17: Strict-Transport-Security when the site is HTTPS: the request came over HTTPS (directly, or behind our
 * proxy with TRUST_PROXY=1 from X-Forwarded-Proto), or PUBLIC_URL is https. Never on plain HTTP otherwise.
 */

const hsts = (res: { headers: Headers }) => res.headers.get('strict-transport-security')

describe('Strict-Transport-Security', () => {
  it('is sent behind our proxy when X-Forwarded-Proto says https, on answers and errors alike', async () => {
    const t = await makeApp({ trustProxy: true, publicUrl: null })
    const https = { 'x-forwarded-proto': 'https' }
    expect(hsts(await call(t.app, endpoints.me, { headers: https }))).toBe(STRICT_TRANSPORT_SECURITY)
    expect(hsts(await callRaw(t.app, 'GET', '/banks', { headers: https }))).toBe('max-age=31536000')
    // Two proxies: the last entry is the one our proxy appended.
    expect(hsts(await call(t.app, endpoints.me, { headers: { 'x-forwarded-proto': 'http, https' } }))).toBe(STRICT_TRANSPORT_SECURITY)
    expect(hsts(await call(t.app, endpoints.me, { headers: { 'x-forwarded-proto': 'http' } }))).toBeNull()
  })

  it('ignores X-Forwarded-Proto without TRUST_PROXY, and is absent on plain HTTP', async () => {
    const t = await makeApp({ trustProxy: false, publicUrl: null })
    expect(hsts(await call(t.app, endpoints.me, { headers: { 'x-forwarded-proto': 'https' } }))).toBeNull()
    expect(hsts(await call(t.app, endpoints.me))).toBeNull()
  })

  it('is sent on every response when PUBLIC_URL is https, and not when it is http', async () => {
    const secure = await makeApp({ publicUrl: 'https://shop.example.ng' })
    const { owner } = await createVendor()
    const login = await call(secure.app, endpoints.login, { body: { email: owner.email, password: owner.password } })
    expect(login.status).toBe(200)
    expect(hsts(login)).toBe(STRICT_TRANSPORT_SECURITY)
    expect(hsts(await callRaw(secure.app, 'GET', '/docs'))).toBe(STRICT_TRANSPORT_SECURITY)
    const plain = await makeApp({ publicUrl: 'http://192.168.1.20:3000' })
    expect(hsts(await call(plain.app, endpoints.me))).toBeNull()
  })

  it('is sent when the request itself came over https', async () => {
    const t = await makeApp({ publicUrl: null })
    const res = await t.app.request('https://backoffice.example.ng/api/user/me')
    expect(res.status).toBe(401)
    expect(hsts(res)).toBe(STRICT_TRANSPORT_SECURITY)
  })
})

/*
 * Issue 37: in production (decision 153) only what the request proves counts: its own https URL, or our proxy's
 * X-Forwarded-Proto: https with TRUST_PROXY=1. PUBLIC_URL is https there always, so it proves nothing about this
 * answer's transport, and RFC 6797 §7.2 forbids the header over plain HTTP.
 */
describe('Strict-Transport-Security in production', () => {
  const production = { serverMode: { production: true, staging: false }, publicUrl: 'https://shop.example.ng' }

  it('is sent behind TRUST_PROXY=1 when the proxy says https, and not when it says http or nothing', async () => {
    const t = await makeApp({ ...production, trustProxy: true })
    expect(hsts(await call(t.app, endpoints.serverMode, { headers: { 'x-forwarded-proto': 'https' } }))).toBe(STRICT_TRANSPORT_SECURITY)
    expect(hsts(await call(t.app, endpoints.me, { headers: { 'x-forwarded-proto': 'https' } }))).toBe(STRICT_TRANSPORT_SECURITY)
    expect(hsts(await call(t.app, endpoints.serverMode, { headers: { 'x-forwarded-proto': 'http' } }))).toBeNull()
    expect(hsts(await call(t.app, endpoints.serverMode))).toBeNull()
  })

  it('is not sent when the proxy is not trusted, whatever it says', async () => {
    const t = await makeApp({ ...production, trustProxy: false })
    expect(hsts(await call(t.app, endpoints.serverMode, { headers: { 'x-forwarded-proto': 'https' } }))).toBeNull()
    expect(hsts(await call(t.app, endpoints.serverMode))).toBeNull()
  })
})
