import { randomUUID } from 'node:crypto'

import { eq, sql } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { WEBHOOK_RETRY_WINDOW_MS } from '#contract/webhooks'
import { jobs } from '#server/db/platform-schema'
import { transactions } from '#server/db/schema'
import { webhookDeliveries, webhookEvents } from '#server/db/webhooks-schema'

import { call, type TestApp } from '../harness'
import { PIN } from '../money/helpers'
import { NAIRA, order, pay, payer, salesApp, type Shop, shop, transferIn } from '../orders/helpers'
import { deliveries, deliveryWorker, register, takeDeliveryQueue } from './helpers'
import { type Receiver, startReceiver, status } from './receiver'

/*
 * Outgoing webhooks end to end in one process (decision 169): events recorded with the change, delivered by the one
 * job queue's workers to a real local HTTP server, signatures checked by the `standardwebhooks` package.
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
  s = await shop(t, { balance: 5_000 * NAIRA })
})
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()))
  await release?.()
})

const credit = (amount = 2_500 * NAIRA, reference?: string) =>
  transferIn(t, s.wallets.main.accountNumber!, amount, 'Thank you', payer({ name: 'Chioma Okeke' }), reference)

describe('a credit’s payment.received', () => {
  it('is POSTed once, signed so that standardwebhooks’ Webhook.verify accepts it, and logged as delivered', async () => {
    const r = await receiver()
    const endpoint = await register(t, s.token, r.url)
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    const res = await credit()
    expect(res.status).toBe(200)
    const worker = deliveryWorker(t)
    expect((await worker.runDueJobs()).done).toBe(1)
    expect(r.received).toHaveLength(1)
    const [sent] = r.received
    const payload = new Webhook(endpoint.secret).verify(sent!.body, sent!.headers as Record<string, string>) as Record<string, any>
    expect(payload.type).toBe('payment.received')
    expect(payload.id).toBe(sent!.headers['webhook-id'])
    expect(payload.data).toMatchObject({
      transactionId: res.body.data.transactionId,
      amount: 250_000,
      payerName: 'Chioma Okeke',
      orderReference: null,
    })
    expect(sent!.headers['content-type']).toBe('application/json')
    // The same bytes with one changed, or another endpoint's secret, are refused: the check can fail.
    expect(() =>
      new Webhook(endpoint.secret).verify(sent!.body.replace('250000', '950000'), sent!.headers as Record<string, string>),
    ).toThrow()
    const other = await register(t, s.token, r.url, ['order.paid'])
    expect(() => new Webhook(other.secret).verify(sent!.body, sent!.headers as Record<string, string>)).toThrow()

    expect(await worker.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 })
    expect(r.received).toHaveLength(1)
    const [logged] = await deliveries(t, s.token, endpoint.id)
    expect(logged).toMatchObject({
      status: 'delivered',
      answerStatus: 200,
      answerBody: 'ok',
      attempts: 1,
      type: 'payment.received',
      requestBody: sent!.body,
    })
    await call(t.app, endpoints.deleteWebhookEndpoint, { token: s.token, query: { id: endpoint.id } })
    await call(t.app, endpoints.deleteWebhookEndpoint, { token: s.token, query: { id: other.id } })
  })

  it('is one event when the bank notifies the same credit twice', async () => {
    const r = await receiver()
    const endpoint = await register(t, s.token, r.url)
    const reference = `PRV-${randomUUID()}`
    expect((await credit(1_000 * NAIRA, reference)).body.data.duplicate).toBe(false)
    expect((await credit(1_000 * NAIRA, reference)).body.data.duplicate).toBe(true)
    await deliveryWorker(t).runDueJobs()
    expect(r.received).toHaveLength(1)
    expect(await deliveries(t, s.token, endpoint.id)).toHaveLength(1)
    await call(t.app, endpoints.deleteWebhookEndpoint, { token: s.token, query: { id: endpoint.id } })
  })

  it('reaches only endpoints taking the event, not paused or removed ones', async () => {
    const [taking, other, paused] = [await receiver(), await receiver(), await receiver()]
    const a = await register(t, s.token, taking.url)
    const b = await register(t, s.token, other.url, ['order.paid', 'transfer.failed'])
    const c = await register(t, s.token, paused.url)
    expect((await call(t.app, endpoints.updateWebhookEndpoint, { token: s.token, body: { id: c.id, isEnabled: false } })).status).toBe(200)
    await credit()
    await deliveryWorker(t).runDueJobs()
    expect([taking.received.length, other.received.length, paused.received.length]).toEqual([1, 0, 0])
    for (const id of [a.id, b.id, c.id]) await call(t.app, endpoints.deleteWebhookEndpoint, { token: s.token, query: { id } })
  })
})

describe('retries', () => {
  it('an endpoint answering 500 is retried after the back-off and then delivered once, with the same webhook-id', async () => {
    const r = await receiver(status(500, 'database down'), status(200, 'thanks'))
    const endpoint = await register(t, s.token, r.url)
    await credit()
    const worker = deliveryWorker(t)
    expect(await worker.runDueJobs()).toEqual({ done: 0, retried: 1, failed: 0 })
    let [logged] = await deliveries(t, s.token, endpoint.id)
    expect(logged).toMatchObject({ status: 'pending', answerStatus: 500, answerBody: 'database down', attempts: 1 })
    expect(new Date(logged!.nextAttemptAt!).getTime() - new Date(logged!.lastAttemptAt!).getTime()).toBe(5_000)
    // Not before the back-off is over.
    t.clock.advance(4_000)
    await worker.runDueJobs()
    expect(r.received).toHaveLength(1)
    t.clock.advance(1_000)
    expect((await worker.runDueJobs()).done).toBe(1)
    expect(r.received).toHaveLength(2)
    expect(r.received[1]!.headers['webhook-id']).toBe(r.received[0]!.headers['webhook-id'])
    new Webhook(endpoint.secret).verify(r.received[1]!.body, r.received[1]!.headers as Record<string, string>)
    ;[logged] = await deliveries(t, s.token, endpoint.id)
    expect(logged).toMatchObject({ status: 'delivered', answerStatus: 200, attempts: 2, nextAttemptAt: null })
    t.clock.advance(60 * 60_000)
    await worker.runDueJobs()
    expect(r.received).toHaveLength(2)
    await call(t.app, endpoints.deleteWebhookEndpoint, { token: s.token, query: { id: endpoint.id } })
  })
})

describe('across workers and restarts', () => {
  it('two workers on one database deliver each of 12 events once', async () => {
    const r = await receiver()
    const endpoint = await register(t, s.token, r.url)
    for (let i = 0; i < 12; i++) await credit(100 * NAIRA + i)
    const [one, two] = [deliveryWorker(t, 'one'), deliveryWorker(t, 'two')]
    const reports = await Promise.all([one.runDueJobs(), two.runDueJobs()])
    reports.push(...(await Promise.all([one.runDueJobs(), two.runDueJobs()])))
    expect(reports.reduce((n, report) => n + report.done, 0)).toBe(12)
    expect(r.received).toHaveLength(12)
    expect(new Set(r.received.map((x) => x.headers['webhook-id'])).size).toBe(12)
    await call(t.app, endpoints.deleteWebhookEndpoint, { token: s.token, query: { id: endpoint.id } })
  })

  it('a delivery whose worker died mid-send is sent by the next worker once the lease is over', async () => {
    const r = await receiver()
    const endpoint = await register(t, s.token, r.url)
    await credit()
    const [logged] = await deliveries(t, s.token, endpoint.id)
    // As a process killed after claiming it leaves it: claimed, leased for a minute, attempt counted.
    await t.db
      .update(jobs)
      .set({ lockedBy: 'dead-process', lockedUntil: new Date(t.clock.now().getTime() + 60_000), attempts: 1 })
      .where(eq(jobs.dedupeKey, `webhook-delivery:${logged!.id}`))
    const restarted = deliveryWorker(t, 'restarted')
    await restarted.runDueJobs()
    expect(r.received).toHaveLength(0)
    t.clock.advance(60_000)
    expect((await restarted.runDueJobs()).done).toBe(1)
    expect(r.received).toHaveLength(1)
    await call(t.app, endpoints.deleteWebhookEndpoint, { token: s.token, query: { id: endpoint.id } })
  })
})

describe('the outbox', () => {
  it('records nothing for a credit rolled back after its event was written', async () => {
    const r = await receiver()
    const endpoint = await register(t, s.token, r.url)
    const eventsOf = () => t.db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.vendorId, s.vendor.id))
    const before = await eventsOf()
    // The credit's transaction fails on the statement after its event's INSERT (the delivery's): all of it goes.
    await t.db.execute(
      sql.raw(`create or replace function test_refuse_delivery() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`),
    )
    await t.db.execute(
      sql.raw(`create trigger test_refuse_delivery before insert on webhook_deliveries for each row
        when (new.endpoint_id = '${endpoint.id}') execute function test_refuse_delivery()`),
    )
    const reference = `PRV-${randomUUID()}`
    try {
      expect((await credit(1_000 * NAIRA, reference)).status).toBe(500)
    } finally {
      await t.db.execute(sql.raw('drop trigger test_refuse_delivery on webhook_deliveries'))
      await t.db.execute(sql.raw('drop function test_refuse_delivery()'))
    }
    expect(await eventsOf()).toEqual(before)
    expect(await t.db.select().from(transactions).where(eq(transactions.providerReference, reference))).toEqual([])
    // The same notice once the endpoint takes deliveries again: credited, told once.
    expect((await credit(1_000 * NAIRA, reference)).status).toBe(200)
    await deliveryWorker(t).runDueJobs()
    expect(r.received).toHaveLength(1)
    await call(t.app, endpoints.deleteWebhookEndpoint, { token: s.token, query: { id: endpoint.id } })
  })

  it('an order paid in two parts then refunded: two payment.received, order.paid once, order.refunded and transfer.succeeded', async () => {
    const r = await receiver()
    const endpoint = await register(t, s.token, r.url, ['payment.received', 'order.paid', 'order.refunded', 'transfer.succeeded'])
    const made = await order(t, s.token, { items: [{ name: 'Tray', amount: 800 * NAIRA, quantity: 1 }] })
    const from = payer()
    await pay(t, s, made.reference, 300 * NAIRA, from)
    await pay(t, s, made.reference, 500 * NAIRA, from)
    const refund = await call(t.app, endpoints.refundOrder, {
      token: s.token,
      body: { reference: made.reference, status: 'refunded', pin: PIN },
      headers: { 'idempotency-key': randomUUID() },
    })
    expect(refund.status, JSON.stringify(refund.body)).toBe(200)
    await deliveryWorker(t).runDueJobs()
    const bodies = r.received.map((x) => JSON.parse(x.body) as { type: string; data: Record<string, unknown> })
    const of = (type: string) => bodies.filter((b) => b.type === type).map((b) => b.data)
    // Each once; in order where it matters: one order's events (different subjects may pass each other).
    expect(bodies.map((b) => b.type).sort()).toEqual([
      'order.paid',
      'order.refunded',
      'payment.received',
      'payment.received',
      'transfer.succeeded',
    ])
    expect(bodies.findIndex((b) => b.type === 'order.paid')).toBeLessThan(bodies.findIndex((b) => b.type === 'order.refunded'))
    expect(
      of('payment.received')
        .map((d) => d.amount)
        .sort(),
    ).toEqual([30_000, 50_000])
    expect(of('order.paid')[0]).toMatchObject({ reference: made.reference, status: 'paid', amount: 80_000, amountPaid: 80_000 })
    expect(of('order.refunded')[0]).toMatchObject({ reference: made.reference, status: 'refunded', amount: 80_000, amountRefunded: 80_000 })
    expect(of('transfer.succeeded')[0]).toMatchObject({ status: 'success', amount: 80_000, orderReference: made.reference })
    await call(t.app, endpoints.deleteWebhookEndpoint, { token: s.token, query: { id: endpoint.id } })
  })

  it('deliveries of one order to one endpoint wait for the earlier one', async () => {
    const r = await receiver(status(500), status(200))
    const endpoint = await register(t, s.token, r.url, ['order.paid', 'order.refunded'])
    const made = await order(t, s.token, { items: [{ name: 'Tray', amount: 400 * NAIRA, quantity: 1 }] })
    await pay(t, s, made.reference, 400 * NAIRA)
    await call(t.app, endpoints.refundOrder, {
      token: s.token,
      body: { reference: made.reference, status: 'refunded', pin: PIN },
      headers: { 'idempotency-key': randomUUID() },
    })
    const worker = deliveryWorker(t)
    await worker.runDueJobs()
    // order.paid failed once; order.refunded waited rather than overtaking it.
    expect(r.received.map((x) => (JSON.parse(x.body) as { type: string }).type)).toEqual(['order.paid'])
    t.clock.advance(5_000)
    await worker.runDueJobs()
    await worker.runDueJobs()
    expect(r.received.map((x) => (JSON.parse(x.body) as { type: string }).type)).toEqual(['order.paid', 'order.paid', 'order.refunded'])
    const rows = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))
    expect(rows.every((row) => row.status === 'delivered')).toBe(true)
    await call(t.app, endpoints.deleteWebhookEndpoint, { token: s.token, query: { id: endpoint.id } })
  })
})

describe('giving up', () => {
  it('an endpoint that never answers 2xx is tried with doubling waits for 3 days, then failed for good', async () => {
    // Its own app and vendor: the clock moves 3 days, past every session of the file's.
    const t = await salesApp()
    const s = await shop(t)
    const r = await receiver(status(503))
    const endpoint = await register(t, s.token, r.url)
    const start = t.clock.now().getTime()
    await transferIn(t, s.wallets.main.accountNumber!, 100 * NAIRA, 'Thank you')
    const worker = deliveryWorker(t)
    const waits: number[] = []
    for (let i = 0; i < 60; i++) {
      await worker.runDueJobs()
      const [logged] = await deliveries(t, s.token, endpoint.id)
      if (logged!.status !== 'pending') break
      const wait = new Date(logged!.nextAttemptAt!).getTime() - t.clock.now().getTime()
      waits.push(wait)
      t.clock.advance(wait)
    }
    const [logged] = await deliveries(t, s.token, endpoint.id)
    expect(logged!.status).toBe('failed')
    expect(waits.slice(0, 4)).toEqual([5_000, 10_000, 20_000, 40_000])
    expect(Math.max(...waits)).toBe(4 * 60 * 60_000)
    expect(new Date(logged!.lastAttemptAt!).getTime() - start).toBeGreaterThanOrEqual(WEBHOOK_RETRY_WINDOW_MS)
    expect(r.received).toHaveLength(logged!.attempts)
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `webhook-delivery:${logged!.id}`))
    expect(job!.state).toBe('failed')
    t.clock.advance(24 * 60 * 60_000)
    await worker.runDueJobs()
    expect(r.received).toHaveLength(logged!.attempts)
  })
})

describe('Resend', () => {
  it('sends the event again as a new delivery with the same webhook-id', async () => {
    const r = await receiver()
    const endpoint = await register(t, s.token, r.url)
    await credit()
    const worker = deliveryWorker(t)
    await worker.runDueJobs()
    const [first] = await deliveries(t, s.token, endpoint.id)
    const resent = await call(t.app, endpoints.resendWebhookDelivery, { token: s.token, query: { id: first!.id } })
    expect(resent.status).toBe(201)
    expect(resent.body.data).toMatchObject({ status: 'pending', eventId: first!.eventId, attempts: 0 })
    await worker.runDueJobs()
    expect(r.received).toHaveLength(2)
    expect(r.received[1]!.headers['webhook-id']).toBe(r.received[0]!.headers['webhook-id'])
    const log = await deliveries(t, s.token, endpoint.id)
    expect(log.map((d) => d.status)).toEqual(['delivered', 'delivered'])
    await call(t.app, endpoints.deleteWebhookEndpoint, { token: s.token, query: { id: endpoint.id } })
    expect((await call(t.app, endpoints.resendWebhookDelivery, { token: s.token, query: { id: first!.id } })).status).toBe(409)
  })
})
