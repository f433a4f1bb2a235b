import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { users } from '#server/db/schema'

import { call, createVendor, login, makeApp, type TestApp, type TestVendor, unchecked } from '../harness'
import { invite, newPhone } from './helpers'

/* One phone, one place in a team: a phone already invited, or already a member's, cannot be invited again. */

let t: TestApp
let v: TestVendor
let ownerToken: string

beforeAll(async () => {
  t = await makeApp()
  v = await createVendor()
  ownerToken = await login(t.app, v.owner.email, v.owner.password)
})

const post = (phone: string, token = ownerToken) =>
  call(t.app, endpoints.inviteMember, { token, body: { name: 'Chidi Okafor', phone, permissions: ['VENDOR_ORDERS'] } })

const TAKEN = {
  code: 'PHONE_TAKEN',
  message: 'This phone number already belongs to a member of your team or an invitation',
  issues: [{ path: 'phone', message: 'already belongs to a member of your team or an invitation' }],
}

const membersWith = async (vendorId: string, national: string) =>
  (await t.db.select({ phone: users.phone }).from(users).where(eq(users.vendorId, vendorId))).filter((row) => row.phone?.endsWith(national))

describe('POST /invite, by phone', () => {
  it('refuses a phone already invited, with 409 naming phone', async () => {
    const phone = newPhone()
    await invite(t, ownerToken, { phone })
    const res = await post(phone)
    expect(res.status).toBe(409)
    expect(res.body).toEqual(TAKEN)
    expect(await membersWith(v.vendor.id, phone.slice(1))).toHaveLength(1)
  })

  it("refuses an active member's phone and the owner's own, but not a member who was made inactive", async () => {
    const phone = newPhone()
    const invited = await invite(t, ownerToken, { phone })
    await t.db
      .update(users)
      .set({ status: 'active', email: `m-${invited.id}@test.ng`, passwordHash: 'x' })
      .where(eq(users.id, invited.id))
    expect((await post(phone)).body).toEqual(TAKEN)
    expect((await post('08030000000')).body).toEqual(TAKEN)

    await t.db
      .update(users)
      .set({ status: 'inactive' })
      .where(and(eq(users.id, invited.id)))
    expect((await post(phone)).status).toBe(201)
  })

  it('another vendor may invite the same phone', async () => {
    const phone = newPhone()
    await invite(t, ownerToken, { phone })
    const other = await createVendor()
    expect((await post(phone, await login(t.app, other.owner.email, other.owner.password))).status).toBe(201)
  })

  it('of concurrent invitations of one phone exactly one is made', async () => {
    const phone = newPhone()
    const results = await Promise.all(Array.from({ length: 5 }, () => post(phone)))
    expect(results.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409])
    expect(await membersWith(v.vendor.id, phone.slice(1))).toHaveLength(1)
  })
})

describe('reactivating a member, by phone', () => {
  const setStatus = (memberId: string, status: string) =>
    call(t.app, endpoints.setMemberStatus, { token: ownerToken, body: unchecked({ memberId, status }) })

  it("refuses to bring back a member whose phone is now another's, with 409 naming phone", async () => {
    const phone = newPhone()
    const left = await invite(t, ownerToken, { phone })
    await t.db
      .update(users)
      .set({ status: 'active', email: `m-${left.id}@test.ng`, passwordHash: 'x' })
      .where(eq(users.id, left.id))
    expect((await setStatus(left.id, 'inactive')).status).toBe(200)
    const successor = await invite(t, ownerToken, { phone })

    const res = await setStatus(left.id, 'active')
    expect(res.status).toBe(409)
    expect(res.body).toEqual(TAKEN)
    // A never-accepted invitation comes back as "invited": the same phone rule holds.
    const neverJoined = await invite(t, ownerToken, { phone: newPhone() })
    await setStatus(neverJoined.id, 'inactive')
    await t.db.update(users).set({ phone: phone }).where(eq(users.id, neverJoined.id))
    expect((await setStatus(neverJoined.id, 'active')).body).toEqual(TAKEN)

    // Once the successor is gone, the member may come back.
    expect((await setStatus(successor.id, 'inactive')).status).toBe(200)
    expect((await setStatus(left.id, 'active')).status).toBe(200)
  })

  it('of a reactivation and an invitation of the same phone at once, exactly one is made', async () => {
    // Both orders of arrival: each side is serialised on the vendor row, so the second sees the first's phone.
    for (const inviteFirst of [true, false, true, false]) {
      const phone = newPhone()
      const left = await invite(t, ownerToken, { phone })
      await setStatus(left.id, 'inactive')
      const [invited, back] = inviteFirst
        ? await Promise.all([post(phone), setStatus(left.id, 'active')])
        : await Promise.all([setStatus(left.id, 'active'), post(phone)]).then(([b, i]) => [i, b] as const)
      expect([invited.status === 201, back.status === 200].filter(Boolean)).toHaveLength(1)
      expect([invited.body.code, back.body.code]).toContain('PHONE_TAKEN')
      const inTeam = await t.db.select({ status: users.status, phone: users.phone }).from(users).where(eq(users.vendorId, v.vendor.id))
      expect(inTeam.filter((row) => row.phone?.endsWith(phone.slice(1)) && row.status !== 'inactive')).toHaveLength(1)
    }
  })
})
