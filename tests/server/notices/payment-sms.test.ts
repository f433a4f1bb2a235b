import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { lagosMinuteText } from '#contract/lagos-time'
import { transactions, users } from '#server/db/schema'
import { MemoryEventBus } from '#server/events/bus'
import { LiveEvents } from '#server/events/live-events'
import { PAYMENT_SMS_GRACE_MS } from '#server/events/payment-sms'
import { appJobHandlers } from '#server/jobs/app-jobs'
import { JobWorker } from '#server/jobs/worker'
import { DurableNotifier } from '#server/messages/durable-notifier'
import { DevNotifier, type Notifier } from '#server/notifier'

import { openStream } from '../events/sse'
import { call, captureLogger, createMember, type TestApp, TestClock, testDb, unchecked } from '../harness'
import { type Sender, sender, tokenFor } from '../money/helpers'
import { payer, salesApp, transferIn } from '../orders/helpers'

/* Issue 37: "₦5,000 received from Chioma Okeke" by SMS to an owner who turned it on, when the app is closed, once. */

let t: TestApp
let worker: JobWorker
beforeAll(async () => {
  t = await salesApp({ events: new LiveEvents({ bus: new MemoryEventBus(), heartbeatMs: 50 }) })
  // Only this kind, every due one per pass: the PostgreSQL test database is shared with other files' jobs.
  worker = new JobWorker({
    db: t.db,
    handlers: appJobHandlers(t.deps).only('payment-received-sms'),
    clock: t.clock,
    logger: captureLogger(),
    batch: 100_000,
  })
})

let serial = 0
async function owner(app: TestApp = t): Promise<Sender & { sms: string }> {
  const s = await sender(app)
  const national = `70${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial % 100).padStart(2, '0')}`
  await app.db
    .update(users)
    .set({ phone: `0${national}` })
    .where(eq(users.id, s.owner.id))
  return { ...s, sms: `+234${national}` }
}

const texts = (to: string) => t.notifier.outbox.filter((message) => message.to === to)
const setting = (token: string, isEnabled?: boolean, app: TestApp = t) =>
  isEnabled === undefined
    ? call(app.app, endpoints.paymentSms, { token })
    : call(app.app, endpoints.setPaymentSms, { token, body: { isEnabled } })

async function credit(s: Sender, amount = 5_000_00, reference = `PRV-${randomUUID()}`, app: TestApp = t) {
  const res = await transferIn(app, s.wallets.main.accountNumber!, amount, 'Counter payment', payer({ name: 'CHIOMA OKEKE' }), reference)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  const [row] = await app.db.select().from(transactions).where(eq(transactions.id, res.body.data.transactionId))
  return row!
}

/** After the grace period: every due payment SMS job runs. */
async function afterGrace() {
  t.clock.advance(PAYMENT_SMS_GRACE_MS + 1_000)
  await worker.runDueJobs()
}

describe('the payment SMS setting', () => {
  it('is off by default, the owner turns it on and off, a member may read it but not change it', async () => {
    const s = await owner()
    const off = await setting(s.token)
    expect(off.body.data).toEqual({ isEnabled: false, sentTo: `0${s.sms.slice(4, 6)}****${s.sms.slice(-4)}` })
    expect((await setting(s.token, true)).body).toMatchObject({
      data: { isEnabled: true },
      message: 'Payments will be texted to you when the app is closed',
    })
    expect((await setting(s.token)).body.data.isEnabled).toBe(true)
    const member = await createMember(s, { permissions: ['VENDOR_SETTINGS', 'VENDOR_TRANSACTIONS'] })
    const memberToken = await tokenFor(t, member.row)
    expect((await setting(memberToken, false)).body).toEqual({ code: 'OWNER_ONLY', message: 'Only the business owner can do this' })
    expect((await setting(memberToken)).body.data.isEnabled).toBe(true)
    const bad = await call(t.app, endpoints.setPaymentSms, { token: s.token, body: unchecked({ isEnabled: 'yes' }) })
    expect(bad.status).toBe(422)
    expect(bad.body.message).toBe('isEnabled: must be true or false')
  })
})

