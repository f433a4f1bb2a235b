import { randomUUID } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { enqueue, JobHandlers, JobWorker } from '#server/jobs'
import { reconcileYesterday } from '#server/jobs/app-jobs'
import { metricsTokenFromEnv } from '#server/metrics'
import { newSessionId } from '#server/money/ledger'
import { PaystackBankingProvider } from '#server/money/paystack'
import { signPaystackBody } from '#server/money/paystack/webhook'
import { processEnv } from '#server/process-env'

import { PaystackFake } from '../../support/paystack-fake'
import { openStream } from '../events/sse'
import { call, captureLogger, makeApp, type TestApp } from '../harness'
import { sender } from '../money/helpers'
import { metricValue, parseMetrics, type Samples } from './metrics-text'

/*
 * GET /metrics of one app (decision 154): the token rules, the job queue seen from the database and from the worker
 * of this process, the reconciliation's outcome, event streams and the database pool.
 */

declare module '#server/jobs/queue' {
  interface JobPayloads {
    [kind: `metrics-test-${string}`]: Record<string, never>
  }
}

const TOKEN = 'm'.repeat(32)
let t: TestApp
beforeAll(async () => {
  t = await makeApp({ metricsToken: TOKEN })
})

async function scrape(app = t): Promise<Samples> {
  const res = await app.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
  expect(res.status).toBe(200)
  return parseMetrics(await res.text())
}

