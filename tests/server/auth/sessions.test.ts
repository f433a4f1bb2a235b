import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { HOUR_MS, MINUTE_MS } from '#server/clock'
import { sessionIdleFromEnv } from '#server/deps'

import { call, createVendor, login, makeApp } from '../harness'

/*
 * Issue 17: a session unused for SESSION_IDLE_HOURS (default 12) ends, on top of the absolute 30 days; each use
 * slides it (docs/decisions/085).
 */

const me = (app: Awaited<ReturnType<typeof makeApp>>['app'], token: string) => call(app, endpoints.me, { token })

describe('idle sessions', () => {
  it('end after 12 hours without a request', async () => {
    const { app, clock } = await makeApp()
    const { owner } = await createVendor()
    const token = await login(app, owner.email, owner.password)
    clock.advance(12 * HOUR_MS - MINUTE_MS)
    expect((await me(app, token)).status).toBe(200)
    clock.advance(12 * HOUR_MS + 1000)
    const idle = await me(app, token)
    expect(idle.status).toBe(401)
    expect(idle.body.code).toBe('UNAUTHENTICATED')
  })

  it('slide with activity: a session used every few hours lives on past 12 hours', async () => {
    const { app, clock } = await makeApp()
    const { owner } = await createVendor()
    const token = await login(app, owner.email, owner.password)
    for (let i = 0; i < 8; i++) {
      clock.advance(5 * HOUR_MS)
      expect((await me(app, token)).status, `after ${(i + 1) * 5} hours`).toBe(200)
    }
    // 40 hours after sign-in and still live; then 12 hours of quiet end it.
    clock.advance(12 * HOUR_MS + MINUTE_MS)
    expect((await me(app, token)).status).toBe(401)
  })

  it('follow SESSION_IDLE_HOURS', async () => {
    const { app, clock } = await makeApp({ sessionIdleMs: sessionIdleFromEnv('0.5') })
    const { owner } = await createVendor()
    const token = await login(app, owner.email, owner.password)
    for (let i = 0; i < 4; i++) {
      clock.advance(20 * MINUTE_MS)
      expect((await me(app, token)).status).toBe(200)
    }
    clock.advance(31 * MINUTE_MS)
    expect((await me(app, token)).status).toBe(401)
  })

  it('refuse a SESSION_IDLE_HOURS that is not a positive number, and default to 12 hours', () => {
    expect(sessionIdleFromEnv(undefined)).toBe(12 * HOUR_MS)
    expect(sessionIdleFromEnv(' ')).toBe(12 * HOUR_MS)
    expect(sessionIdleFromEnv('8')).toBe(8 * HOUR_MS)
    expect(() => sessionIdleFromEnv('0')).toThrow('SESSION_IDLE_HOURS must be a positive number of hours such as 12, got 0')
    expect(() => sessionIdleFromEnv('twelve')).toThrow(/SESSION_IDLE_HOURS/)
  })

  it('refuse a SESSION_IDLE_HOURS past the absolute 30 days, and work at exactly 30 days', async () => {
    // '1e10' (meant as "never") used to start, then answer every signed-in request with a 500.
    expect(() => sessionIdleFromEnv('1e10')).toThrow("SESSION_IDLE_HOURS must be at most 720 (a session's 30 days), got 1e10")
    expect(() => sessionIdleFromEnv('721')).toThrow(/at most 720/)
    const { app, clock } = await makeApp({ sessionIdleMs: sessionIdleFromEnv('720') })
    const { owner } = await createVendor()
    const token = await login(app, owner.email, owner.password)
    clock.advance(29 * 24 * HOUR_MS)
    expect((await me(app, token)).status).toBe(200)
  })
})