describe('a credit while the app is closed', () => {
  it('is not texted with the setting off (the default)', async () => {
    const s = await owner()
    await credit(s)
    await afterGrace()
    expect(texts(s.sms)).toEqual([])
  })

  it('is texted once with the setting on, in plain words with the business name, even when the bank notifies it twice', async () => {
    const s = await owner()
    await setting(s.token, true)
    const reference = `PRV-${randomUUID()}`
    const row = await credit(s, 5_000_00, reference)
    // Not before the grace period: an app reconnecting would show it.
    await worker.runDueJobs()
    expect(texts(s.sms)).toEqual([])
    // The same notice again (the bank's retry) is the same credit, and the same job.
    expect((await transferIn(t, s.wallets.main.accountNumber!, 5_000_00, 'Counter payment', payer(), reference)).body.data.duplicate).toBe(
      true,
    )
    await afterGrace()
    await afterGrace()
    expect(texts(s.sms)).toEqual([
      {
        channel: 'sms',
        to: s.sms,
        subject: `${s.vendor.name}: payment received`,
        text: `${s.vendor.name}: ₦5,000 received from Chioma Okeke on ${lagosMinuteText(row.createdAt)} (Lagos time).`,
        // A retried job sends with the same key, and the message queue keeps one.
        dedupeKey: `payment-sms-message:${row.id}`,
      },
    ])
  })

  it('is not texted while an event stream of the owner is open, nor when the app reconnects within the grace', async () => {
    const s = await owner()
    await setting(s.token, true)
    const stream = await openStream(t.app, s.token)
    expect(stream.status).toBe(200)
    await stream.untilPing()
    await credit(s, 1_500_50)
    expect((await stream.next())?.data.transaction.amount).toBe(1_500_50)
    await afterGrace()
    expect(texts(s.sms)).toEqual([])

    // The app drops its stream, a payment arrives, the app is back within the grace: the replay showed it.
    await stream.close()
    await new Promise((resolve) => setTimeout(resolve, 100))
    await credit(s, 2_000_00)
    const back = await openStream(t.app, s.token, undefined, 60_000)
    await back.untilPing()
    await afterGrace()
    expect(texts(s.sms)).toEqual([])

    // Closed for good: the next payment is texted.
    await back.close()
    await new Promise((resolve) => setTimeout(resolve, 100))
    t.clock.advance(60_000)
    await credit(s, 3_000_00)
    await afterGrace()
    expect(texts(s.sms).map((message) => message.text)).toEqual([
      `${s.vendor.name}: ₦3,000 received from Chioma Okeke on ${lagosMinuteText(new Date(t.clock.now().getTime() - PAYMENT_SMS_GRACE_MS - 1_000))} (Lagos time).`,
    ])
  })

  it("is texted although a member's app is open: only the owner's own app counts", async () => {
    const s = await owner()
    await setting(s.token, true)
    const member = await createMember(s, { permissions: ['VENDOR_TRANSACTIONS'] })
    const stream = await openStream(t.app, await tokenFor(t, member.row))
    expect(stream.status).toBe(200)
    await stream.untilPing()
    await credit(s, 2_500_00)
    expect((await stream.next())?.data.transaction.amount).toBe(2_500_00)
    await afterGrace()
    await stream.close()
    expect(texts(s.sms).map((message) => message.text)).toEqual([expect.stringContaining('₦2,500 received from Chioma Okeke')])
  })

  it('is not texted once the owner turned the setting off before the job ran', async () => {
    const s = await owner()
    await setting(s.token, true)
    await credit(s)
    await setting(s.token, false)
    await afterGrace()
    expect(texts(s.sms)).toEqual([])
  })
})

describe('a credit while the SMS gateway is down', () => {
  it('is texted exactly once in the end: the queued SMS is retried, the job does not queue another', async () => {
    const db = await testDb()
    const clock = new TestClock()
    const delivered = new DevNotifier(() => {})
    let down = true
    const gateway: Notifier = {
      send: async (message) => {
        if (down) throw new Error('Termii answered 503')
        await delivered.send(message)
      },
    }
    const logger = captureLogger()
    const messages = new DurableNotifier({ db, clock, logger, transports: { email: delivered, sms: gateway }, firstAttemptWaitMs: 2_000 })
    const live = await salesApp({ db, clock, notifier: messages, logger })
    const jobs = new JobWorker({
      db,
      handlers: appJobHandlers(live.deps).only('payment-received-sms', 'send-message'),
      clock,
      logger,
      batch: 100_000,
    })
    const s = await owner(live)
    await setting(s.token, true, live)
    await credit(s, 5_000_00, `PRV-${randomUUID()}`, live)
    clock.advance(PAYMENT_SMS_GRACE_MS + 1_000)
    await jobs.runDueJobs()
    expect(delivered.outbox.filter((message) => message.to === s.sms)).toEqual([])

    // The gateway is back: every retry that is due runs, again and again, and the owner has one text.
    down = false
    for (let round = 0; round < 4; round++) {
      clock.advance(10 * 60_000)
      await jobs.runDueJobs()
    }
    await messages.close()
    expect(delivered.outbox.filter((message) => message.to === s.sms).map((message) => message.text)).toEqual([
      expect.stringContaining('₦5,000 received from Chioma Okeke'),
    ])
    expect(logger.lines.join('\n')).toContain('the payment received notice by sms is queued for retries')
  })
})
