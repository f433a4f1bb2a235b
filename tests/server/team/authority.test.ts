import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { users } from '#server/db/schema'

import { call, createMember, createVendor, login, makeApp, type TestApp, type TestVendor, unchecked, uniqueEmail } from '../harness'
import { accept, details, invite, lastCode, newPhone, smsTo } from './helpers'

/*
 * What keeps team changes honest under pressure (decisions 043, 046, 052): an invitation is only as good as its
 * inviter's standing, invitations are rate limited per vendor, racing changes to one member leave one consistent
 * outcome, and the users check constraint holds through every transition.
 */

let t: TestApp
let v: TestVendor
let ownerToken: string

beforeAll(async () => {
  t = await makeApp()
  v = await createVendor()
  ownerToken = await login(t.app, v.owner.email, v.owner.password)
})

const REVOKED = { code: 'INVITE_REVOKED', message: 'This invitation is no longer valid. Ask for a new one.' }
const setStatus = (token: string, memberId: string, status: string) =>
  call(t.app, endpoints.setMemberStatus, { token, body: unchecked({ memberId, status }) })
const resend = (token: string, memberId: string) => call(t.app, endpoints.resendInvite, { token, body: { memberId } })

describe('an invitation outlives neither its inviter’s account nor their authority', () => {
  it('a deactivated manager’s pending invitation stops working; a resend by the owner brings it back', async () => {
    const manager = await createMember(v, { permissions: ['VENDOR_TEAM', 'VENDOR_ORDERS'] })
    const token = await login(t.app, manager.email, manager.password)
    const invited = await invite(t, token, { permissions: ['VENDOR_ORDERS'] })
    expect((await details(t, invited.code)).body.data.invitedBy).toBe('Team Member')

    expect((await setStatus(ownerToken, manager.id, 'inactive')).status).toBe(200)
    expect((await details(t, invited.code)).body).toEqual(REVOKED)
    const refused = await accept(t, { inviteCode: invited.code, password: 'password-1', email: uniqueEmail() })
    expect(refused.status).toBe(410)
    expect(refused.body).toEqual(REVOKED)
    const [row] = await t.db.select().from(users).where(eq(users.id, invited.id))
    expect(row).toMatchObject({ status: 'invited', passwordHash: null })

    expect((await resend(ownerToken, invited.id)).status).toBe(200)
    const fresh = lastCode(t, invited.phone)
    expect((await details(t, fresh)).body.data.invitedBy).toBe('Owner Person')
    expect((await accept(t, { inviteCode: fresh, password: 'password-1', email: uniqueEmail() })).status).toBe(200)
  })

  it('an inviter who no longer holds what they granted (or VENDOR_TEAM) vouches for nothing', async () => {
    const manager = await createMember(v, { permissions: ['VENDOR_TEAM', 'VENDOR_ORDERS', 'VENDOR_WALLET'] })
    const token = await login(t.app, manager.email, manager.password)
    const orders = await invite(t, token, { permissions: ['VENDOR_ORDERS'] })
    const wallet = await invite(t, token, { permissions: ['VENDOR_WALLET'] })
    // Permissions changed outside the API (an administrator): VENDOR_WALLET is gone.
    await t.db
      .update(users)
      .set({ permissions: ['VENDOR_TEAM', 'VENDOR_ORDERS'] })
      .where(eq(users.id, manager.id))
    expect((await details(t, orders.code)).status).toBe(200)
    expect((await details(t, wallet.code)).body).toEqual(REVOKED)
    await t.db
      .update(users)
      .set({ permissions: ['VENDOR_ORDERS'] })
      .where(eq(users.id, manager.id))
    expect((await accept(t, { inviteCode: orders.code, password: 'password-1', email: uniqueEmail() })).body).toEqual(REVOKED)
  })
})

