import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { accessOf, type EndpointDef, permissionsOf } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { type Permission, PERMISSIONS } from '#contract/permissions'
import { DAY_MS } from '#server/clock'
import { users } from '#server/db/schema'

import { call, callRaw, createMember, createVendor, login, makeApp, type TestApp, testDb, type TestUser } from '../harness'

/*
 * Generated from the endpoint table: every endpoint declared in the contract is checked for authentication,
 * vendor approval and permission the day it is added, without anyone writing a test for it.
 */

const UNAUTHENTICATED = { message: 'You are not authenticated, please login', code: 'UNAUTHENTICATED' }
const all = Object.entries(endpoints) as [string, EndpointDef][]

let t: TestApp
let owner: TestUser
let unapprovedOwner: TestUser
/** One member per distinct permission set, made on first use. */
const members = new Map<string, Promise<TestUser>>()
let vendorOfMembers: Awaited<ReturnType<typeof createVendor>>
const memberWith = (permissions: readonly Permission[]) => {
  const key = [...permissions].sort().join(',')
  if (!members.has(key)) members.set(key, createMember(vendorOfMembers, { permissions: [...permissions] }))
  return members.get(key)!
}
const tokens = {} as { revoked: string; expired: string; deactivated: string; noPermissions: string }

// Each sign-in from its own address, so the per-IP login limit never interferes with the matrix.
let signIns = 0
const signIn = (user: TestUser) => login(t.app, user.email, user.password, `10.9.${signIns >> 8}.${signIns++ & 255}`)

beforeAll(async () => {
  t = await makeApp()
  const vendor = await createVendor()
  owner = vendor.owner

  tokens.revoked = await signIn(owner)
  expect((await call(t.app, endpoints.logout, { token: tokens.revoked })).status).toBe(200)

  const deactivated = await createMember(vendor, { permissions: [...PERMISSIONS] })
  tokens.deactivated = await signIn(deactivated)
  await (await testDb()).update(users).set({ status: 'inactive' }).where(eq(users.id, deactivated.id))

  unapprovedOwner = (await createVendor({ status: 'pending_verification' })).owner
  tokens.noPermissions = await signIn(await createMember(vendor, { permissions: [] }))
  vendorOfMembers = vendor

  // A session past its 30 days: issued "31 days ago" by an app whose clock runs behind.
  const old = await makeApp()
  old.clock.advance(-31 * DAY_MS)
  tokens.expired = await login(old.app, owner.email, owner.password)
})

const hit = (e: EndpointDef, token?: string) => callRaw(t.app, e.method, e.path, { token, body: e.method === 'GET' ? undefined : {} })

describe.each(all.filter(([, e]) => accessOf(e) !== 'public'))('%s needs a live session', (_name, e) => {
  it('401 without a token', async () => {
    const res = await hit(e)
    expect(res.status).toBe(401)
    expect(res.body).toEqual(UNAUTHENTICATED)
  })
  it('401 with a garbage token', async () => {
    for (const token of ['garbage', 'x'.repeat(43), 'not a token!']) {
      const res = await hit(e, token)
      expect(res.status).toBe(401)
      expect(res.body).toEqual(UNAUTHENTICATED)
    }
  })
  it('401 with a revoked token', async () => {
    expect((await hit(e, tokens.revoked)).body).toEqual(UNAUTHENTICATED)
  })
  it('401 with an expired token', async () => {
    expect((await hit(e, tokens.expired)).body).toEqual(UNAUTHENTICATED)
  })
  it('401 for a deactivated user', async () => {
    expect((await hit(e, tokens.deactivated)).body).toEqual(UNAUTHENTICATED)
  })
  it('the owner of an approved vendor gets past authentication', async () => {
    // A fresh session each time: the endpoint under test may be logout.
    expect([401, 403]).not.toContain((await hit(e, await signIn(owner))).status)
  })
})

describe.each(all.filter(([, e]) => accessOf(e) === 'vendor'))('%s needs an approved vendor', (_name, e) => {
  it('403 VENDOR_NOT_APPROVED for a vendor awaiting approval', async () => {
    const res = await hit(e, await signIn(unapprovedOwner))
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('VENDOR_NOT_APPROVED')
  })
})

describe.each(all.filter(([, e]) => accessOf(e) === 'user'))('%s works before approval', (_name, e) => {
  it('is not refused for a vendor awaiting approval', async () => {
    expect([401, 403]).not.toContain((await hit(e, await signIn(unapprovedOwner))).status)
  })
})

describe.each(all.filter(([, e]) => permissionsOf(e).length))('%s needs its permission', (_name, e) => {
  const required = permissionsOf(e)
  it('403 FORBIDDEN for a member lacking any one of them', async () => {
    // For each required permission, a member holding every other permission there is.
    const lacking = required.map((missing) => PERMISSIONS.filter((p) => p !== missing))
    const tokensWithout = [tokens.noPermissions, ...(await Promise.all(lacking.map(async (held) => signIn(await memberWith(held)))))]
    for (const token of tokensWithout) {
      const res = await hit(e, token)
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' })
    }
  })
  it('is not refused for a member holding exactly those permissions', async () => {
    expect([401, 403]).not.toContain((await hit(e, await signIn(await memberWith(required)))).status)
  })
})

describe.each(all.filter(([, e]) => accessOf(e) === 'public'))('%s is public', (_name, e) => {
  it('needs no session (a webhook answers for its signature instead)', async () => {
    expect((await hit(e)).body.code).not.toBe('UNAUTHENTICATED')
  })
})

describe.each(all.filter(([, e]) => e.idempotent))('%s is a money call', (_name, e) => {
  it('400 IDEMPOTENCY_KEY_REQUIRED without an Idempotency-Key, before anything else is looked at', async () => {
    const res = await hit(e, await signIn(owner))
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      message: 'The Idempotency-Key header is required for this request',
      code: 'IDEMPOTENCY_KEY_REQUIRED',
    })
  })
})
