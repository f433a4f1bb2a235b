import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import type { EndpointDef } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { SESSION_CACHE_MS } from '#server/auth/sessions'
import { sessions, users } from '#server/db/schema'

import { call, createMember, createVendor, login, makeApp, type TestApp, type TestVendor, unchecked } from '../harness'

/*
 * Issue 20: GET requests take their session from memory for at most SESSION_CACHE_MS (docs/decisions/098).
 * Whatever this process revokes holds for the very next request; a change made elsewhere (another API process,
 * npm run admin, SQL) holds at once for anything but a GET, and for a GET within SESSION_CACHE_MS.
 */

let t: TestApp
let v: TestVendor
let ownerToken: string

beforeAll(async () => {
  t = await makeApp()
  v = await createVendor()
  ownerToken = await login(t.app, v.owner.email, v.owner.password)
})

const get = <E extends EndpointDef>(endpoint: E, token: string) => call(t.app, endpoint, { token })

describe('the session cache', () => {
  it('answers a revoked token 401 at once after sign-out, inside the cache window', async () => {
    const token = await login(t.app, v.owner.email, v.owner.password)
    expect((await get(endpoints.me, token)).status).toBe(200)
    expect((await get(endpoints.listProducts, token)).status).toBe(200)
    expect((await call(t.app, endpoints.logout, { token })).status).toBe(200)
    // The clock has not moved: the cached session would still be in its window.
    expect((await get(endpoints.me, token)).status).toBe(401)
    expect((await get(endpoints.listProducts, token)).status).toBe(401)
  })

  it('refuses a deactivated member at once, and a password change signs the other sessions out at once', async () => {
    const member = await createMember(v, { permissions: ['VENDOR_INVENTORY'] })
    const token = await login(t.app, member.email, member.password)
    expect((await get(endpoints.listProducts, token)).status).toBe(200)
    const off = await call(t.app, endpoints.setMemberStatus, { token: ownerToken, body: { memberId: member.id, status: 'inactive' } })
    expect(off.status).toBe(200)
    expect((await get(endpoints.listProducts, token)).status).toBe(401)

    const phone = await login(t.app, v.owner.email, v.owner.password)
    const laptop = await login(t.app, v.owner.email, v.owner.password)
    expect((await get(endpoints.me, laptop)).status).toBe(200)
    const newPassword = `new-${v.owner.password}`
    const changed = await call(t.app, endpoints.changePassword, {
      token: phone,
      body: { currentPassword: v.owner.password, newPassword },
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect((await get(endpoints.me, laptop)).status).toBe(401)
    expect((await get(endpoints.me, phone)).status).toBe(200)
    v.owner.password = newPassword
  })

  it('enforces a permission taken away elsewhere at once for writes, and for reads within SESSION_CACHE_MS', async () => {
    const member = await createMember(v, { permissions: ['VENDOR_INVENTORY'] })
    const token = await login(t.app, member.email, member.password)
    expect((await get(endpoints.listProducts, token)).status).toBe(200)
    // As another API process (or SQL) would: this process hears nothing of it.
    await t.db.update(users).set({ permissions: [] }).where(eq(users.id, member.id))
    // A write reads the session afresh.
    const write = await call(t.app, endpoints.createProduct, { token, body: unchecked({}) })
    expect(write.status).toBe(403)
    // ...and, having been a request that may write, dropped the cache: the read is refused too.
    expect((await get(endpoints.listProducts, token)).status).toBe(403)
  })

  it('serves a read from memory no longer than SESSION_CACHE_MS after a change made elsewhere', async () => {
    const token = await login(t.app, v.owner.email, v.owner.password)
    expect((await get(endpoints.me, token)).status).toBe(200)
    await t.db.update(sessions).set({ revokedAt: t.clock.now() }).where(eq(sessions.userId, v.owner.id))
    // The documented bound: until the window ends, this process may still answer a read.
    t.clock.advance(SESSION_CACHE_MS)
    expect((await get(endpoints.me, token)).status).toBe(401)
    ownerToken = await login(t.app, v.owner.email, v.owner.password)
  })

  it('does not outlive the session: an idle or expired session ends on time even while cached', async () => {
    const quick = await makeApp({ sessionIdleMs: SESSION_CACHE_MS / 2 })
    const token = await login(quick.app, v.owner.email, v.owner.password)
    expect((await call(quick.app, endpoints.me, { token })).status).toBe(200)
    quick.clock.advance(SESSION_CACHE_MS / 2)
    expect((await call(quick.app, endpoints.me, { token })).status).toBe(401)
  })

  it('hands every request a frozen session, so no handler can change what another sees', async () => {
    const token = await login(t.app, v.owner.email, v.owner.password)
    await get(endpoints.me, token)
    const auth = await t.deps.sessionCache.resolve(t.db, t.clock, token, t.deps.sessionIdleMs)
    expect(Object.isFrozen(auth)).toBe(true)
    expect(Object.isFrozen(auth!.permissions)).toBe(true)
    expect(Object.isFrozen(auth!.user)).toBe(true)
  })
})