describe('invitations and resends are rate limited per vendor', () => {
  it('the 31st in 15 minutes is a 429 that sends nothing, whoever sends it; other vendors are not affected', async () => {
    const app = await makeApp()
    const shop = await createVendor()
    const token = await login(app.app, shop.owner.email, shop.owner.password)
    const manager = await createMember(shop, { permissions: ['VENDOR_TEAM'] })
    const managerToken = await login(app.app, manager.email, manager.password)
    const first = await invite(app, token)
    for (let i = 0; i < 28; i++) await invite(app, i % 2 ? token : managerToken)
    expect((await call(app.app, endpoints.resendInvite, { token, body: { memberId: first.id } })).status).toBe(200)
    const sent = app.notifier.outbox.length
    const phone = newPhone()
    const refused = await call(app.app, endpoints.inviteMember, { token: managerToken, body: { name: 'One Too Many', phone } })
    expect(refused.status).toBe(429)
    expect((await call(app.app, endpoints.resendInvite, { token, body: { memberId: first.id } })).status).toBe(429)
    expect(app.notifier.outbox.length).toBe(sent)
    expect(app.notifier.lastTo(smsTo(phone))).toBeUndefined()

    const other = await createVendor()
    const otherToken = await login(app.app, other.owner.email, other.owner.password)
    expect(
      (await call(app.app, endpoints.inviteMember, { token: otherToken, body: { name: 'Elsewhere', phone: newPhone() } })).status,
    ).toBe(201)
  })
})

describe('racing changes to one member end in one consistent outcome', () => {
  it('accept and deactivate at once: either the member joined and is now inactive, or the code was withdrawn', async () => {
    for (let round = 0; round < 4; round++) {
      const invited = await invite(t, ownerToken)
      const [joined, off] = await Promise.all([
        accept(t, { inviteCode: invited.code, password: 'password-1', email: uniqueEmail('race') }),
        setStatus(ownerToken, invited.id, 'inactive'),
      ])
      expect(off.status).toBe(200)
      expect([200, 410]).toContain(joined.status)
      const [row] = await t.db.select().from(users).where(eq(users.id, invited.id))
      expect(row!.status).toBe('inactive')
      if (joined.status === 200) {
        // Joined first: the session it was given is revoked with the deactivation.
        expect((await call(t.app, endpoints.me, { token: joined.body.data.token })).status).toBe(401)
        expect(row!.passwordHash).not.toBeNull()
      } else {
        expect(joined.body).toEqual(REVOKED)
        expect(row!.passwordHash).toBeNull()
      }
    }
  })

  it('accept and resend at once: the old code either joined (resend 409) or was revoked (the new one works)', async () => {
    for (let round = 0; round < 4; round++) {
      const invited = await invite(t, ownerToken)
      const [joined, again] = await Promise.all([
        accept(t, { inviteCode: invited.code, password: 'password-1', email: uniqueEmail('race') }),
        resend(ownerToken, invited.id),
      ])
      if (joined.status === 200) {
        expect(again.body.code).toBe('ALREADY_JOINED')
      } else {
        expect(joined.body).toEqual(REVOKED)
        expect(again.status).toBe(200)
        const fresh = lastCode(t, invited.phone)
        expect((await accept(t, { inviteCode: fresh, password: 'password-1', email: uniqueEmail() })).status).toBe(200)
      }
    }
  })

  it('two invitations to one email at once: one lands, the other is 409 naming email', async () => {
    const email = uniqueEmail('twice')
    const results = await Promise.all(
      [1, 2, 3].map(() => call(t.app, endpoints.inviteMember, { token: ownerToken, body: { name: 'Twice', phone: newPhone(), email } })),
    )
    expect(results.map((res) => res.status).sort()).toEqual([201, 409, 409])
    for (const res of results.filter((r) => r.status === 409))
      expect(res.body.issues).toEqual([{ path: 'email', message: 'is already used by another account' }])
  })
})

describe('credentials and status', () => {
  it('a member deactivated before accepting cannot sign in (401 as any wrong password), nor be activated into signing in', async () => {
    const email = uniqueEmail('never')
    const invited = await invite(t, ownerToken, { email })
    await setStatus(ownerToken, invited.id, 'inactive')
    const res = await call(t.app, endpoints.login, { body: { email, password: 'password-1' } })
    expect(res.body).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect' })
    expect((await setStatus(ownerToken, invited.id, 'active')).body.data.status).toBe('invited')
    expect((await call(t.app, endpoints.login, { body: { email, password: 'password-1' } })).status).toBe(401)
  })

  it('the database refuses an active user without an email or a password, whatever the code does', async () => {
    const invited = await invite(t, ownerToken)
    await expect(t.db.update(users).set({ status: 'active' }).where(eq(users.id, invited.id))).rejects.toThrow()
    const member = await createMember(v)
    await expect(t.db.update(users).set({ passwordHash: null }).where(eq(users.id, member.id))).rejects.toThrow()
    await expect(t.db.update(users).set({ email: null }).where(eq(users.id, member.id))).rejects.toThrow()
    // Inactive without credentials is allowed: a member deactivated before accepting.
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, invited.id))
  })
})