describe('GET /metrics of an app', () => {
  it('is a 404 when METRICS_TOKEN is unset, whatever the request carries', async () => {
    const off = await makeApp({ metricsToken: null })
    for (const authorization of [`Bearer ${TOKEN}`, 'Bearer ', 'Bearer null', '']) {
      const res = await off.app.request('/metrics', { headers: { authorization } })
      expect(res.status).toBe(404)
      expect(await res.text()).toBe('Not found')
    }
    expect((await t.app.request('/metrics', { headers: { authorization: `bearer ${TOKEN}` } })).status).toBe(200)
  })

  it('METRICS_TOKEN shorter than 32 characters stops the start, naming it', () => {
    expect(() => metricsTokenFromEnv('short-token')).toThrow(/METRICS_TOKEN must be at least 32 characters/)
    expect(() => processEnv({ METRICS_TOKEN: 'x'.repeat(31) })).toThrow(/METRICS_TOKEN/)
    expect(() => processEnv({ METRICS_TOKEN: 'x'.repeat(32) })).not.toThrow()
    expect(metricsTokenFromEnv(` ${TOKEN} `)).toBe(TOKEN)
    expect(metricsTokenFromEnv('  ')).toBeNull()
  })

  it('two apps in one process count apart (a registry each)', async () => {
    const other = await makeApp({ metricsToken: TOKEN })
    const before = metricValue(await scrape(other), 'vbo_http_requests_total', { route: '/api/health' })
    await t.app.request('/api/health')
    expect(metricValue(await scrape(other), 'vbo_http_requests_total', { route: '/api/health' })).toBe(before)
  })

  it("shows a kind's queue depth from the database, then its failed run, counted by kind", async () => {
    const kind = `metrics-test-${randomUUID().slice(0, 8)}` as const
    const runAt = new Date(t.clock.now().getTime() - 90_000)
    await enqueue(t.db, { kind, payload: {}, maxAttempts: 1, runAt })
    await enqueue(t.db, { kind, payload: {}, maxAttempts: 2, runAt })
    let samples = await scrape()
    expect(metricValue(samples, 'vbo_jobs', { kind, state: 'pending' })).toBe(2)
    // Due for a minute and a half by the app's clock: a queue nobody works off shows here.
    expect(metricValue(samples, 'vbo_jobs_oldest_due_seconds', { kind })).toBeCloseTo(90, 0)

    const handlers = new JobHandlers().register(kind, async () => {
      throw new Error('the gateway said no')
    })
    const worker = new JobWorker({ db: t.db, handlers, clock: t.clock, logger: captureLogger(), metrics: t.deps.metrics })
    expect(await worker.runDueJobs()).toEqual({ done: 0, retried: 1, failed: 1 })
    samples = await scrape()
    expect(metricValue(samples, 'vbo_job_runs_total', { kind, outcome: 'failed' })).toBe(1)
    expect(metricValue(samples, 'vbo_job_runs_total', { kind, outcome: 'retried' })).toBe(1)
    expect(metricValue(samples, 'vbo_jobs', { kind, state: 'failed' })).toBe(1)
    expect(metricValue(samples, 'vbo_jobs', { kind, state: 'pending' })).toBe(1)
    // The retried one waits for its back-off: pending, but not due.
    expect(metricValue(samples, 'vbo_jobs_oldest_due_seconds', { kind })).toBe(0)
  })

  it("the daily reconciliation's outcome is a counter and its differences a gauge, as its log line says", async () => {
    const logger = captureLogger()
    const app = await makeApp({ metricsToken: TOKEN, logger })
    await reconcileYesterday(app.deps)
    const samples = await scrape(app)
    const mismatch = logger.lines.some((line) => line.includes('MISMATCH'))
    expect(metricValue(samples, 'vbo_reconciliation_runs_total', { result: mismatch ? 'mismatch' : 'ok' })).toBe(1)
    expect(metricValue(samples, 'vbo_reconciliation_runs_total')).toBe(1)
    expect(metricValue(samples, 'vbo_reconciliation_mismatches') > 0).toBe(mismatch)
  })

  it("counts Paystack's notices under their own source: accepted, duplicate, refused", async () => {
    const secretKey = 'sk_test_0123456789abcdef0123456789abcdef'
    // A charge.success is checked and credited without calling Paystack: no server is needed behind baseUrl.
    const banking = new PaystackBankingProvider({ secretKey, baseUrl: 'http://127.0.0.1:9', db: t.db })
    const paystack = await makeApp({ banking, metricsToken: TOKEN })
    const s = await sender(paystack)
    const event = new PaystackFake(secretKey).chargeEvent({
      reference: `ps_${randomUUID()}`,
      amount: 12_500_00,
      accountNumber: s.wallets.main.accountNumber!,
      senderName: 'Chioma Okeke',
      senderAccount: '0123456789',
      sessionId: newSessionId(),
    })
    const raw = JSON.stringify(event)
    const deliver = (signature: string) =>
      call(paystack.app, endpoints.paystackWebhook, { headers: { 'x-paystack-signature': signature }, rawBody: raw })
    expect((await deliver(signPaystackBody(raw, secretKey))).status).toBe(200)
    expect((await deliver(signPaystackBody(raw, secretKey))).status).toBe(200)
    expect((await deliver(signPaystackBody(raw, 'sk_test_someone_else'))).status).toBe(401)
    const samples = await scrape(paystack)
    for (const outcome of ['accepted', 'duplicate', 'refused']) {
      expect(metricValue(samples, 'vbo_webhook_notices_total', { source: 'paystack', outcome }), outcome).toBe(1)
    }
    expect(metricValue(samples, 'vbo_notice_to_credit_seconds_count', { source: 'paystack' })).toBe(1)
    expect(metricValue(samples, 'vbo_webhook_notices_total', { source: 'bank' })).toBe(0)
  })

  it('counts the event streams open on this process, and the database pool', async () => {
    const s = await sender(t)
    const stream = await openStream(t.app, s.token)
    expect(stream.status).toBe(200)
    expect(metricValue(await scrape(), 'vbo_event_stream_clients')).toBe(1)
    await stream.close()
    expect(metricValue(await scrape(), 'vbo_event_stream_clients')).toBe(0)
    const samples = await scrape()
    expect(metricValue(samples, 'vbo_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1)
    if (process.env.TEST_DATABASE_URL) expect(metricValue(samples, 'vbo_db_pool_connections', { state: 'max' })).toBe(4)
    expect(samples.some((s) => s.name === 'vbo_db_scrape_query_seconds')).toBe(true)
  })
})
