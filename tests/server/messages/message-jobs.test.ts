import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { jobs } from '#server/db/platform-schema'
import { appJobHandlers, JobWorker } from '#server/jobs'
import { type DurableNotifier, MessageNotSent } from '#server/messages/durable-notifier'
import { notifierFor } from '#server/messages/transports'
import { AppMetrics } from '#server/metrics'
import type { Notification } from '#server/notifier'
import { MemoryRateLimiter } from '#server/rate-limit'

import { startSmtpServer, type TestSmtpServer } from '../../support/smtp-server'
import { TermiiFake } from '../../support/termii-fake'
import { call, makeApp, type TestApp, TestClock, testDb } from '../harness'
import { nextIp, registration } from '../onboarding/helpers'
import { takeMessageQueue } from './queue-lock'

/*
 * The message queue's bookkeeping (decision 150): a message with a dedupe key is sent once however often it is
 * asked for; a new code supersedes only a waiting code of its own purpose; a code that expired unsent is a failed
 * job, counted where the MessageSendFailures alert looks, as is a failed first try.
 */

const quiet = { info: () => {}, warn: () => {}, error: () => {} }
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
  metrics: AppMetrics
}

async function liveApp(): Promise<Live> {
  const db = await testDb()
  const clock = new TestClock()
  const metrics = new AppMetrics()
  const messages = notifierFor(
    {
      email: { kind: 'smtp', url: smtp.url, from: 'Vendor Office <no-reply@vendor.test>' },
      sms: { kind: 'termii', apiKey: 'termii-test-key', senderId: SENDER_ID, baseUrl: termii.baseUrl },
    },
    { db, clock, logger: quiet, firstAttemptWaitMs: 5_000, metrics },
  )
  const t = await makeApp({ notifier: messages, clock, rateLimiter: new MemoryRateLimiter(clock), logger: quiet, metrics })
  const worker = new JobWorker({ db, handlers: appJobHandlers(t.deps).only('send-message'), clock, logger: quiet, metrics })
  return { ...t, clock, messages, worker, metrics }
}

const smsTo = (number: string) => termii.received.filter((sms) => sms.to === number)
const newNumber = () => `+234803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`

describe('a message with a dedupe key', () => {
  it('is sent once when asked for twice', async () => {
    const t = await liveApp()
    const to = newNumber()
    const message: Notification = { channel: 'sms', to, subject: 'Payment', text: '₦5,000 received', dedupeKey: `test:${randomUUID()}` }
    await t.messages.send(message)
    await t.messages.send(message)
    expect(smsTo(`234${to.slice(4)}`)).toHaveLength(1)
  })

  it('whose first try failed is not queued again: the second ask returns, and the worker sends it once', async () => {
    const t = await liveApp()
    const to = newNumber()
    const message: Notification = { channel: 'sms', to, subject: 'Payment', text: '₦5,000 received', dedupeKey: `test:${randomUUID()}` }
    termii.failNext(1)
    await expect(t.messages.send(message)).rejects.toBeInstanceOf(MessageNotSent)
    await t.messages.send(message)
    t.clock.advance(11_000)
    expect(await t.worker.runDueJobs()).toMatchObject({ done: 1 })
    t.clock.advance(60 * 60_000)
    await t.worker.runDueJobs()
    expect(smsTo(`234${to.slice(4)}`)).toHaveLength(1)
  })
})

describe('a new code', () => {
  it('does not supersede a waiting code of another purpose to the same address', async () => {
    const t = await liveApp()
    const body = registration()
    await smtp.stop()
    try {
      // The SMS goes; the phone code's e-mail waits for a retry.
      const res = await call(t.app, endpoints.register, { body, ip: nextIp() })
      expect(res.status).toBe(201)
      expect(res.body.data.codeSent).toBe(true)
      const asked = await call(t.app, endpoints.forgotPassword, { body: { email: body.email }, ip: nextIp() })
      expect(asked.status).toBe(503)
    } finally {
      await smtp.start()
    }
    t.clock.advance(11_000)
    expect(await t.worker.runDueJobs()).toMatchObject({ done: 2 })
    const mails = smtp.allTo(body.email)
    expect(mails).toHaveLength(2)
    const sms = termii.lastTo(`234${body.phone.slice(1)}`)!
    expect(mails.map((mail) => mail.code)).toContain(/\bis (\d{6})\b/.exec(sms.sms)![1])
  })
})

describe('a code that expired unsent', () => {
  it('fails its job, and the failure and the first try are counted at /metrics', async () => {
    const t = await liveApp()
    const body = registration()
    expect((await call(t.app, endpoints.register, { body, ip: nextIp() })).status).toBe(201)
    await smtp.stop()
    try {
      expect((await call(t.app, endpoints.forgotPassword, { body: { email: body.email }, ip: nextIp() })).status).toBe(503)
    } finally {
      await smtp.start()
    }
    t.clock.advance(11 * 60_000)
    expect(await t.worker.runDueJobs()).toMatchObject({ done: 0, failed: 1 })
    expect(smtp.allTo(body.email)).toHaveLength(1)
    const rows = await t.db.select().from(jobs).where(eq(jobs.kind, 'send-message'))
    const [job] = rows.filter((row) => (row.payload as { message: { to: string } }).message.to === body.email && row.state !== 'done')
    expect(job).toMatchObject({ state: 'failed', lastError: 'its code expired before it could be sent' })
    const text = await t.metrics.registry.metrics()
    expect(text).toContain('vbo_job_runs_total{kind="send-message",outcome="failed"} 1')
    expect(text).toContain('vbo_message_first_try_failures_total{channel="email"} 1')
  })
})
