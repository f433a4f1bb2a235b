import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { DAY_MS, MINUTE_MS } from '#server/clock'
import { knownDevices } from '#server/db/schema'
import { purgeExpiredRows } from '#server/jobs'

import { call, createVendor, makeApp, type TestApp } from '../harness'

/*
 * known_devices does not grow for ever (decision 084): a device not seen for a year (the cookie's lifetime) is
 * forgotten by the background jobs, and a user keeps at most 20, the least recently seen dropped for a new one.
 * "Forgotten" is what the owner would notice: its cookie no longer gets them in while strangers have the account
 * locked.
 */

const login = (t: TestApp, email: string, password: string, ip: string, cookie?: string) =>
  call(t.app, endpoints.login, { body: { email, password }, ip, headers: cookie ? { cookie } : {} })

const deviceCookie = (res: { headers: Headers }) => (res.headers.get('set-cookie') ?? '').split(';')[0]!

/** Locks the account for strangers, so only a known device's cookie still gets the owner in. */
async function lockForStrangers(t: TestApp, email: string) {
  for (let i = 0; i < 6; i++) await login(t, email, `wrong-${i}`, `10.20.${i}.1`)
  expect((await login(t, email, 'wrong-again', '10.20.9.1')).status).toBe(429)
}

/**
 * This app's clock starts 400 days back, so the year-old rows this file makes are the only ones old enough to
 * purge: other test files may share the database (PostgreSQL) and keep their devices.
 */
async function appInThePast() {
  const t = await makeApp()
  t.clock.advance(-400 * DAY_MS)
  return t
}

describe('known devices are forgotten', () => {
  it('after a year unseen, by the background jobs; one seen within the year stays known', async () => {
    const t = await appInThePast()
    const { owner } = await createVendor()
    const old = deviceCookie(await login(t, owner.email, owner.password, '192.0.2.50'))
    t.clock.advance(2 * DAY_MS)
    const recent = deviceCookie(await login(t, owner.email, owner.password, '192.0.2.51'))
    t.clock.advance(364 * DAY_MS)

    await purgeExpiredRows(t.deps)
    const rows = await t.db.select().from(knownDevices).where(eq(knownDevices.userId, owner.id))
    expect(rows).toHaveLength(1)

    await lockForStrangers(t, owner.email)
    expect((await login(t, owner.email, owner.password, '192.0.2.50', old)).status).toBe(429)
    expect((await login(t, owner.email, owner.password, '192.0.2.51', recent)).status).toBe(200)
  })

  it('keeps at most 20 per user, dropping the least recently seen for a new one', async () => {
    const t = await appInThePast()
    const { owner } = await createVendor()
    const cookies: string[] = []
    for (let i = 0; i < 20; i++) {
      const res = await login(t, owner.email, owner.password, `192.0.3.${i}`)
      expect(res.status).toBe(200)
      cookies.push(deviceCookie(res))
      t.clock.advance(MINUTE_MS)
    }
    // The first device signs in again: now the second is the least recently seen.
    expect((await login(t, owner.email, owner.password, '192.0.3.0', cookies[0])).status).toBe(200)
    t.clock.advance(MINUTE_MS)
    const newest = deviceCookie(await login(t, owner.email, owner.password, '192.0.3.20'))

    expect(await t.db.select().from(knownDevices).where(eq(knownDevices.userId, owner.id))).toHaveLength(20)
    await lockForStrangers(t, owner.email)
    expect((await login(t, owner.email, owner.password, '192.0.3.1', cookies[1])).status).toBe(429)
    expect((await login(t, owner.email, owner.password, '192.0.3.0', cookies[0])).status).toBe(200)
    expect((await login(t, owner.email, owner.password, '192.0.3.2', cookies[2])).status).toBe(200)
    expect((await login(t, owner.email, owner.password, '192.0.3.20', newest)).status).toBe(200)
  })
})
