import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { jobs } from '#server/db/platform-schema'
import { webhookDeliveries, webhookEvents } from '#server/db/webhooks-schema'
import { purgeExpiredRows } from '#server/jobs/app-jobs'
import { deliveryJobKey, recordWebhookEvent } from '#server/webhooks/outbox'

import { call, type TestApp } from '../harness'
import { NAIRA, salesApp, type Shop, shop, transferIn } from '../orders/helpers'
import { deliveries, deliveryWorker, register, takeDeliveryQueue } from './helpers'
import { type Receiver, startReceiver, status } from './receiver'

/*
 * How a delivery ends (decision 169): a 2xx is never sent twice, whatever its answer holds; a delivery given up for
 * any reason holds back no later one; a pause postpones, it does not cancel; a resend gets its own 3 days.
 */

let t: TestApp
let s: Shop
const receivers: Receiver[] = []

async function receiver(...answers: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...answers)
  receivers.push(r)
  return r
}

let release: () => Promise<void>
beforeAll(async () => {
  release = await takeDeliveryQueue()
  t = await salesApp()
  s = await shop(t)
})
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()))
  await release?.()
})

const credit = (app = t, shopped = s) => transferIn(app, shopped.wallets.main.accountNumber!, 100 * NAIRA, 'Thank you')

/** A dispute.updated about `subject`, recorded as its callers do; answers its delivery to the endpoint. */
async function disputeEvent(subject: string, endpointId: string) {
  const at = t.clock.now()
  const eventId = await recordWebhookEvent(t.db, {
    vendorId: s.vendor.id,
    type: 'dispute.updated',
    key: `test:${randomUUID()}`,
    subject,
    at,
    data: {
      disputeId: 'd',
      orderReference: 'ORD-1',
      title: 'x',
      status: 'open',
      messageCount: 0,
      change: 'opened',
      updatedAt: at.toISOString(),
    },
  })
  const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId!))
  expect(row!.endpointId).toBe(endpointId)
  return row!
}

const jobOf = async (deliveryId: string) =>
  (
    await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, deliveryJobKey(deliveryId)))
  )[0]!

describe('a 2xx', () => {
  it('is delivered once even when its answer holds a NUL byte and invalid UTF-8', async () => {
    const r = await receiver((response) => {
      response.writeHead(200, { 'content-type': 'text/plain' })
      response.end(Buffer.concat([Buffer.from('ok\u0000then'), Buffer.from([0xff, 0xfe]), Buffer.from('\u001b[31m')]))
    })
    const endpoint = await register(t, s.token, r.url)
    await credit()
    const worker = deliveryWorker(t)
    await worker.runDueJobs()
    t.clock.advance(60_000)
    await worker.runDueJobs()
    expect(r.received).toHaveLength(1)
    const [logged] = await deliveries(t, s.token, endpoint.id)
    expect(logged).toMatchObject({ status: 'delivered', attempts: 1, answerStatus: 200 })
    expect(logged!.answerBody).toBe('ok\uFFFDthen\uFFFD\uFFFD[31m')
    await call(t.app, endpoints.deleteWebhookEndpoint, { token: s.token, query: { id: endpoint.id } })
  })
})

describe('in order per subject', () => {
  it('a delivery whose job is over (failed or abandoned) is failed and does not hold back the next', async () => {
    const r = await receiver()
    const endpoint = await register(t, s.token, r.url, ['dispute.updated'])
    const subject = `dispute:${randomUUID()}`
    const first = await disputeEvent(subject, endpoint.id)
    const second = await disputeEvent(subject, endpoint.id)
    // As the worker's failAbandoned leaves it: the job failed, the delivery still pending.
    await t.db
      .update(jobs)
      .set({ state: 'failed', finishedAt: t.clock.now() })
      .where(eq(jobs.dedupeKey, deliveryJobKey(first.id)))
    await deliveryWorker(t).runDueJobs()
    expect(r.received.map((x) => (JSON.parse(x.body) as { id: string }).id)).toEqual([second.eventId])
    const log = await deliveries(t, s.token, endpoint.id)
    expect(Object.fromEntries(log.map((d) => [d.id, d.status]))).toEqual({ [first.id]: 'failed', [second.id]: 'delivered' })
    await call(t.app, endpoints.deleteWebhookEndpoint, { token: s.token, query: { id: endpoint.id } })
  })

  it('a delivery given up on its last attempt wakes the next one at once', async () => {
    const r = await receiver(status(500), status(200))
    const endpoint = await register(t, s.token, r.url, ['dispute.updated'])
    const subject = `dispute:${randomUUID()}`
    const first = await disputeEvent(subject, endpoint.id)
    const second = await disputeEvent(subject, endpoint.id)
    const firstJob = await jobOf(first.id)
    // The first has one try left; the second is claimed before it, so it waits on it (backed off 5 s).
    await t.db
      .update(jobs)
      .set({ attempts: firstJob.maxAttempts - 1 })
      .where(eq(jobs.id, firstJob.id))
    await t.db
      .update(jobs)
      .set({ runAt: new Date(t.clock.now().getTime() - 1_000) })
      .where(eq(jobs.dedupeKey, deliveryJobKey(second.id)))
    await deliveryWorker(t).runDueJobs()
    expect(r.received.map((x) => (JSON.parse(x.body) as { id: string }).id)).toEqual([first.eventId, second.eventId])
    const log = await deliveries(t, s.token, endpoint.id)
    expect(Object.fromEntries(log.map((d) => [d.id, d.status]))).toEqual({ [first.id]: 'failed', [second.id]: 'delivered' })
    await call(t.app, endpoints.deleteWebhookEndpoint, { token: s.token, query: { id: endpoint.id } })
  })
})

