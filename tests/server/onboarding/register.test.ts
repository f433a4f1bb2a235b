import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { MINUTE_MS } from '#server/clock'
import { users, vendors } from '#server/db/schema'

import { call, createMember, createVendor, login, makeApp, type TestApp } from '../harness'
import { nextIp, randomPhone, register, registration, smsCode, verify } from './helpers'

/* POST /auth/vendor, PATCH /auth/vendor/verify and POST /auth/vendor/resend-otp. */

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const verifyWith = (t: TestApp, token: string, otp: string) => call(t.app, endpoints.verifyPhone, { token, body: { otp } })
const resend = (t: TestApp, token: string, phone: string) => call(t.app, endpoints.resendOtp, { token, body: { phone } })

describe('POST /auth/vendor', () => {
  it('opens a pending account, signs the owner in and texts a code to +234…', async () => {
    const t = await makeApp()
    const body = registration()
    const res = await call(t.app, endpoints.register, { body, ip: nextIp() })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const { token, user, onboarding } = res.body.data
    expect(user).toMatchObject({ email: body.email, name: 'Ada Obi', role: 'owner', phone: body.phone })
    expect(user.vendor).toMatchObject({ name: body.businessName, status: 'pending_verification', url: null })
    expect(onboarding).toEqual({
      step: 'verify-phone',
      phoneVerified: false,
      kycSubmitted: false,
      shopSetUp: false,
      phone: `${body.phone.slice(0, 3)}****${body.phone.slice(-4)}`,
      shopUrl: null,
    })
    const [sms] = t.notifier.outbox
    expect(sms).toMatchObject({ channel: 'sms', to: `+234${body.phone.slice(1)}` })
    expect(sms!.text).toContain(sms!.code!)
    expect(sms!.text).toContain('10 minutes')
    // The session works for onboarding calls, not for business ones.
    expect((await call(t.app, endpoints.onboarding, { token })).body.data.step).toBe('verify-phone')
    const business = await call(t.app, endpoints.walletBalance, { token })
    expect(business.status).toBe(403)
    expect(business.body.code).toBe('VENDOR_NOT_APPROVED')
    // And the password signs in again later.
    await login(t.app, body.email, body.password)
  })

  it('stores the phone as 0… whichever way it was typed', async () => {
    const t = await makeApp()
    const phone = randomPhone()
    const r = await register(t, { phone: phone.slice(1) })
    const [vendor] = await t.db.select().from(vendors).where(eq(vendors.id, r.vendorId))
    expect(vendor!.phone).toBe(phone)
  })

  it('409 naming email when any user has it, whatever its case', async () => {
    const t = await makeApp()
    const taken = await createMember(await createVendor())
    const res = await call(t.app, endpoints.register, { body: registration({ email: taken.email.toUpperCase() }), ip: nextIp() })
    expect(res.status).toBe(409)
    expect(res.body.issues).toEqual([{ path: 'email', message: 'is already used by another account' }])
    expect(t.notifier.outbox).toHaveLength(0)
  })

  it("409 naming phone when another vendor's owner uses it, in any format", async () => {
    const t = await makeApp()
    const first = await register(t)
    const res = await call(t.app, endpoints.register, { body: registration({ phone: first.phone.slice(1) }), ip: nextIp() })
    expect(res.status).toBe(409)
    expect(res.body.issues).toEqual([{ path: 'phone', message: 'is already used by another account' }])
  })

  it('422 for a weak password, a bad phone or a missing name, naming the field', async () => {
    const t = await makeApp()
    const cases: [Record<string, string>, string][] = [
      [{ password: 'short' }, 'password: must be at least 8 characters'],
      [{ phone: '0803123' }, 'phone: must be a Nigerian mobile number, like 08031234567'],
      [{ phone: '01234567890' }, 'phone: must be a Nigerian mobile number, like 08031234567'],
      [{ phone: '0803-123-4567' }, 'phone: must be digits only, at most 11'],
      [{ businessName: '  ' }, 'businessName: is required'],
      [{ email: 'nope' }, 'email: must be a valid email address'],
    ]
    for (const [override, message] of cases) {
      const res = await call(t.app, endpoints.register, { body: registration(override), ip: nextIp() })
      expect(res.status, message).toBe(422)
      expect(res.body.message).toBe(message)
    }
    expect(t.notifier.outbox).toHaveLength(0)
  })

  it('is rate-limited per address like login', async () => {
    const t = await makeApp()
    const ip = '10.66.0.1'
    const taken = (await createVendor()).owner.email
    for (let i = 0; i < 20; i++) {
      expect((await call(t.app, endpoints.register, { body: registration({ email: taken }), ip })).status).toBe(409)
    }
    const res = await call(t.app, endpoints.register, { body: registration(), ip })
    expect(res.status).toBe(429)
  })
})

