import { randomUUID } from 'node:crypto'

import pg from 'pg'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { newSessionId } from '#server/money/ledger'
import { signWebhookBody } from '#server/money/webhook-signature'
import { DEMO } from '#server/seed/demo'

import { type MainProcess, type Place, preparePlace, startMain, stopAll } from '../platform/main-process'
import { type Receiver, startReceiver, status } from './receiver'

/*
 * Webhook deliveries across real `npm start` processes on one PostgreSQL (decision 169): credits notified to either
 * process are each delivered once between them, and a delivery still being retried when every process stops is sent
 * by the next process started. (PGlite's data directory belongs to one process, decision 020.)
 */

const POSTGRES = process.env.TEST_DATABASE_URL
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`)
    await sleep(200)
  }
}

describe.skipIf(!POSTGRES)('webhooks across npm start processes on one PostgreSQL', () => {
  let place: Place
  let db: pg.Client
  let receiver: Receiver
  const children: MainProcess[] = []
  beforeAll(async () => {
    place = await preparePlace('hooks')
    receiver = await startReceiver()
  })
  afterAll(async () => {
    await stopAll(children)
    await db?.end()
    await receiver?.close()
    await place?.cleanup()
  })

  async function post(origin: string, path: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${origin}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as { data: any; message: string } }
  }

  async function credit(origin: string, accountNumber: string, amount: number) {
    const raw = JSON.stringify({
      accountNumber,
      amount,
      providerReference: `PRV-${randomUUID()}`,
      sessionId: newSessionId(),
      originatorAccountName: 'Chioma Okeke',
      originatorBankName: 'Access Bank',
      originatorAccountNumber: '0690000031',
      narration: 'Thank you',
    })
    const res = await fetch(`${origin}/api/webhooks/bank/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-provider-signature': signWebhookBody(raw, place.env.BANK_WEBHOOK_SECRET!) },
      body: raw,
    })
    expect(res.status).toBe(200)
  }

  it('deliver each credit once between two processes, and a retry outlives a restart of every process', async () => {
    const env = { ...place.env, JOB_INTERVAL_MS: '1000' }
    children.push(await startMain(env))
    children.push(await startMain(env))
    const [one, two] = children as [MainProcess, MainProcess]
    db = new pg.Client({ connectionString: place.env.DATABASE_URL })
    await db.connect()
    const login = await post(one.url, '/auth/vendor/login', { email: DEMO.email, password: DEMO.password })
    expect(login.status).toBe(200)
    const token = login.body.data.token as string
    const created = await post(
      one.url,
      '/webhooks/endpoints',
      { url: receiver.url, events: ['payment.received'] },
      { authorization: `Bearer ${token}` },
    )
    expect(created.status).toBe(201)
    const secret = created.body.data.secret as string
    const {
      rows: [wallet],
    } = await db.query<{ account_number: string }>(
      `select w.account_number from wallets w join users u on u.vendor_id = w.vendor_id where u.email = $1 and w.kind = 'main'`,
      [DEMO.email],
    )

    for (let i = 0; i < 10; i++) await credit((i % 2 ? two : one).url, wallet!.account_number, 100_00 + i)
    await waitUntil(() => receiver.received.length >= 10, 30_000, 'ten deliveries')
    // Both workers keep polling; nothing more arrives.
    await sleep(3_000)
    expect(receiver.received).toHaveLength(10)
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(10)
    for (const r of receiver.received) new Webhook(secret).verify(r.body, r.headers as Record<string, string>)
    const { rows } = await db.query<{ status: string; attempts: number }>(`select status, attempts from webhook_deliveries`)
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(Array.from({ length: 10 }, () => ['delivered', 1]))
    const ran = await db.query<{ state: string; attempts: number }>(
      `select distinct state, attempts from jobs where kind = 'deliver-webhook'`,
    )
    expect(ran.rows).toEqual([{ state: 'done', attempts: 1 }])

    // The endpoint fails; while its delivery waits out its back-off, every process stops.
    receiver.answers.splice(0, receiver.answers.length, status(500, 'down'), status(200, 'back'))
    await credit(one.url, wallet!.account_number, 777_00)
    await waitUntil(() => receiver.received.length === 11, 15_000, 'the failing attempt')
    for (const child of [one, two]) child.process.kill('SIGTERM')
    expect(await one.exited).toBe(0)
    expect(await two.exited).toBe(0)
    const {
      rows: [waiting],
    } = await db.query<{ status: string; answer_status: number }>(
      `select status, answer_status from webhook_deliveries order by seq desc limit 1`,
    )
    expect(waiting).toEqual({ status: 'pending', answer_status: 500 })

    const restarted = await startMain(env)
    children.push(restarted)
    await waitUntil(() => receiver.received.length === 12, 30_000, 'the retry after the restart')
    expect(receiver.received[11]!.headers['webhook-id']).toBe(receiver.received[10]!.headers['webhook-id'])
    await waitUntil(
      async () => (await db.query(`select 1 from webhook_deliveries where status = 'delivered' and attempts = 2`)).rowCount === 1,
      10_000,
      'the log to say delivered',
    )
    await sleep(2_000)
    expect(receiver.received).toHaveLength(12)
  }, 240_000)
})
