import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { call, createMember, createVendor, login, makeApp, type TestApp, type TestVendor, unchecked } from '../harness'
import { invite } from './helpers'

let t: TestApp
let v: TestVendor
let ownerToken: string

beforeAll(async () => {
  t = await makeApp()
  v = await createVendor()
  ownerToken = await login(t.app, v.owner.email, v.owner.password)
})

const setPermissions = (token: string, memberId: string, permissions: unknown) =>
  call(t.app, endpoints.setMemberPermissions, { token, body: unchecked({ memberId, permissions }) })

describe('PATCH /user/members/permissions', () => {
  it('replaces a member’s permissions, in the contract’s order, and they hold from the member’s next call', async () => {
    const member = await createMember(v, { permissions: ['VENDOR_ORDERS'] })
    const token = await login(t.app, member.email, member.password)
    expect((await call(t.app, endpoints.listTransactions, { token, query: { page: '1', size: '10' } })).status).toBe(403)

    const res = await setPermissions(ownerToken, member.id, ['VENDOR_TRANSACTIONS', 'VENDOR_ORDERS', 'VENDOR_ORDERS'])
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id: member.id, permissions: ['VENDOR_ORDERS', 'VENDOR_TRANSACTIONS'] })
    expect(res.body.message).toBe(`${res.body.data.name}'s permissions have been updated`)
    expect((await call(t.app, endpoints.me, { token })).body.data.permissions).toEqual(['VENDOR_ORDERS', 'VENDOR_TRANSACTIONS'])
    expect((await call(t.app, endpoints.listTransactions, { token, query: { page: '1', size: '10' } })).status).toBe(200)

    // Taking one away takes effect as fast.
    expect((await setPermissions(ownerToken, member.id, ['VENDOR_ORDERS'])).status).toBe(200)
    expect((await call(t.app, endpoints.listTransactions, { token, query: { page: '1', size: '10' } })).status).toBe(403)
  })

  it('changes a pending invitee’s permissions too, which the invitation then offers', async () => {
    const invited = await invite(t, ownerToken, { permissions: ['VENDOR_ORDERS'] })
    expect((await setPermissions(ownerToken, invited.id, ['VENDOR_CUSTOMERS'])).body.data.permissions).toEqual(['VENDOR_CUSTOMERS'])
    const details = await call(t.app, endpoints.inviteDetails, { query: { inviteCode: invited.code } })
    expect(details.body.data.permissions).toEqual(['VENDOR_CUSTOMERS'])
  })

  it('the owner cannot be demoted, and nobody edits their own', async () => {
    const manager = await createMember(v, { permissions: ['VENDOR_TEAM', 'VENDOR_ORDERS'] })
    const token = await login(t.app, manager.email, manager.password)
    const owner = await setPermissions(token, v.owner.id, [])
    expect(owner.status).toBe(403)
    expect(owner.body.code).toBe('CANNOT_CHANGE_OWNER')
    expect((await setPermissions(ownerToken, v.owner.id, [])).body.code).toBe('CANNOT_CHANGE_SELF')
    const self = await setPermissions(token, manager.id, ['VENDOR_TEAM', 'VENDOR_ORDERS', 'VENDOR_WALLET'])
    expect(self.status).toBe(409)
    expect(self.body).toEqual({ code: 'CANNOT_CHANGE_SELF', message: 'You cannot change your own permissions' })
    // The owner still holds everything.
    expect((await call(t.app, endpoints.me, { token: ownerToken })).body.data.permissions).toContain('VENDOR_TEAM')
  })

  it('a manager grants only what they hold, to a member holding nothing more than they do', async () => {
    const manager = await createMember(v, { permissions: ['VENDOR_TEAM', 'VENDOR_ORDERS', 'VENDOR_CUSTOMERS'] })
    const token = await login(t.app, manager.email, manager.password)
    const peer = await createMember(v, { permissions: ['VENDOR_ORDERS'] })

    const raise = await setPermissions(token, peer.id, ['VENDOR_ORDERS', 'VENDOR_TRANSFERS'])
    expect(raise.status).toBe(403)
    expect(raise.body.code).toBe('PERMISSION_NOT_HELD')
    expect(raise.body.message).toBe('You can only grant permissions you hold yourself (you do not hold: Send money)')

    const richer = await createMember(v, { permissions: ['VENDOR_ORDERS', 'VENDOR_WALLET'] })
    const strip = await setPermissions(token, richer.id, [])
    expect(strip.status).toBe(403)
    expect(strip.body.message).toBe('You can only manage members whose permissions you hold yourself (you do not hold: Wallet)')
    expect(
      (await call(t.app, endpoints.listMembers, { token: ownerToken, query: { page: '1', size: '100' } })).body.data.items.find(
        (m: { id: string }) => m.id === richer.id,
      )!.permissions,
    ).toEqual(['VENDOR_ORDERS', 'VENDOR_WALLET'])

    expect((await setPermissions(token, peer.id, ['VENDOR_ORDERS', 'VENDOR_CUSTOMERS'])).status).toBe(200)
  })

  it('needs VENDOR_TEAM', async () => {
    const clerk = await createMember(v, { permissions: ['VENDOR_ORDERS'] })
    const token = await login(t.app, clerk.email, clerk.password)
    const peer = await createMember(v, { permissions: ['VENDOR_ORDERS'] })
    expect((await setPermissions(token, peer.id, ['VENDOR_ORDERS'])).status).toBe(403)
  })

  it('404 for another vendor’s member or an unknown id; 422 naming the field', async () => {
    const stranger = await createMember(await createVendor())
    expect((await setPermissions(ownerToken, stranger.id, [])).body).toEqual({ code: 'NOT_FOUND', message: 'Member not found' })
    expect((await setPermissions(ownerToken, 'nope', [])).status).toBe(404)
    const member = await createMember(v)
    const cases: [Record<string, unknown>, string][] = [
      [{ permissions: [] }, 'memberId: is required'],
      [{ memberId: member.id }, 'permissions: is required'],
      [{ memberId: member.id, permissions: 'VENDOR_ORDERS' }, 'permissions: must be a list of permissions'],
      [{ memberId: member.id, permissions: ['VENDOR_EVERYTHING'] }, 'permissions.0: must be a known permission'],
    ]
    for (const [body, message] of cases) {
      const res = await call(t.app, endpoints.setMemberPermissions, { token: ownerToken, body: unchecked(body) })
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.body.message).toBe(message)
    }
  })
})
