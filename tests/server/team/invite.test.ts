import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { DAY_MS } from '#server/clock'

import {
  call,
  createVendor,
  login,
  makeApp,
  prepare,
  type Prepared,
  type TestApp,
  type TestVendor,
  unchecked,
  uniqueEmail,
} from '../harness'
import { accept, details, invite } from './helpers'

let t: TestApp
let v: TestVendor
let ownerToken: string

beforeAll(async () => {
  t = await makeApp()
  v = await createVendor({ name: 'Iya Basira Kitchen' })
  ownerToken = await login(t.app, v.owner.email, v.owner.password)
})

const USED = { code: 'INVITE_USED', message: 'This invitation has already been used. Sign in instead.' }
const EXPIRED = { code: 'INVITE_EXPIRED', message: 'This invitation has expired. Ask for a new one.' }
const NOT_VALID = { code: 'INVITE_NOT_FOUND', message: 'This invitation link is not valid' }

describe('GET /invite/details', () => {
  it('shows what the invitation offers, with the phone masked, without a session', async () => {
    const email = uniqueEmail('details')
    const invited = await invite(t, ownerToken, {
      name: 'Emeka Eze',
      phone: '08031234567',
      email,
      permissions: ['VENDOR_INVENTORY', 'VENDOR_ORDERS'],
    })
    const res = await details(t, invited.code)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      vendorName: 'Iya Basira Kitchen',
      name: 'Emeka Eze',
      email,
      phone: '080****4567',
      permissions: ['VENDOR_ORDERS', 'VENDOR_INVENTORY'],
      invitedBy: 'Owner Person',
      expiresAt: invited.body.data.inviteExpiresAt,
    })
  })

  it('404 for an unknown code; 422 for a missing or NUL one', async () => {
    expect((await details(t, 'x'.repeat(43))).body).toEqual(NOT_VALID)
    expect((await call(t.app, endpoints.inviteDetails)).body.message).toBe('inviteCode: is required')
    expect((await details(t, 'ab\u0000c')).status).toBe(422)
    expect((await details(t, 'x'.repeat(129))).body.message).toBe('inviteCode: is too long')
  })

  it('410 INVITE_EXPIRED once 7 days have passed', async () => {
    const app = await makeApp()
    const token = await login(app.app, v.owner.email, v.owner.password)
    const invited = await invite(app, token)
    app.clock.advance(7 * DAY_MS - 1000)
    expect((await details(app, invited.code)).status).toBe(200)
    app.clock.advance(1000)
    expect((await details(app, invited.code)).body).toEqual(EXPIRED)
    const res = await accept(app, { inviteCode: invited.code, password: 'password-1', email: uniqueEmail() })
    expect(res.status).toBe(410)
    expect(res.body).toEqual(EXPIRED)
  })
})

