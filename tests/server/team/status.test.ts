import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { call, createMember, createVendor, login, makeApp, type TestApp, type TestVendor, unchecked, uniqueEmail } from '../harness'
import { accept, details, invite, lastCode } from './helpers'

let t: TestApp
let v: TestVendor
let ownerToken: string

beforeAll(async () => {
  t = await makeApp()
  v = await createVendor()
  ownerToken = await login(t.app, v.owner.email, v.owner.password)
})

const setStatus = (token: string, memberId: string, status: string) =>
  call(t.app, endpoints.setMemberStatus, { token, body: unchecked({ memberId, status }) })

describe('PUT /user/members/status', () => {
  it('deactivating rejects the member’s live tokens at once and stops sign-in; reactivating lets them back', async () => {
    const member = await createMember(v, { permissions: ['VENDOR_ORDERS'] })
    const phone = await login(t.app, member.email, member.password)
    const laptop = await login(t.app, member.email, member.password)
    expect((await call(t.app, endpoints.me, { token: phone })).status).toBe(200)

    const res = await setStatus(ownerToken, member.id, 'inactive')
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id: member.id, status: 'inactive', permissions: ['VENDOR_ORDERS'] })
    for (const token of [phone, laptop]) {
      expect((await call(t.app, endpoints.me, { token })).status).toBe(401)
      expect((await call(t.app, endpoints.listOrders, { token })).status).toBe(401)
    }
    const refused = await call(t.app, endpoints.login, { body: { email: member.email, password: member.password } })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('ACCOUNT_INACTIVE')

    const back = await setStatus(ownerToken, member.id, 'active')
    expect(back.body.data.status).toBe('active')
    // Old tokens stay revoked; a fresh sign-in works.
    expect((await call(t.app, endpoints.me, { token: phone })).status).toBe(401)
    const token = await login(t.app, member.email, member.password)
    expect((await call(t.app, endpoints.me, { token })).body.data.permissions).toEqual(['VENDOR_ORDERS'])
  })

  it('deactivating a pending invitee withdraws the code; reactivating puts them back to invited, to be resent', async () => {
    const invited = await invite(t, ownerToken, { email: uniqueEmail('withdrawn') })
    const off = await setStatus(ownerToken, invited.id, 'inactive')
    expect(off.body.data).toMatchObject({ status: 'inactive', inviteExpiresAt: null })
    expect((await details(t, invited.code)).body.code).toBe('INVITE_REVOKED')
    const acceptOld = await accept(t, { inviteCode: invited.code, password: 'password-1' })
    expect(acceptOld.body.code).toBe('INVITE_REVOKED')
    const resendWhileOff = await call(t.app, endpoints.resendInvite, { token: ownerToken, body: { memberId: invited.id } })
    expect(resendWhileOff.status).toBe(409)

    const on = await setStatus(ownerToken, invited.id, 'active')
    expect(on.body.data).toMatchObject({ status: 'invited', inviteExpiresAt: null })
    expect(on.body.message).toContain('Resend the invitation')
    expect((await call(t.app, endpoints.resendInvite, { token: ownerToken, body: { memberId: invited.id } })).status).toBe(200)
    const joined = await accept(t, { inviteCode: lastCode(t, invited.phone), password: 'password-1' })
    expect(joined.status).toBe(200)
  })

  it('is idempotent: activating an active member or a pending invitee changes nothing', async () => {
    const member = await createMember(v)
    expect((await setStatus(ownerToken, member.id, 'active')).body.data.status).toBe('active')
    const invited = await invite(t, ownerToken)
    const res = await setStatus(ownerToken, invited.id, 'active')
    expect(res.body.data.status).toBe('invited')
    expect((await details(t, invited.code)).status).toBe(200)
  })

  it('nobody changes the owner or themself', async () => {
    const manager = await createMember(v, { permissions: ['VENDOR_TEAM'] })
    const token = await login(t.app, manager.email, manager.password)
    const owner = await setStatus(token, v.owner.id, 'inactive')
    expect(owner.status).toBe(403)
    expect(owner.body).toMatchObject({ code: 'CANNOT_CHANGE_OWNER' })
    const self = await setStatus(token, manager.id, 'inactive')
    expect(self.status).toBe(409)
    expect(self.body).toEqual({ code: 'CANNOT_CHANGE_SELF', message: 'You cannot change your own status' })
    expect((await setStatus(ownerToken, v.owner.id, 'inactive')).status).toBe(409)
    expect((await call(t.app, endpoints.me, { token })).status).toBe(200)
  })

  it('a team manager cannot change or resend to a member holding permissions they lack', async () => {
    const manager = await createMember(v, { permissions: ['VENDOR_TEAM', 'VENDOR_ORDERS'] })
    const token = await login(t.app, manager.email, manager.password)
    const richer = await createMember(v, { permissions: ['VENDOR_ORDERS', 'VENDOR_TRANSFERS'] })
    const res = await setStatus(token, richer.id, 'inactive')
    expect(res.status).toBe(403)
    expect(res.body).toEqual({
      code: 'PERMISSION_NOT_HELD',
      message: 'You can only manage members whose permissions you hold yourself (you do not hold: Send money)',
    })
    const richInvite = await invite(t, ownerToken, { permissions: ['VENDOR_WALLET'] })
    const resend = await call(t.app, endpoints.resendInvite, { token, body: { memberId: richInvite.id } })
    expect(resend.status).toBe(403)
    const peer = await createMember(v, { permissions: ['VENDOR_ORDERS'] })
    expect((await setStatus(token, peer.id, 'inactive')).status).toBe(200)
  })

  it('404 for another vendor’s member or an unknown id; 422 naming the field', async () => {
    const stranger = await createMember(await createVendor())
    expect((await setStatus(ownerToken, stranger.id, 'inactive')).body).toEqual({ code: 'NOT_FOUND', message: 'Member not found' })
    expect((await setStatus(ownerToken, 'nope', 'inactive')).status).toBe(404)
    const member = await createMember(v)
    const cases: [Record<string, unknown>, string][] = [
      [{ status: 'inactive' }, 'memberId: is required'],
      [{ memberId: member.id }, 'status: is required'],
      [{ memberId: member.id, status: 'invited' }, 'status: must be active or inactive'],
      [{ memberId: member.id, status: 'ACTIVE' }, 'status: must be active or inactive'],
      [{ memberId: `${member.id}\u0000`, status: 'active' }, 'memberId: must not contain a NUL character'],
      [{ memberId: 'x'.repeat(65), status: 'active' }, 'memberId: is too long'],
    ]
    for (const [body, message] of cases) {
      const res = await call(t.app, endpoints.setMemberStatus, { token: ownerToken, body: unchecked(body) })
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.body.message).toBe(message)
    }
  })
})
