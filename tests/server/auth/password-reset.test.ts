import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { MINUTE_MS } from '#server/clock'

import { call, createMember, createVendor, login, makeApp, type TestApp } from '../harness'

const SENT = 'If an account exists for this email, we have sent a 6-digit code to it'

async function requestCode(t: TestApp, email: string): Promise<string> {
  const res = await call(t.app, endpoints.forgotPassword, { body: { email } })
  expect(res.status).toBe(200)
  const message = t.notifier.lastTo(email)
  expect(message?.code).toMatch(/^\d{6}$/)
  return message!.code!
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('POST /auth/vendor/forgot-password', () => {
  it('emails a 6-digit code valid for 10 minutes', async () => {
    const t = await makeApp()
    const { owner } = await createVendor()
    const res = await call(t.app, endpoints.forgotPassword, { body: { email: owner.email } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: SENT, data: { expiresInMinutes: 10 } })
    expect(t.notifier.outbox).toHaveLength(1)
    const [mail] = t.notifier.outbox
    expect(mail).toMatchObject({ channel: 'email', to: owner.email, subject: expect.stringMatching(/: your password reset code$/) })
    expect(mail!.text).toContain(mail!.code!)
  })

  it('answers the same for an unknown email and sends nothing', async () => {
    const t = await makeApp()
    const res = await call(t.app, endpoints.forgotPassword, { body: { email: 'ghost@test.ng' } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: SENT, data: { expiresInMinutes: 10 } })
    expect(t.notifier.outbox).toHaveLength(0)
  })

  it('sends nothing to a deactivated member', async () => {
    const t = await makeApp()
    const member = await createMember(await createVendor(), { status: 'inactive' })
    expect((await call(t.app, endpoints.forgotPassword, { body: { email: member.email } })).status).toBe(200)
    expect(t.notifier.outbox).toHaveLength(0)
  })

  it('names the email field when it is invalid', async () => {
    const t = await makeApp()
    const res = await call(t.app, endpoints.forgotPassword, { body: { email: 'nope' } })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('email: must be a valid email address')
  })
})

describe('POST /auth/reset-password', () => {
  it('resets the password with the emailed code and revokes every session', async () => {
    const t = await makeApp()
    const { owner } = await createVendor()
    const session = await login(t.app, owner.email, owner.password)
    const code = await requestCode(t, owner.email)
    const res = await call(t.app, endpoints.resetPassword, {
      body: { email: owner.email, otp: code, password: 'fresh-password-1' },
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Your password has been reset, please login', data: null })
    expect((await call(t.app, endpoints.me, { token: session })).status).toBe(401)
    const old = await call(t.app, endpoints.login, { body: { email: owner.email, password: owner.password } })
    expect(old.status).toBe(401)
    await login(t.app, owner.email, 'fresh-password-1')
  })

  it('uses a code only once', async () => {
    const t = await makeApp()
    const { owner } = await createVendor()
    const code = await requestCode(t, owner.email)
    const body = { email: owner.email, otp: code, password: 'fresh-password-1' }
    expect((await call(t.app, endpoints.resetPassword, { body })).status).toBe(200)
    const again = await call(t.app, endpoints.resetPassword, { body: { ...body, password: 'other-password-2' } })
    expect(again.status).toBe(422)
    expect(again.body.code).toBe('INVALID_CODE')
  })

  it('refuses an expired code with a clear message', async () => {
    const t = await makeApp()
    const { owner } = await createVendor()
    const code = await requestCode(t, owner.email)
    t.clock.advance(10 * MINUTE_MS + 1000)
    const res = await call(t.app, endpoints.resetPassword, {
      body: { email: owner.email, otp: code, password: 'fresh-password-1' },
    })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      message: 'The code has expired, please request a new one',
      code: 'CODE_EXPIRED',
      issues: [{ path: 'otp', message: 'The code has expired, please request a new one' }],
    })
    await login(t.app, owner.email, owner.password)
  })

  it('burns the code after 5 wrong tries, even for the right code afterwards', async () => {
    const t = await makeApp()
    const { owner } = await createVendor()
    const code = await requestCode(t, owner.email)
    const attempt = (otp: string) =>
      call(t.app, endpoints.resetPassword, { body: { email: owner.email, otp, password: 'fresh-password-1' } })
    const messages: string[] = []
    for (let i = 0; i < 5; i++) {
      const res = await attempt(wrongCode(code))
      expect(res.status).toBe(422)
      messages.push(res.body.message)
    }
    expect(messages).toEqual([
      'The code is incorrect, 4 attempts left',
      'The code is incorrect, 3 attempts left',
      'The code is incorrect, 2 attempts left',
      'The code is incorrect, 1 attempt left',
      'Too many wrong attempts, please request a new code',
    ])
    // Its tries are used up, so even the right code is not compared: it gets the same answer as a wrong one.
    const right = await attempt(code)
    expect(right.status).toBe(422)
    expect(right.body).toMatchObject({ code: 'CODE_BURNED', message: 'Too many wrong attempts, please request a new code' })
    await login(t.app, owner.email, owner.password)
  })

  it('only the newest code works after asking twice', async () => {
    const t = await makeApp()
    const { owner } = await createVendor()
    const first = await requestCode(t, owner.email)
    const second = await requestCode(t, owner.email)
    if (first !== second) {
      const stale = await call(t.app, endpoints.resetPassword, {
        body: { email: owner.email, otp: first, password: 'fresh-password-1' },
      })
      expect(stale.status).toBe(422)
    }
    const fresh = await call(t.app, endpoints.resetPassword, {
      body: { email: owner.email, otp: second, password: 'fresh-password-1' },
    })
    expect(fresh.status).toBe(200)
  })

  it('refuses a code for an email without an account', async () => {
    const t = await makeApp()
    const res = await call(t.app, endpoints.resetPassword, {
      body: { email: 'ghost@test.ng', otp: '123456', password: 'fresh-password-1' },
    })
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('INVALID_CODE')
  })

  it('names the field for a malformed code or a short password', async () => {
    const t = await makeApp()
    const otp = await call(t.app, endpoints.resetPassword, {
      body: { email: 'a@test.ng', otp: '12ab', password: 'fresh-password-1' },
    })
    expect(otp.status).toBe(422)
    expect(otp.body.message).toBe('otp: must be 6 digits')
    const password = await call(t.app, endpoints.resetPassword, {
      body: { email: 'a@test.ng', otp: '123456', password: 'short' },
    })
    expect(password.status).toBe(422)
    expect(password.body.message).toBe('password: must be at least 8 characters')
  })
})
