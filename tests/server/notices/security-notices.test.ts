import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { lagosMinuteText } from '#contract/lagos-time'
import { users } from '#server/db/schema'

import { call, createMember, makeApp, type TestApp } from '../harness'
import { PIN, type Sender, sender } from '../money/helpers'

/* Issue 37: a changed PIN and a sign-in from a new browser are told to the person, once, in plain words. */

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

let t: TestApp
beforeAll(async () => {
  t = await makeApp()
})

let phoneSerial = 0
/** An owner with a phone of their own: every test vendor's owner shares 08030000000. */
async function ownerWithPhone(): Promise<Sender & { sms: string }> {
  const s = await sender(t)
  const national = `81${String(Date.now() % 1e6).padStart(6, '0')}${String(++phoneSerial % 100).padStart(2, '0')}`
  await t.db
    .update(users)
    .set({ phone: `0${national}` })
    .where(eq(users.id, s.owner.id))
  return { ...s, sms: `+234${national}` }
}

const messagesTo = (to: string) => t.notifier.outbox.filter((message) => message.to === to)

describe('PIN changed', () => {
  async function sessionKey(s: Sender & { sms: string }) {
    expect((await call(t.app, endpoints.initiatePinChange, { token: s.token, body: { pin: PIN } })).status).toBe(200)
    const otp = t.notifier.lastTo(s.sms)!.code!
    const verified = await call(t.app, endpoints.verifyPinOtp, { token: s.token, body: { otp } })
    return verified.headers.get('x-session-key')!
  }

  it('tells the person by SMS and e-mail, with the Lagos time and what to do; a double tap tells them once', async () => {
    const s = await ownerWithPhone()
    const key = await sessionKey(s)
    const before = { sms: messagesTo(s.sms).length, email: messagesTo(s.owner.email).length }
    const reset = () => call(t.app, endpoints.resetPin, { token: s.token, body: { pin: '8642' }, headers: { 'x-session-key': key } })
    const answers = await Promise.all([reset(), reset()])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422])

    const text =
      `Your ${s.vendor.name} transaction PIN was changed on ${lagosMinuteText(t.clock.now())} (Lagos time). ` +
      'If this was not you, change your password and your PIN in the app now, and tell the business owner.'
    const subject = `${s.vendor.name}: your transaction PIN was changed`
    expect(messagesTo(s.sms).slice(before.sms)).toEqual([{ channel: 'sms', to: s.sms, subject, text }])
    expect(messagesTo(s.owner.email).slice(before.email)).toEqual([{ channel: 'email', to: s.owner.email, subject, text }])
  })
})

describe('sign-in from a new device', () => {
  const signIn = (email: string, password: string, cookie?: string) =>
    call(t.app, endpoints.login, {
      body: { email, password },
      headers: { 'user-agent': ANDROID_CHROME, ...(cookie ? { cookie } : {}) },
    })

  it('tells the owner by e-mail and SMS with the time and the device; not again on that device', async () => {
    const s = await ownerWithPhone()
    const first = await signIn(s.owner.email, s.owner.password)
    expect(first.status).toBe(200)
    const text =
      `Someone signed in to your ${s.vendor.name} account on Chrome on Android on ${lagosMinuteText(t.clock.now())} (Lagos time). ` +
      'If this was you, there is nothing to do. If this was not you, change your password and your PIN in the app now, and tell the business owner.'
    const subject = `${s.vendor.name}: new sign-in on Chrome on Android`
    expect(messagesTo(s.owner.email)).toEqual([{ channel: 'email', to: s.owner.email, subject, text }])
    expect(messagesTo(s.sms)).toEqual([{ channel: 'sms', to: s.sms, subject, text }])

    // The browser now carries its device cookie: a known device, nothing sent, even much later.
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!
    t.clock.advance(60 * 60_000)
    expect((await signIn(s.owner.email, s.owner.password, cookie)).status).toBe(200)
    expect(messagesTo(s.owner.email)).toHaveLength(1)
    expect(messagesTo(s.sms)).toHaveLength(1)
  })

  it('a double tap on Sign in from a new browser tells once; a member by e-mail only', async () => {
    const s = await ownerWithPhone()
    const both = await Promise.all([signIn(s.owner.email, s.owner.password), signIn(s.owner.email, s.owner.password)])
    expect(both.map((answer) => answer.status)).toEqual([200, 200])
    expect(messagesTo(s.owner.email)).toHaveLength(1)
    expect(messagesTo(s.sms)).toHaveLength(1)

    const member = await createMember(s, { permissions: ['VENDOR_ORDERS'] })
    await t.db.update(users).set({ phone: '08039999999' }).where(eq(users.id, member.id))
    expect((await signIn(member.email, member.password)).status).toBe(200)
    expect(messagesTo(member.email).map((message) => message.subject)).toEqual([`${s.vendor.name}: new sign-in on Chrome on Android`])
    expect(messagesTo('+2348039999999')).toEqual([])
  })
})