describe('PATCH /auth/vendor/verify', () => {
  it('verifies the phone with the code, then answers the state again (idempotent)', async () => {
    const t = await makeApp()
    const r = await register(t)
    const code = smsCode(t, r.phone)
    const res = await verifyWith(t, r.token, code)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ step: 'kyc', phoneVerified: true })
    const [vendor] = await t.db.select().from(vendors).where(eq(vendors.id, r.vendorId))
    expect(vendor!.phoneVerifiedAt).not.toBeNull()
    const again = await verifyWith(t, r.token, code)
    expect(again.status).toBe(200)
    expect(again.body.data.step).toBe('kyc')
  })

  it('422 naming otp with the tries left, then 410 on the fifth wrong try and after', async () => {
    const t = await makeApp()
    const r = await register(t)
    const wrong = wrongCode(smsCode(t, r.phone))
    for (const left of [4, 3, 2, 1]) {
      const res = await verifyWith(t, r.token, wrong)
      expect(res.status).toBe(422)
      expect(res.body.issues).toEqual([
        { path: 'otp', message: `The code is incorrect, ${left} ${left === 1 ? 'attempt' : 'attempts'} left` },
      ])
    }
    const burnt = await verifyWith(t, r.token, wrong)
    expect(burnt.status).toBe(410)
    expect(burnt.body.code).toBe('CODE_BURNED')
    // Even the right code is dead now.
    expect((await verifyWith(t, r.token, smsCode(t, r.phone))).status).toBe(410)
  })

  it('410 once the code is older than 10 minutes', async () => {
    const t = await makeApp()
    const r = await register(t)
    t.clock.advance(10 * MINUTE_MS + 1000)
    const res = await verifyWith(t, r.token, smsCode(t, r.phone))
    expect(res.status).toBe(410)
    expect(res.body.message).toBe('The code has expired, please request a new one')
  })

  it('403 for a member (only the owner onboards)', async () => {
    const t = await makeApp()
    const vendor = await createVendor({ status: 'pending_verification' })
    const member = await createMember(vendor)
    const token = await login(t.app, member.email, member.password)
    expect((await verifyWith(t, token, '123456')).status).toBe(403)
    expect((await resend(t, token, randomPhone())).status).toBe(403)
  })
})

describe('POST /auth/vendor/resend-otp', () => {
  it('sends a new code and the old one stops working', async () => {
    const t = await makeApp()
    const r = await register(t)
    const old = smsCode(t, r.phone)
    t.clock.advance(MINUTE_MS)
    const res = await resend(t, r.token, r.phone)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toEqual({ expiresInMinutes: 10, resendAfterSeconds: 60, phone: `${r.phone.slice(0, 3)}****${r.phone.slice(-4)}` })
    const fresh = smsCode(t, r.phone)
    if (fresh !== old) expect((await verifyWith(t, r.token, old)).status).toBe(422)
    expect((await verifyWith(t, r.token, fresh)).status).toBe(200)
  })

  it('a different phone replaces the one given, unless another vendor uses it', async () => {
    const t = await makeApp()
    const r = await register(t)
    const other = await register(t)
    t.clock.advance(MINUTE_MS)
    const taken = await resend(t, r.token, other.phone)
    expect(taken.status).toBe(409)
    expect(taken.body.issues).toEqual([{ path: 'phone', message: 'is already used by another account' }])
    expect((await resend(t, r.token, '0123')).status).toBe(422)

    const phone = randomPhone()
    const res = await resend(t, r.token, phone)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const [owner] = await t.db.select().from(users).where(eq(users.vendorId, r.vendorId))
    const [vendor] = await t.db.select().from(vendors).where(eq(vendors.id, r.vendorId))
    expect([owner!.phone, vendor!.phone]).toEqual([phone, phone])
    await verify(t, { ...r, phone })
  })

  it('one a minute and five an hour, with 429 saying when', async () => {
    const t = await makeApp()
    const r = await register(t)
    const soon = await resend(t, r.token, r.phone)
    expect(soon.status).toBe(429)
    expect(soon.body.message).toMatch(/^You can ask for a new code in \d+ seconds$/)
    expect(Number(soon.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    // Registration sent the first; four more fit in the hour.
    for (let i = 0; i < 4; i++) {
      t.clock.advance(MINUTE_MS)
      expect((await resend(t, r.token, r.phone)).status).toBe(200)
    }
    t.clock.advance(MINUTE_MS)
    const hourly = await resend(t, r.token, r.phone)
    expect(hourly.status).toBe(429)
    expect(hourly.body.message).toMatch(/^You can ask for a new code in \d+ minutes$/)
  })

  it('409 once the phone is verified', async () => {
    const t = await makeApp()
    const r = await register(t)
    await verify(t, r)
    t.clock.advance(MINUTE_MS)
    const res = await resend(t, r.token, r.phone)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('PHONE_ALREADY_VERIFIED')
  })
})
