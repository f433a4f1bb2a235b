import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import type { BodyInput, EndpointDef } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { users } from '#server/db/schema'

import { call, makeApp, type TestApp, unchecked } from '../harness'
import { PIN, pinAttempts, type Sender, sender, tokenFor } from './helpers'

/* The transaction PIN: set it once, five wrong tries lock it, change it in three steps through an SMS code. */

const pin = <E extends EndpointDef>(t: TestApp, token: string, endpoint: E, body?: BodyInput<E>, headers?: Record<string, string>) =>
  call(t.app, endpoint, { token, body, headers })

async function lock(t: TestApp, s: Sender) {
  for (let i = 0; i < 5; i++) {
    await call(t.app, endpoints.setThirdPartyTransfers, { token: s.token, body: { isEnabled: true, pin: '0000' } })
  }
}

/** Steps 1 and 2: answers the session key. */
async function verifiedKey(t: TestApp, s: Sender): Promise<string> {
  expect((await pin(t, s.token, endpoints.initiatePinChange, { pin: PIN })).status).toBe(200)
  const otp = t.notifier.lastTo('+2348030000000')!.code!
  const verified = await pin(t, s.token, endpoints.verifyPinOtp, { otp })
  expect(verified.status).toBe(200)
  return verified.headers.get('x-session-key')!
}

describe('GET and POST /pin', () => {
  it('a user without a PIN sets one, once', async () => {
    const t = await makeApp()
    const s = await sender(t, { pin: null })
    expect((await pin(t, s.token, endpoints.pinStatus)).body.data).toEqual({ hasPin: false, locked: false, attemptsRemaining: 5 })
    const set = await pin(t, s.token, endpoints.createPin, { pin: '2468', password: s.owner.password })
    expect(set.body).toEqual({
      message: 'Your transaction PIN has been set',
      data: { hasPin: true, locked: false, attemptsRemaining: 5 },
    })
    const again = await pin(t, s.token, endpoints.createPin, { pin: '1357', password: s.owner.password })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ code: 'PIN_EXISTS', message: 'You already have a transaction PIN; change it instead' })
    expect((await pin(t, s.token, endpoints.createPin, { pin: '12', password: s.owner.password })).body.message).toBe(
      'pin: must be 4 digits',
    )
  })

  it('asks for the account password on the first PIN: a session alone cannot set it (issue 35)', async () => {
    const t = await makeApp()
    const s = await sender(t, { pin: null })
    const missing = await pin(t, s.token, endpoints.createPin, unchecked({ pin: '2468' }))
    expect(missing.status).toBe(422)
    expect(missing.body).toMatchObject({ message: 'password: is required', issues: [{ path: 'password', message: 'is required' }] })
    const wrong = await pin(t, s.token, endpoints.createPin, { pin: '2468', password: 'not-my-password' })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toEqual({
      code: 'INVALID_PASSWORD',
      message: 'password: is incorrect',
      issues: [{ path: 'password', message: 'is incorrect' }],
    })
    expect((await pin(t, s.token, endpoints.pinStatus)).body.data.hasPin).toBe(false)
    const right = await pin(t, s.token, endpoints.createPin, { pin: '2468', password: s.owner.password })
    expect(right.status, JSON.stringify(right.body)).toBe(200)
    expect((await pin(t, s.token, endpoints.pinStatus)).body.data.hasPin).toBe(true)
  })

  it("counts wrong passwords on the first PIN against the user's password-change limit", async () => {
    const t = await makeApp()
    const s = await sender(t, { pin: null })
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => pin(t, s.token, endpoints.createPin, { pin: '2468', password: `wrong-${i}` })),
    )
    // Five were checked; the rest were refused before the hash.
    expect(answers.map((a) => a.status).filter((status) => status === 422)).toHaveLength(5)
    expect(answers.map((a) => a.status).filter((status) => status === 429)).toHaveLength(3)
    // The right password now waits for the window too, here and on the other password checks.
    expect((await pin(t, s.token, endpoints.createPin, { pin: '2468', password: s.owner.password })).status).toBe(429)
    const change = await call(t.app, endpoints.changePassword, {
      token: s.token,
      body: { currentPassword: s.owner.password, newPassword: 'a-brand-new-password' },
    })
    expect(change.status).toBe(429)
    expect((await pin(t, s.token, endpoints.pinStatus)).body.data.hasPin).toBe(false)
  })

  it('counts wrong tries and shows the lock', async () => {
    const t = await makeApp()
    const s = await sender(t)
    await lock(t, s)
    expect((await pin(t, s.token, endpoints.pinStatus)).body.data).toEqual({ hasPin: true, locked: true, attemptsRemaining: 0 })
  })
})

