import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { jobs } from '#server/db/platform-schema'
import { appJobHandlers, JobWorker } from '#server/jobs'
import type { DurableNotifier } from '#server/messages/durable-notifier'
import { notifierFor } from '#server/messages/transports'
import { MemoryRateLimiter } from '#server/rate-limit'

import { startSmtpServer, type TestSmtpServer } from '../../support/smtp-server'
import { TermiiFake } from '../../support/termii-fake'
import { call, makeApp, type TestApp, TestClock, testDb } from '../harness'
import { nextIp, registration } from '../onboarding/helpers'
import { takeMessageQueue } from './queue-lock'

/*
 * Issue 37, decisions 149 and 150: messages leave through real transports (Nodemailer to a real SMTP server, HTTP to
 * a fake of Termii's documented API), each a job of the one queue: tried in the request, retried by a worker, its
 * code redacted once spent.
 */

const quiet = { info: () => {}, warn: () => {}, error: () => {} }
const MAIL_FROM = 'Vendor Office <no-reply@vendor.test>'
const SENDER_ID = 'VendorOffc'

let smtp: TestSmtpServer
let termii: TermiiFake

let release: () => Promise<void> = async () => {}

// Other files' turns on PostgreSQL come first (queue-lock.ts).
beforeAll(async () => {
  release = await takeMessageQueue()
  smtp = await startSmtpServer()
  termii = await new TermiiFake({ apiKey: 'termii-test-key', senderIds: [SENDER_ID] }).start()
}, 180_000)

afterAll(async () => {
  await release()
  await smtp?.stop()
  await termii?.stop()
})

interface Live extends TestApp {
  messages: DurableNotifier
  worker: JobWorker
}

/** The app as startServer makes it when SMTP and Termii are configured, with a worker that runs only messages. */
async function liveApp(): Promise<Live> {
  const db = await testDb()
  const clock = new TestClock()
  const messages = notifierFor(
    {
      email: { kind: 'smtp', url: smtp.url, from: MAIL_FROM },
      sms: { kind: 'termii', apiKey: 'termii-test-key', senderId: SENDER_ID, baseUrl: termii.baseUrl },
    },
    { db, clock, logger: quiet, firstAttemptWaitMs: 5_000 },
  )
  const t = await makeApp({ notifier: messages, clock, rateLimiter: new MemoryRateLimiter(clock), logger: quiet })
  const worker = new JobWorker({ db, handlers: appJobHandlers(t.deps).only('send-message'), clock, logger: quiet })
  return { ...t, clock, messages, worker }
}

async function messageJobsTo(t: TestApp, to: string) {
  const rows = await t.db.select().from(jobs).where(eq(jobs.kind, 'send-message'))
  return rows.filter((row) => (row.payload as { message: { to: string } }).message.to === to)
}

describe('registration', () => {
  it('e-mails the OTP to the owner through SMTP, and that code verifies the phone', async () => {
    const t = await liveApp()
    const body = registration()
    const res = await call(t.app, endpoints.register, { body, ip: nextIp() })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.data.codeSent).toBe(true)

    const mail = smtp.lastTo(body.email)!
    expect(mail.from).toBe('"Vendor Office" <no-reply@vendor.test>')
    expect(mail.to).toEqual([body.email])
    expect(mail.subject).not.toBe('')
    expect(mail.headers.get('message-id')).toBeTruthy()
    expect(mail.code).toMatch(/^\d{6}$/)
    const verified = await call(t.app, endpoints.verifyPhone, { token: res.body.data.token, body: { otp: mail.code! } })
    expect(verified.status, JSON.stringify(verified.body)).toBe(200)
    expect(verified.body.data.phoneVerified).toBe(true)
  })

  it('sends the same code by SMS to Termii on the dnd route with the sender ID', async () => {
    const t = await liveApp()
    const body = registration()
    const res = await call(t.app, endpoints.register, { body, ip: nextIp() })
    expect(res.status).toBe(201)
    const international = `234${body.phone.slice(1)}`
    const sms = termii.lastTo(international)!
    expect(sms).toMatchObject({ from: SENDER_ID, channel: 'dnd', type: 'plain' })
    expect(sms.sms).toContain(smtp.lastTo(body.email)!.code!)
  })
})

