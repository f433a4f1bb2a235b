import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { PERMISSIONS } from '#contract/permissions'
import { DAY_MS } from '#server/clock'
import { users } from '#server/db/schema'

import { call, createMember, createVendor, login, makeApp, testDb, unchecked, uniqueEmail } from '../harness'

describe('POST /auth/vendor/login', () => {
  it('answers a token and the user with the vendor, and the token works', async () => {
    const { app } = await makeApp()
    const { owner, vendor } = await createVendor()
    const res = await call(app, endpoints.login, { body: { email: owner.email, password: owner.password } })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Login successful')
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(res.body.data.user).toEqual({
      id: owner.id,
      name: 'Owner Person',
      email: owner.email,
      phone: '08030000000',
      role: 'owner',
      permissions: [...PERMISSIONS],
      vendor: { id: vendor.id, name: vendor.name, url: null, status: 'approved' },
    })
    const me = await call(app, endpoints.me, { token: res.body.data.token })
    expect(me.status).toBe(200)
    expect(me.body.data.id).toBe(owner.id)
  })

  it('accepts the email in any case and with spaces around it', async () => {
    const { app } = await makeApp()
    const { owner } = await createVendor()
    const res = await call(app, endpoints.login, {
      body: { email: `  ${owner.email.toUpperCase()} `, password: owner.password },
    })
    expect(res.status).toBe(200)
  })

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const { app } = await makeApp()
    const { owner } = await createVendor()
    const wrong = await call(app, endpoints.login, { body: { email: owner.email, password: 'nope-nope' } })
    const unknown = await call(app, endpoints.login, {
      body: { email: 'nobody-here@test.ng', password: owner.password },
    })
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: 'Email or password is incorrect', code: 'INVALID_CREDENTIALS' })
    }
  })

  it('names the field when input is invalid', async () => {
    const { app } = await makeApp()
    const bad = await call(app, endpoints.login, { body: { email: 'not-an-email', password: 'x' } })
    expect(bad.status).toBe(422)
    expect(bad.body.code).toBe('VALIDATION_FAILED')
    expect(bad.body.message).toBe('email: must be a valid email address')
    const missing = await call(app, endpoints.login, {
      body: unchecked({ email: 'a@b.ng' }),
    })
    expect(missing.status).toBe(422)
    expect(missing.body.message).toBe('password: is required')
    expect(missing.body.issues).toEqual([{ path: 'password', message: 'is required' }])
    const empty = await call(app, endpoints.login)
    expect(empty.status).toBe(422)
    expect(empty.body.issues!.map((issue: { path: string }) => issue.path)).toEqual(['email', 'password'])
  })

  it('refuses a deactivated member even with the right password', async () => {
    const { app } = await makeApp()
    const vendor = await createVendor()
    const member = await createMember(vendor, { status: 'inactive' })
    const res = await call(app, endpoints.login, { body: { email: member.email, password: member.password } })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('ACCOUNT_INACTIVE')
  })

  it('refuses a member who has not accepted their invitation as it refuses a wrong password, and counts it', async () => {
    const { app } = await makeApp()
    const vendor = await createVendor()
    const email = uniqueEmail('invited')
    // An invitation with an email but no password yet (see server/team/invite.ts).
    await (await testDb()).insert(users).values({ vendorId: vendor.vendor.id, name: 'Pending', email, role: 'member', status: 'invited' })
    for (let i = 0; i < 5; i++) {
      const res = await call(app, endpoints.login, { body: { email, password: 'any-password' } })
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: 'Email or password is incorrect', code: 'INVALID_CREDENTIALS' })
    }
    expect((await call(app, endpoints.login, { body: { email, password: 'any-password' } })).status).toBe(429)
  })

  it('lets a vendor awaiting approval sign in (the app shows Review Pending)', async () => {
    const { app } = await makeApp()
    const { owner } = await createVendor({ status: 'pending_verification' })
    const res = await call(app, endpoints.login, { body: { email: owner.email, password: owner.password } })
    expect(res.status).toBe(200)
    expect(res.body.data.user.vendor.status).toBe('pending_verification')
  })
})

