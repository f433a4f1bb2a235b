import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { nationalNumber, smsAddress } from '#server/auth/phone'
import { MINUTE_MS } from '#server/clock'

import { call, makeApp } from '../harness'
import { register } from '../onboarding/helpers'

/* Issue 37, "every message once": a code asked for twice in a double tap is sent once, in words naming the business. */

describe('the phone verification code', () => {
  it('registration texts one code naming the business; a double tap on Resend texts one more, not two', async () => {
    const t = await makeApp()
    const r = await register(t)
    const to = smsAddress(nationalNumber(r.phone)!)
    const sent = () => t.notifier.outbox.filter((message) => message.to === to)
    expect(sent()).toHaveLength(1)
    const code = sent()[0]!.code!
    expect(sent()[0]).toEqual({
      channel: 'sms',
      to,
      subject: `${r.body.businessName}: verify your phone number`,
      text: `Your ${r.body.businessName} verification code is ${code}. It expires in 10 minutes. Never share it with anyone.`,
      code,
      purpose: 'phone_verification',
    })
    t.clock.advance(MINUTE_MS + 1_000)
    const resend = () => call(t.app, endpoints.resendOtp, { token: r.token, body: { phone: r.phone } })
    const answers = await Promise.all([resend(), resend()])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429])
    expect(sent()).toHaveLength(2)
  })
})
