import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { nubanFor } from '#contract/nuban'
import { newSessionId, vendorWallet } from '#server/money/ledger'
import { signWebhookBody } from '#server/money/webhook-signature'
import { DEMO } from '#server/seed/demo'
import { type RunningServer, startServer } from '#server/start-server'

import { metricValue, parseMetrics, type Samples } from './metrics-text'

/*
 * GET /metrics on the real server (decision 154): what Prometheus scrapes after a send, a credit and a failed login,
 * and what anyone without the token sees (a 404, the PWA's page never).
 */

const TOKEN = randomBytes(24).toString('hex') // 48 characters
const SECRET = randomBytes(24).toString('hex')
let server: RunningServer
let dist: string

/** A page load as a browser or curl makes it (Node's fetch says sec-fetch-mode: cors, which the PWA never answers). */
function navigate(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate', ...headers } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
      .on('error', reject)
      .end()
  })
}

async function scrape(): Promise<Samples> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/plain')
  return parseMetrics(await res.text())
}

async function api(method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers,
    body: typeof options.body === 'string' ? options.body : options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  return { status: res.status, body: await res.json().catch(() => null) }
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'vbo-dist-'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
  // PGlite in memory: a database of its own, so the gauges count only this server's rows.
  server = await startServer({
    port: 0,
    hostname: '127.0.0.1',
    dataDir: 'memory',
    pinPepper: randomBytes(32),
    webhookSecret: SECRET,
    seed: true,
    distDir: dist,
    jobIntervalMs: 1_000,
    metricsToken: TOKEN,
    logger: { info: () => {}, warn: () => {}, error: console.error },
  })
})
afterAll(async () => {
  await server?.close()
  rmSync(dist, { recursive: true, force: true })
})