describe('pausing an endpoint', () => {
  it('postpones its pending retries without sending or using attempts; turning it on sends them', async () => {
    const r = await receiver(status(500), status(200))
    const endpoint = await register(t, s.token, r.url)
    await credit()
    const worker = deliveryWorker(t)
    await worker.runDueJobs()
    const [pending] = await deliveries(t, s.token, endpoint.id)
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 })
    const pause = await call(t.app, endpoints.updateWebhookEndpoint, { token: s.token, body: { id: endpoint.id, isEnabled: false } })
    expect(pause.status).toBe(200)
    for (let i = 0; i < 3; i++) {
      t.clock.advance(2 * 60 * 60_000)
      await worker.runDueJobs()
    }
    expect(r.received).toHaveLength(1)
    expect((await deliveries(t, s.token, endpoint.id))[0]).toMatchObject({ status: 'pending', attempts: 1 })
    expect((await jobOf(pending!.id)).attempts).toBe(1)
    await call(t.app, endpoints.updateWebhookEndpoint, { token: s.token, body: { id: endpoint.id, isEnabled: true } })
    await worker.runDueJobs()
    expect(r.received).toHaveLength(2)
    expect((await deliveries(t, s.token, endpoint.id))[0]).toMatchObject({ status: 'delivered', attempts: 2 })
    await call(t.app, endpoints.deleteWebhookEndpoint, { token: s.token, query: { id: endpoint.id } })
  })
})

describe('logs', () => {
  it('name the endpoint by origin and path: its query string (a token) is never in jobs.last_error', async () => {
    const r = await receiver(status(500, 'no\u001b[2J'), status(200))
    const endpoint = await register(t, s.token, `${r.url}?token=sekrit`)
    await credit()
    await deliveryWorker(t).runDueJobs()
    const [logged] = await deliveries(t, s.token, endpoint.id)
    const job = await jobOf(logged!.id)
    expect(job.lastError).toBe(`${r.url} answered 500: no[2J`)
    await call(t.app, endpoints.deleteWebhookEndpoint, { token: s.token, query: { id: endpoint.id } })
  })
})

describe('Resend of an old event', () => {
  it('gets its own 3 days of retries, counted from the resend', async () => {
    const r = await receiver(status(200), status(500), status(200))
    const endpoint = await register(t, s.token, r.url)
    await credit()
    const worker = deliveryWorker(t)
    await worker.runDueJobs()
    const [first] = await deliveries(t, s.token, endpoint.id)
    // The event is 4 days old: past its own retry window.
    const old = new Date(t.clock.now().getTime() - 4 * 24 * 60 * 60_000)
    await t.db.update(webhookEvents).set({ createdAt: old }).where(eq(webhookEvents.id, first!.eventId))
    await t.db.update(webhookDeliveries).set({ createdAt: old }).where(eq(webhookDeliveries.id, first!.id))
    const resent = await call(t.app, endpoints.resendWebhookDelivery, { token: s.token, query: { id: first!.id } })
    expect(resent.status).toBe(201)
    await worker.runDueJobs()
    expect((await deliveries(t, s.token, endpoint.id))[0]).toMatchObject({ status: 'pending', answerStatus: 500 })
    t.clock.advance(5_000)
    await worker.runDueJobs()
    expect(r.received).toHaveLength(3)
    expect((await deliveries(t, s.token, endpoint.id)).map((d) => d.status)).toEqual(['delivered', 'delivered'])
    await call(t.app, endpoints.deleteWebhookEndpoint, { token: s.token, query: { id: endpoint.id } })
  })
})

describe('what is kept', () => {
  it('no event row when no endpoint of the vendor takes its type', async () => {
    const other = await shop(t)
    const r = await receiver()
    await register(t, other.token, r.url, ['order.paid'])
    await credit(t, other)
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.vendorId, other.vendor.id))).toHaveLength(0)
  })

  it('the daily purge drops deliveries over for 30 days, then their events; a pending one and its event stay', async () => {
    const r = await receiver(status(200), status(500))
    const endpoint = await register(t, s.token, r.url)
    await credit()
    await deliveryWorker(t).runDueJobs()
    await credit()
    await deliveryWorker(t).runDueJobs()
    const [pending, delivered] = await deliveries(t, s.token, endpoint.id)
    expect([pending!.status, delivered!.status]).toEqual(['pending', 'delivered'])
    const old = new Date(t.clock.now().getTime() - 31 * 24 * 60 * 60_000)
    for (const d of [pending!, delivered!]) {
      await t.db.update(webhookEvents).set({ createdAt: old }).where(eq(webhookEvents.id, d.eventId))
      await t.db.update(webhookDeliveries).set({ createdAt: old }).where(eq(webhookDeliveries.id, d.id))
    }
    await purgeExpiredRows(t.deps)
    expect((await deliveries(t, s.token, endpoint.id)).map((d) => d.id)).toEqual([pending!.id])
    const events = await t.db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.vendorId, s.vendor.id))
    expect(events.map((e) => e.id)).toContain(pending!.eventId)
    expect(events.map((e) => e.id)).not.toContain(delivered!.eventId)
    await call(t.app, endpoints.deleteWebhookEndpoint, { token: s.token, query: { id: endpoint.id } })
  })
})