describe('password reset', () => {
  it('e-mails a code that resets the password', async () => {
    const t = await liveApp()
    const body = registration()
    expect((await call(t.app, endpoints.register, { body, ip: nextIp() })).status).toBe(201)
    const asked = await call(t.app, endpoints.forgotPassword, { body: { email: body.email }, ip: nextIp() })
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    const mail = smtp.lastTo(body.email)!
    expect(mail.text).toContain(mail.code!)
    const reset = await call(t.app, endpoints.resetPassword, {
      body: { email: body.email, otp: mail.code!, password: 'brand-new-pass-2' },
      ip: nextIp(),
    })
    expect(reset.status, JSON.stringify(reset.body)).toBe(200)
    const login = await call(t.app, endpoints.login, {
      body: { email: body.email, password: 'brand-new-pass-2' },
      ip: nextIp(),
    })
    expect(login.status, JSON.stringify(login.body)).toBe(200)
  })
})

describe('a send that fails', () => {
  it('is answered "could not send", retried by a worker with back-off, delivered once, and then redacted', async () => {
    const t = await liveApp()
    const body = registration()
    expect((await call(t.app, endpoints.register, { body, ip: nextIp() })).status).toBe(201)
    const before = smtp.allTo(body.email).length
    await smtp.stop()
    try {
      const asked = await call(t.app, endpoints.forgotPassword, { body: { email: body.email }, ip: nextIp() })
      expect(asked.status).toBe(503)
      expect(asked.body).toMatchObject({ code: 'CODE_NOT_SENT', message: 'We could not send the code, try again.' })
    } finally {
      await smtp.start()
    }
    // Not before its back-off.
    expect(await t.worker.runDueJobs()).toMatchObject({ done: 0 })
    t.clock.advance(11_000)
    expect(await t.worker.runDueJobs()).toMatchObject({ done: 1 })
    const mails = smtp.allTo(body.email).slice(before)
    expect(mails).toHaveLength(1)
    // It works: the retry carried a live code.
    const reset = await call(t.app, endpoints.resetPassword, {
      body: { email: body.email, otp: mails[0]!.code!, password: 'after-retry-pass-3' },
      ip: nextIp(),
    })
    expect(reset.status, JSON.stringify(reset.body)).toBe(200)
    // And it is not sent again.
    t.clock.advance(60 * 60_000)
    await t.worker.runDueJobs()
    expect(smtp.allTo(body.email).slice(before)).toHaveLength(1)
    // Nothing of the code is left at rest.
    for (const job of await messageJobsTo(t, body.email)) {
      expect(job.state).toBe('done')
      expect(JSON.stringify(job.payload)).not.toContain(mails[0]!.code!)
      expect(job.payload).toMatchObject({ redacted: true })
    }
  })

  it('is never sent once its code has expired, and its code is redacted', async () => {
    const t = await liveApp()
    const body = registration()
    expect((await call(t.app, endpoints.register, { body, ip: nextIp() })).status).toBe(201)
    const before = smtp.allTo(body.email).length
    await smtp.stop()
    try {
      const asked = await call(t.app, endpoints.forgotPassword, { body: { email: body.email }, ip: nextIp() })
      expect(asked.status).toBe(503)
    } finally {
      await smtp.start()
    }
    t.clock.advance(11 * 60_000)
    await t.worker.runDueJobs()
    expect(smtp.allTo(body.email).slice(before)).toEqual([])
    const [job] = (await messageJobsTo(t, body.email)).filter((row) => row.lastError)
    expect(job!.payload).toMatchObject({ redacted: true, message: { text: '' } })
    expect(job!.payload).not.toHaveProperty('message.code')
  })

  it('registration answers codeSent false when neither the SMS nor the e-mail went out, and the resend says 503', async () => {
    const t = await liveApp()
    const body = registration()
    await smtp.stop()
    termii.failNext(1)
    try {
      const res = await call(t.app, endpoints.register, { body, ip: nextIp() })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      expect(res.body.data.codeSent).toBe(false)
      // The SMS fails again, the e-mail too: the resend (after the 60 s gap) is told.
      t.clock.advance(61_000)
      termii.failNext(1)
      const resend = await call(t.app, endpoints.resendOtp, { token: res.body.data.token, body: { phone: body.phone } })
      expect(resend.status).toBe(503)
      expect(resend.body).toMatchObject({ code: 'CODE_NOT_SENT', message: 'We could not send the code, try again.' })
    } finally {
      termii.failNext(0)
      await smtp.start()
    }
  })
})