describe('GET /metrics', () => {
  it('is a 404, never the app shell, without the token, with another one, or with no Bearer', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(1)}` },
      { authorization: TOKEN },
    ]
    for (const headers of refused) {
      const page = await navigate(`${server.url}/metrics`, headers)
      expect(page.status).toBe(404)
      expect(page.body).not.toContain('vbo_')
      expect(page.body).not.toContain('<div id="root">')
      expect((await fetch(`${server.url}/metrics`, { headers })).status).toBe(404)
    }
    // The same answer as a file nobody has.
    expect(await navigate(`${server.url}/no-such-file.txt`)).toEqual(await navigate(`${server.url}/metrics`))
    // And the pages are still the PWA's.
    expect((await navigate(`${server.url}/orders`)).body).toContain('<div id="root">')
  })

  it('after a send, a credit and a failed login, their counters have moved', async () => {
    const before = await scrape()

    // A failed login.
    const wrong = await api('POST', '/auth/vendor/login', { body: { email: DEMO.email, password: `${DEMO.password}-wrong` } })
    expect(wrong.status).toBe(401)

    // Send Money with the demo PIN.
    const login = await api('POST', '/auth/vendor/login', { body: { email: DEMO.email, password: DEMO.password } })
    expect(login.status).toBe(200)
    const token = login.body.data.token as string
    const accountNumber = nubanFor('058', String(100_000_000 + (randomBytes(4).readUInt32BE() % 100_000_000)))
    const resolved = await api('GET', `/bank/resolve-account?accountNumber=${accountNumber}&bankCode=058`, { token })
    expect(resolved.status).toBe(200)
    const sent = await api('POST', '/transfer/send', {
      token,
      headers: { 'idempotency-key': randomUUID() },
      body: { amount: 2_500_00, requestId: resolved.body.data.requestId, pin: DEMO.pin, narration: 'metrics test' },
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    expect(sent.body.data.status).toBe('success')

    // A credit: the bank's signed notice into the demo's main wallet, then the same notice again, then a forged one.
    const wallet = await vendorWallet(server.database.db, server.demoVendorId!, 'main')
    const raw = JSON.stringify({
      accountNumber: wallet!.accountNumber,
      amount: 5_000_00,
      providerReference: `PRV-${randomUUID()}`,
      sessionId: newSessionId(),
      originatorAccountName: 'Chioma Okeke',
      originatorBankName: 'Access Bank',
      originatorAccountNumber: '1111111111',
      narration: 'metrics test',
    })
    const deliver = (signature: string) =>
      api('POST', '/webhooks/bank/inbound', { body: raw, headers: { 'x-provider-signature': signature } })
    expect((await deliver(signWebhookBody(raw, SECRET))).body.data.duplicate).toBe(false)
    expect((await deliver(signWebhookBody(raw, SECRET))).body.data.duplicate).toBe(true)
    expect((await deliver(signWebhookBody(raw, 'not-the-secret'))).status).toBe(401)

    const after = await scrape()
    const moved = (name: string, labels: Record<string, string> = {}) =>
      metricValue(after, name, labels) - metricValue(before, name, labels)
    expect(moved('vbo_http_requests_total', { method: 'POST', route: '/api/auth/vendor/login', status: '401' })).toBe(1)
    expect(moved('vbo_http_requests_total', { method: 'POST', route: '/api/transfer/send', status: '201' })).toBe(1)
    expect(moved('vbo_http_request_duration_seconds_count', { method: 'POST', route: '/api/transfer/send', status: '201' })).toBe(1)
    expect(moved('vbo_transfers_total', { provider: 'sandbox', state: 'success' })).toBe(1)
    expect(moved('vbo_webhook_notices_total', { source: 'bank', outcome: 'accepted' })).toBe(1)
    expect(moved('vbo_webhook_notices_total', { source: 'bank', outcome: 'duplicate' })).toBe(1)
    expect(moved('vbo_webhook_notices_total', { source: 'bank', outcome: 'refused' })).toBe(1)
    expect(moved('vbo_notice_to_credit_seconds_count', { source: 'bank' })).toBe(1)
    expect(metricValue(after, 'vbo_transfers_pending', { provider: 'sandbox' })).toBe(0)
    expect(metricValue(after, 'vbo_db_pool_connections', { state: 'total' })).toBe(1)
    // prom-client's process metrics, once per process.
    expect(metricValue(after, 'vbo_process_resident_memory_bytes')).toBeGreaterThan(0)
  })

  it('labels requests with the route pattern, never the raw path', async () => {
    const key = `made-up-${randomUUID()}`
    expect((await fetch(`${server.url}/api/files/${key}`)).status).toBe(404)
    expect((await fetch(`${server.url}/api/no/such/${key}`)).status).toBe(404)
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    const text = await res.text()
    expect(text).not.toContain(key)
    const samples = parseMetrics(text)
    expect(metricValue(samples, 'vbo_http_requests_total', { method: 'GET', route: '/api/files/:key', status: '404' })).toBeGreaterThan(0)
    expect(metricValue(samples, 'vbo_http_requests_total', { method: 'GET', route: '/api/*', status: '404' })).toBeGreaterThan(0)
  })

  it("counts this process's job runs by kind, and the queue's rows from the database", async () => {
    // The server's worker runs the recurring jobs every second (jobIntervalMs).
    let samples = await scrape()
    const ran = (kind: string) => metricValue(samples, 'vbo_job_runs_total', { kind, outcome: 'done' }) > 0
    for (let i = 0; i < 50 && !(ran('purge-expired') && ran('recover-pending-transfers')); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      samples = await scrape()
    }
    expect(metricValue(samples, 'vbo_job_runs_total', { kind: 'purge-expired', outcome: 'done' })).toBeGreaterThan(0)
    expect(metricValue(samples, 'vbo_jobs', { kind: 'purge-expired', state: 'done' })).toBeGreaterThan(0)
    // Every recurring job of the server ran as it should (an import cycle once made recovery fail on a NaN timeout).
    expect(metricValue(samples, 'vbo_job_runs_total', { outcome: 'failed' })).toBe(0)
    expect(metricValue(samples, 'vbo_job_runs_total', { kind: 'recover-pending-transfers', outcome: 'done' })).toBeGreaterThan(0)
  })
})