describe('changing the PIN', () => {
  it('current PIN → SMS code → session key → new PIN; other sessions are signed out', async () => {
    const t = await makeApp()
    const s = await sender(t)
    const otherSession = await tokenFor(t, s.owner.row)
    const started = await pin(t, s.token, endpoints.initiatePinChange, { pin: PIN })
    expect(started.body).toEqual({
      message: 'We have sent a 6-digit code to +234 803 *** 0000',
      data: { expiresInMinutes: 10, sentTo: '+234 803 *** 0000' },
    })
    const sms = t.notifier.lastTo('+2348030000000')!
    expect(sms).toMatchObject({ channel: 'sms', subject: expect.stringMatching(/: your PIN change code$/) })
    expect(sms.code).toMatch(/^\d{6}$/)
    const verified = await pin(t, s.token, endpoints.verifyPinOtp, { otp: sms.code! })
    expect(verified.body).toEqual({ message: 'Code verified, set your new PIN', data: { expiresInMinutes: 10 } })
    const key = verified.headers.get('x-session-key')!
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const reset = await pin(t, s.token, endpoints.resetPin, { pin: '8642' }, { 'x-session-key': key })
    expect(reset.body).toEqual({
      message: 'Your transaction PIN has been changed',
      data: { hasPin: true, locked: false, attemptsRemaining: 5 },
    })
    expect((await pin(t, otherSession, endpoints.pinStatus)).status).toBe(401)
    expect((await pin(t, s.token, endpoints.pinStatus)).status).toBe(200)
    const old = await call(t.app, endpoints.setThirdPartyTransfers, { token: s.token, body: { isEnabled: true, pin: PIN } })
    expect(old.body.code).toBe('INVALID_PIN')
    const fresh = await call(t.app, endpoints.setThirdPartyTransfers, { token: s.token, body: { isEnabled: true, pin: '8642' } })
    expect(fresh.status).toBe(200)
    // A changed PIN is written as a keyed HMAC (decision 097), whatever the old one was.
    const [row] = await t.db.select({ pinHash: users.pinHash }).from(users).where(eq(users.id, s.owner.id))
    expect(row!.pinHash).toMatch(/^hmac-sha256\$/)
  })

  it('the session key works once', async () => {
    const t = await makeApp()
    const s = await sender(t)
    const key = await verifiedKey(t, s)
    expect((await pin(t, s.token, endpoints.resetPin, { pin: '1111' }, { 'x-session-key': key })).status).toBe(200)
    const again = await pin(t, s.token, endpoints.resetPin, { pin: '2222' }, { 'x-session-key': key })
    expect(again.status).toBe(422)
    expect(again.body).toEqual({
      code: 'PIN_SESSION_INVALID',
      message: 'Your PIN change session is invalid or has expired, please start again',
    })
  })

  it('the session key expires after 10 minutes, and is required', async () => {
    const t = await makeApp()
    const s = await sender(t)
    const key = await verifiedKey(t, s)
    const missing = await pin(t, s.token, endpoints.resetPin, { pin: '1111' })
    expect(missing.status).toBe(400)
    expect(missing.body.code).toBe('SESSION_KEY_REQUIRED')
    expect((await pin(t, s.token, endpoints.resetPin, { pin: '1111' }, { 'x-session-key': 'forged' })).body.code).toBe(
      'PIN_SESSION_INVALID',
    )
    t.clock.advance(10 * 60_000 + 1)
    expect((await pin(t, s.token, endpoints.resetPin, { pin: '1111' }, { 'x-session-key': key })).body.code).toBe('PIN_SESSION_INVALID')
  })

  it("another user's session key is no use", async () => {
    const t = await makeApp()
    const a = await sender(t)
    const b = await sender(t)
    const key = await verifiedKey(t, a)
    expect((await pin(t, b.token, endpoints.resetPin, { pin: '1111' }, { 'x-session-key': key })).status).toBe(422)
  })

  it('the OTP expires after 10 minutes', async () => {
    const t = await makeApp()
    const s = await sender(t)
    await pin(t, s.token, endpoints.initiatePinChange, { pin: PIN })
    const otp = t.notifier.lastTo('+2348030000000')!.code!
    t.clock.advance(10 * 60_000)
    const res = await pin(t, s.token, endpoints.verifyPinOtp, { otp })
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({ code: 'CODE_EXPIRED', message: 'The code has expired, please request a new one' })
    expect(res.headers.get('x-session-key')).toBeNull()
  })

  it('the OTP is burnt after 5 wrong tries, even for the right code', async () => {
    const t = await makeApp()
    const s = await sender(t)
    await pin(t, s.token, endpoints.initiatePinChange, { pin: PIN })
    const otp = t.notifier.lastTo('+2348030000000')!.code!
    const wrong = otp === '000000' ? '111111' : '000000'
    const messages = []
    for (let i = 0; i < 5; i++) messages.push((await pin(t, s.token, endpoints.verifyPinOtp, { otp: wrong })).body.message)
    expect(messages).toEqual([
      'The code is incorrect, 4 attempts left',
      'The code is incorrect, 3 attempts left',
      'The code is incorrect, 2 attempts left',
      'The code is incorrect, 1 attempt left',
      'Too many wrong attempts, please request a new code',
    ])
    expect((await pin(t, s.token, endpoints.verifyPinOtp, { otp })).status).toBe(422)
    expect((await pin(t, s.token, endpoints.verifyPinOtp, { otp: '12345' })).body.message).toBe('otp: must be 6 digits')
  })

  it('a locked PIN is changed with the password, which unlocks it', async () => {
    const t = await makeApp()
    const s = await sender(t)
    await lock(t, s)
    const withPin = await pin(t, s.token, endpoints.initiatePinChange, { pin: PIN })
    expect(withPin.status).toBe(403)
    expect(withPin.body.code).toBe('PIN_LOCKED')
    const wrongPassword = await pin(t, s.token, endpoints.initiatePinChange, { password: 'not-it' })
    expect(wrongPassword.status).toBe(422)
    expect(wrongPassword.body.message).toBe('password: is incorrect')
    expect((await pin(t, s.token, endpoints.initiatePinChange, { password: s.owner.password })).status).toBe(200)
    const otp = t.notifier.lastTo('+2348030000000')!.code!
    const key = (await pin(t, s.token, endpoints.verifyPinOtp, { otp })).headers.get('x-session-key')!
    await pin(t, s.token, endpoints.resetPin, { pin: '5555' }, { 'x-session-key': key })
    expect(await pinAttempts(t.db, s.owner.id)).toBe(0)
    expect((await pin(t, s.token, endpoints.pinStatus)).body.data).toEqual({ hasPin: true, locked: false, attemptsRemaining: 5 })
  })

  it('asks for pin or password, not both or neither, and a PIN to change needs one to exist', async () => {
    const t = await makeApp()
    const s = await sender(t)
    for (const body of [{}, { pin: PIN, password: 'x' }]) {
      const res = await pin(t, s.token, endpoints.initiatePinChange, body)
      expect(res.status).toBe(422)
      expect(res.body.message).toBe('body: send either pin or password')
    }
    const none = await sender(t, { pin: null })
    expect((await pin(t, none.token, endpoints.initiatePinChange, { pin: PIN })).body.code).toBe('PIN_NOT_SET')
  })

  it('sends at most 5 codes in 15 minutes', async () => {
    const t = await makeApp()
    const s = await sender(t)
    const statuses = []
    for (let i = 0; i < 6; i++) statuses.push((await pin(t, s.token, endpoints.initiatePinChange, { pin: PIN })).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    expect(t.notifier.outbox.filter((message) => message.subject.endsWith(': your PIN change code'))).toHaveLength(5)
  })
})
