import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { MINUTE_MS } from '#server/clock'

import { call, createVendor, makeApp } from '../harness'

const loginAs = (t: Awaited<ReturnType<typeof makeApp>>, email: string, password: string, ip?: string) =>
  call(t.app, endpoints.login, { body: { email, password }, ip })

describe('login rate limits', () => {
  it('locks an account after 5 failures, even with the right password, for 15 minutes', async () => {
    const t = await makeApp()
    const { owner } = await createVendor()
    for (let i = 0; i < 5; i++) expect((await loginAs(t, owner.email, 'wrong-password', `10.0.0.${i}`)).status).toBe(401)
    const locked = await loginAs(t, owner.email, owner.password, '10.0.1.1')
    expect(locked.status).toBe(429)
    expect(locked.body).toEqual({ message: 'Too many attempts. Try again in 15 minutes.', code: 'RATE_LIMITED' })
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60)

    t.clock.advance(15 * MINUTE_MS + 1000)
    expect((await loginAs(t, owner.email, owner.password, '10.0.1.1')).status).toBe(200)
  })

  it('a successful login clears the failure count', async () => {
    const t = await makeApp()
    const { owner } = await createVendor()
    for (let i = 0; i < 4; i++) expect((await loginAs(t, owner.email, 'wrong-password')).status).toBe(401)
    expect((await loginAs(t, owner.email, owner.password)).status).toBe(200)
    for (let i = 0; i < 4; i++) expect((await loginAs(t, owner.email, 'wrong-password')).status).toBe(401)
    expect((await loginAs(t, owner.email, owner.password)).status).toBe(200)
  })

  it('limits one IP to 20 attempts in 15 minutes across accounts; other IPs are unaffected', async () => {
    const t = await makeApp()
    const { owner } = await createVendor()
    for (let i = 0; i < 20; i++) {
      expect((await loginAs(t, `stranger-${i}@test.ng`, 'whatever-password', '203.0.113.7')).status).toBe(401)
    }
    const blocked = await loginAs(t, owner.email, owner.password, '203.0.113.7')
    expect(blocked.status).toBe(429)
    expect(blocked.body.code).toBe('RATE_LIMITED')
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await loginAs(t, owner.email, owner.password, '198.51.100.2')).status).toBe(200)
  })

  it('ignores X-Forwarded-For unless TRUST_PROXY is on', async () => {
    const t = await makeApp()
    for (let i = 0; i < 20; i++) {
      const res = await call(t.app, endpoints.login, {
        body: { email: `x${i}@test.ng`, password: 'whatever-password' },
        ip: '203.0.113.9',
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      })
      expect(res.status).toBe(401)
    }
    const spoofed = await call(t.app, endpoints.login, {
      body: { email: 'y@test.ng', password: 'whatever-password' },
      ip: '203.0.113.9',
      headers: { 'x-forwarded-for': '192.0.2.250' },
    })
    expect(spoofed.status).toBe(429)
  })

  it('behind a trusted proxy, limits by the address the proxy appended', async () => {
    const t = await makeApp({ trustProxy: true })
    let n = 0
    const from = (client: string) =>
      call(t.app, endpoints.login, {
        body: { email: `z${n++}@test.ng`, password: 'whatever-password' },
        ip: '10.0.0.1',
        headers: { 'x-forwarded-for': `spoofed, ${client}` },
      })
    for (let i = 0; i < 20; i++) expect((await from('198.51.100.20')).status).not.toBe(429)
    expect((await from('198.51.100.20')).status).toBe(429)
    expect((await from('198.51.100.21')).status).not.toBe(429)
  })
})

describe('forgot-password rate limits', () => {
  it('sends at most 3 codes per account in 15 minutes', async () => {
    const t = await makeApp()
    const { owner } = await createVendor()
    for (let i = 0; i < 3; i++) {
      const res = await call(t.app, endpoints.forgotPassword, { body: { email: owner.email }, ip: `10.1.0.${i}` })
      expect(res.status).toBe(200)
    }
    const res = await call(t.app, endpoints.forgotPassword, { body: { email: owner.email }, ip: '10.1.0.9' })
    expect(res.status).toBe(429)
    expect(res.body.code).toBe('RATE_LIMITED')
    expect(t.notifier.outbox).toHaveLength(3)
  })

  it('limits one IP to 10 requests in 15 minutes', async () => {
    const t = await makeApp()
    for (let i = 0; i < 10; i++) {
      const res = await call(t.app, endpoints.forgotPassword, { body: { email: `p${i}@test.ng` }, ip: '10.2.0.1' })
      expect(res.status).toBe(200)
    }
    const res = await call(t.app, endpoints.forgotPassword, { body: { email: 'p99@test.ng' }, ip: '10.2.0.1' })
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})