describe('sessions', () => {
  it('logout revokes only the calling session', async () => {
    const { app } = await makeApp()
    const { owner } = await createVendor()
    const first = await login(app, owner.email, owner.password)
    const second = await login(app, owner.email, owner.password)
    const out = await call(app, endpoints.logout, { token: first })
    expect(out.status).toBe(200)
    expect(out.body).toEqual({ message: 'You have been logged out', data: null })
    const after = await call(app, endpoints.me, { token: first })
    expect(after.status).toBe(401)
    expect(after.body).toEqual({ message: 'You are not authenticated, please login', code: 'UNAUTHENTICATED' })
    expect((await call(app, endpoints.me, { token: second })).status).toBe(200)
  })

  it('expires after 30 days', async () => {
    // Idle expiry off for this one (it has its own tests in auth-sessions): only the absolute limit is tested.
    const { app, clock } = await makeApp({ sessionIdleMs: 31 * DAY_MS })
    const { owner } = await createVendor()
    const token = await login(app, owner.email, owner.password)
    clock.advance(29 * DAY_MS)
    expect((await call(app, endpoints.me, { token })).status).toBe(200)
    clock.advance(DAY_MS + 1000)
    expect((await call(app, endpoints.me, { token })).status).toBe(401)
  })

  it('accepts only the Bearer scheme', async () => {
    const { app } = await makeApp()
    const { owner } = await createVendor()
    const token = await login(app, owner.email, owner.password)
    const res = await call(app, endpoints.me, { headers: { authorization: `Basic ${token}` } })
    expect(res.status).toBe(401)
  })
})

describe('GET /user/me', () => {
  it('shows a member only the permissions they were given', async () => {
    const { app } = await makeApp()
    const vendor = await createVendor()
    const member = await createMember(vendor, { permissions: ['VENDOR_ORDERS', 'VENDOR_WALLET'] })
    const token = await login(app, member.email, member.password)
    const res = await call(app, endpoints.me, { token })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ role: 'member', permissions: ['VENDOR_ORDERS', 'VENDOR_WALLET'] })
  })
})

describe('PATCH /user/password', () => {
  it('changes the password, keeps this session and revokes the others', async () => {
    const { app } = await makeApp()
    const { owner } = await createVendor()
    const current = await login(app, owner.email, owner.password)
    const other = await login(app, owner.email, owner.password)
    const res = await call(app, endpoints.changePassword, {
      token: current,
      body: { currentPassword: owner.password, newPassword: 'a-brand-new-password' },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Your password has been changed')
    expect((await call(app, endpoints.me, { token: current })).status).toBe(200)
    expect((await call(app, endpoints.me, { token: other })).status).toBe(401)
    const oldLogin = await call(app, endpoints.login, { body: { email: owner.email, password: owner.password } })
    expect(oldLogin.status).toBe(401)
    await login(app, owner.email, 'a-brand-new-password')
  })

  it('refuses a wrong current password and keeps the old one', async () => {
    const { app } = await makeApp()
    const { owner } = await createVendor()
    const token = await login(app, owner.email, owner.password)
    const res = await call(app, endpoints.changePassword, {
      token,
      body: { currentPassword: 'not-my-password', newPassword: 'a-brand-new-password' },
    })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      message: 'Current password is incorrect',
      code: 'INVALID_CURRENT_PASSWORD',
      issues: [{ path: 'currentPassword', message: 'is incorrect' }],
    })
    await login(app, owner.email, owner.password)
  })

  it('limits wrong current-password guesses from a stolen session', async () => {
    const { app } = await makeApp()
    const { owner } = await createVendor()
    const token = await login(app, owner.email, owner.password)
    const body = { currentPassword: 'guess', newPassword: 'a-brand-new-password' }
    for (let i = 0; i < 5; i++) expect((await call(app, endpoints.changePassword, { token, body })).status).toBe(422)
    const limited = await call(app, endpoints.changePassword, {
      token,
      body: { currentPassword: owner.password, newPassword: 'a-brand-new-password' },
    })
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('RATE_LIMITED')
  })

  it('requires a new password of at least 8 characters', async () => {
    const { app } = await makeApp()
    const { owner } = await createVendor()
    const token = await login(app, owner.email, owner.password)
    const res = await call(app, endpoints.changePassword, {
      token,
      body: { currentPassword: owner.password, newPassword: 'short' },
    })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('newPassword: must be at least 8 characters')
  })
})