describe('POST /invite/accept', () => {
  it('activates the member and answers a session as login does; the code then answers 410 INVITE_USED', async () => {
    const invited = await invite(t, ownerToken, { name: 'Funke', permissions: ['VENDOR_ORDERS', 'VENDOR_OUTLETS'] })
    const email = uniqueEmail('funke')
    const res = await accept(t, { inviteCode: invited.code, password: 'joined-pass-1', email: email.toUpperCase() })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.message).toBe('Welcome to Iya Basira Kitchen')
    const user = {
      id: invited.id,
      name: 'Funke',
      email,
      phone: invited.phone,
      role: 'member',
      permissions: ['VENDOR_ORDERS', 'VENDOR_OUTLETS'],
      vendor: { id: v.vendor.id, name: 'Iya Basira Kitchen', url: null, status: 'approved' },
    }
    expect(res.body.data.user).toEqual(user)

    const me = await call(t.app, endpoints.me, { token: res.body.data.token })
    expect(me.body.data).toEqual(user)
    const token = await login(t.app, email, 'joined-pass-1')
    expect((await call(t.app, endpoints.me, { token })).body.data.permissions).toEqual(user.permissions)

    expect((await details(t, invited.code)).body).toEqual(USED)
    const again = await accept(t, { inviteCode: invited.code, password: 'other-pass-1', email })
    expect(again.status).toBe(410)
    expect(again.body).toEqual(USED)
    // The second try changed nothing: the first password still signs in.
    await login(t.app, email, 'joined-pass-1')

    const listed = await call(t.app, endpoints.listMembers, { token: ownerToken, query: { email } })
    expect(listed.body.data.items).toMatchObject([{ id: invited.id, status: 'active', inviteExpiresAt: null }])
  })

  it('of two concurrent accepts exactly one succeeds', async () => {
    const invited = await invite(t, ownerToken)
    const results = await Promise.all(
      ['racer-pass-1', 'racer-pass-2', 'racer-pass-3'].map((password) =>
        accept(t, { inviteCode: invited.code, password, email: uniqueEmail('racer') }),
      ),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 410, 410])
    for (const loser of results.filter((r) => r.status === 410)) expect(loser.body).toEqual(USED)
    const winner = results.find((r) => r.status === 200)!
    expect((await call(t.app, endpoints.me, { token: winner.body.data.token })).status).toBe(200)
  })

  it('keeps the invitation’s email: the same one (any case) or none is fine, another is refused', async () => {
    const email = uniqueEmail('fixed')
    const first = await invite(t, ownerToken, { email })
    const other = await accept(t, { inviteCode: first.code, password: 'password-1', email: uniqueEmail() })
    expect(other.status).toBe(422)
    expect(other.body.message).toBe('email: must be the email this invitation was sent to')
    const res = await accept(t, { inviteCode: first.code, password: 'password-1' })
    expect(res.status).toBe(200)
    expect(res.body.data.user.email).toBe(email)

    const second = await invite(t, ownerToken, { email: uniqueEmail('fixed') })
    const same = await accept(t, { inviteCode: second.code, password: 'password-1', email: second.body.data.email.toUpperCase() })
    expect(same.status).toBe(200)
  })

  it('needs an email when the invitation had none, and refuses one already in use', async () => {
    const invited = await invite(t, ownerToken)
    for (const email of [undefined, null]) {
      const res = await accept(t, { inviteCode: invited.code, password: 'password-1', email })
      expect(res.status).toBe(422)
      expect(res.body.message).toBe('email: is required')
    }
    const taken = await accept(t, { inviteCode: invited.code, password: 'password-1', email: v.owner.email })
    expect(taken.status).toBe(409)
    expect(taken.body).toMatchObject({ code: 'EMAIL_TAKEN', message: 'This email is already used by another account' })
    // Nothing was consumed by the refusals.
    expect((await details(t, invited.code)).status).toBe(200)
  })

  it('refuses bad input with 422 naming the field', async () => {
    const invited = await invite(t, ownerToken)
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'password-1' }, 'inviteCode: is required'],
      [{ inviteCode: invited.code }, 'password: is required'],
      [{ inviteCode: invited.code, password: 'short' }, 'password: must be at least 8 characters'],
      [{ inviteCode: invited.code, password: 'pass\u0000word-1', email: uniqueEmail() }, 'password: must not contain a NUL character'],
      [{ inviteCode: invited.code, password: 'password-1', email: 'nope' }, 'email: must be a valid email address'],
      [{ inviteCode: 42, password: 'password-1' }, 'inviteCode: is required'],
    ]
    for (const [body, message] of cases) {
      const res = await accept(t, unchecked(body))
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.body.message).toBe(message)
    }
    expect((await accept(t, { inviteCode: 'y'.repeat(43), password: 'password-1' })).body).toEqual(NOT_VALID)
  })
})

describe('the public invite calls are rate limited per IP', () => {
  it('429 after the limit, for details and accept alike', async () => {
    const app = await makeApp()
    const ip = '10.66.0.1'
    const statuses = async (request: Prepared, n: number) => {
      const seen: number[] = []
      for (let i = 0; i < n; i++) seen.push((await request.send(app.app, { ip })).status)
      return seen
    }
    const looks = await statuses(prepare(endpoints.inviteDetails, { query: { inviteCode: 'z'.repeat(43) } }), 31)
    expect(looks.slice(0, 30).every((s) => s === 404)).toBe(true)
    expect(looks[30]).toBe(429)
    const tries = await statuses(prepare(endpoints.acceptInvite, { body: { inviteCode: 'z'.repeat(43), password: 'password-1' } }), 21)
    expect(tries.slice(0, 20).every((s) => s === 404)).toBe(true)
    expect(tries[20]).toBe(429)
  })
})
