import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { and, eq, inArray } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { nubanFor } from '#contract/nuban'
import { type Database, openDatabase } from '#server/db/client'
import { idempotencyKeys, transactions, users } from '#server/db/schema'
import { STALE_CLAIM_MS } from '#server/http/idempotency'
import { RECOVER_AFTER_MS } from '#server/money/transfers'
import { DEMO } from '#server/seed/demo'

import { pgliteTemplate } from '../../support/pglite-template'
import { expectLedgerConsistent } from '../money/helpers'

/*
 * Issue 8, fault suite: the real server (tests/server/platform/crash-server.ts, a child process) under a load of sends and
 * outlet transfers is killed with SIGKILL after a number of acknowledgements, then started again on the same data
 * directory (PGlite) or database (PostgreSQL). What a client was told must hold after the restart, whatever the
 * kill interrupted: every acknowledged transfer is there as answered, every Idempotency-Key (acknowledged or in
 * flight) has at most one effect and its replay answers it (never a 409 IDEMPOTENCY_IN_PROGRESS for ever), the
 * ledger balances and no transfer stays pending. Decision 072.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const POSTGRES = process.env.TEST_DATABASE_URL
/** Acknowledgements before the kill; the requests in flight at that moment are the interesting ones. */
const KILL_AFTER_ACKS = 12
const CONCURRENCY = 6

interface Child {
  process: ChildProcess
  url: string
  exited: Promise<number | null>
  stderr: () => string
}

/** Starts crash-server.ts and waits for its READY line. */
async function startChild(env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/platform/crash-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, JOB_INTERVAL_MS: '250' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    // Generous: a PGlite start with the demo seed took over 45 s while CI shared two cores at load average 14.
    const timer = setTimeout(() => reject(new Error(`crash-server did not start in time:\n${stderr}`)), 90_000)
    child.stdout!.on('data', (chunk) => {
      out += chunk
      const match = /READY (\S+)/.exec(out)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    })
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`crash-server exited (${code}) before it was ready:\n${stderr}`))
    })
  })
  return { process: child, url, exited, stderr: () => stderr }
}

interface Answer {
  status: number
  body: any
  replayed: boolean
}

async function api(
  url: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; key?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.key) headers['idempotency-key'] = options.key
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(30_000),
  })
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON: kept as text for the failure message.
  }
  return { status: response.status, body, replayed: response.headers.get('idempotent-replayed') === 'true' }
}

async function login(url: string): Promise<string> {
  const res = await api(url, 'POST', '/auth/vendor/login', { body: { email: DEMO.email, password: DEMO.password } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data.token
}

type Kind = 'send' | 'fund' | 'toMain'
const PATHS: Record<Kind, string> = { send: '/transfer/send', fund: '/outlet/wallet/fund', toMain: '/outlet/transfer/vendor' }

interface Op {
  kind: Kind
  key: string
  body: Record<string, unknown>
  /** The answer the client got before the kill; none: the request was in flight (or refused the connection). */
  answer?: Answer
}

const randomSerial = () => String(100_000_000 + (randomBytes(4).readUInt32BE() % 100_000_000))

/** Sends, outlet fundings and transfers back from CONCURRENCY workers until `stop()` says so. */
async function runLoad(url: string, token: string, outletId: string, stop: (acks: number) => boolean): Promise<Op[]> {
  const ops: Op[] = []
  let acks = 0
  let halted = false
  const worker = async (w: number) => {
    for (let i = 0; !halted; i++) {
      const kind: Kind = (['send', 'fund', 'toMain'] as const)[(w + i) % 3]!
      // Whole naira between ₦1 and ₦20: the demo's wallets hold far more, so nothing is refused for funds.
      const amount = (1 + ((w * 7 + i) % 20)) * 100
      let body: Record<string, unknown> = { amount, outletId, pin: DEMO.pin }
      if (kind === 'send') {
        const accountNumber = nubanFor('058', randomSerial())
        let resolved: Answer
        try {
          resolved = await api(url, 'GET', `/bank/resolve-account?accountNumber=${accountNumber}&bankCode=058`, { token })
        } catch {
          return // The server is gone before this one was sent.
        }
        // An answer that is not the account would end this worker early without a word: the test fails instead.
        expect(resolved.status, JSON.stringify(resolved.body)).toBe(200)
        body = { amount, requestId: resolved.body.data.requestId, pin: DEMO.pin, narration: `crash test ${w}.${i}` }
      }
      const op: Op = { kind, key: `crash-${randomUUID()}`, body }
      ops.push(op)
      try {
        op.answer = await api(url, 'POST', PATHS[kind], { token, body, key: op.key })
      } catch {
        return // Killed while in flight.
      }
      if (op.answer.status >= 200 && op.answer.status < 300) acks += 1
      if (stop(acks)) halted = true
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)))
  return ops
}

/** Replays one request until it is no longer in progress (a claim its dead process left, until it is stale). */
async function replay(url: string, token: string, op: Op, deadline: number): Promise<{ answer: Answer; inProgress: number }> {
  let inProgress = 0
  for (;;) {
    const answer = await api(url, 'POST', PATHS[op.kind], { token, body: op.body, key: op.key })
    if (answer.status !== 409 || answer.body?.code !== 'IDEMPOTENCY_IN_PROGRESS') return { answer, inProgress }
    inProgress += 1
    if (Date.now() > deadline) return { answer, inProgress }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

let where: { env: Record<string, string>; open: () => Promise<Database>; cleanup: () => Promise<void> }

beforeAll(async () => {
  // Uploads (the demo's pictures) go here on both databases; on PGlite the database too.
  const dataDir = mkdtempSync(join(tmpdir(), 'vbo-crash-'))
  if (POSTGRES) {
    // A database of its own on the same server, so other test files' rows (and the suite's demo) stay apart.
    const name = `crash_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: POSTGRES })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const url = new URL(POSTGRES)
    url.pathname = `/${name}`
    const databaseUrl = url.toString()
    where = {
      env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, BANK_WEBHOOK_SECRET: randomBytes(24).toString('hex') },
      open: () => openDatabase({ databaseUrl, migrate: false, poolSize: 2 }),
      cleanup: async () => {
        rmSync(dataDir, { recursive: true, force: true })
        const client = new pg.Client({ connectionString: POSTGRES })
        await client.connect()
        await client.query(`drop database if exists ${name} with (force)`)
        await client.end()
      },
    }
  } else {
    // The suite's migrated template, loaded into the data directory: the server then only seeds the demo.
    const loadDataDir = pgliteTemplate()
    const prepared = await openDatabase({
      dataDir,
      loadDataDir,
      migrate: !loadDataDir,
    })
    await prepared.close()
    where = {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openDatabase({ dataDir, migrate: false }),
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    }
  }
})

const children: Child[] = []
afterAll(async () => {
  for (const child of children) {
    if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL')
    await child.exited
  }
  await where?.cleanup()
})

describe(`SIGKILL in the middle of a transfer load (${POSTGRES ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps every acknowledged transfer, one effect per key, a balanced ledger and nothing pending', async () => {
    const started = Date.now()
    const first = await startChild(where.env)
    children.push(first)
    const timings: Record<string, number> = { firstStart: Date.now() - started }
    let token = await login(first.url)
    const outlets = await api(first.url, 'GET', '/outlet', { token })
    const outlet = outlets.body.data.items.find((item: { status: string }) => item.status === 'active')
    expect(outlet, 'the demo has an active outlet').toBeDefined()

    // The load, killed outright once KILL_AFTER_ACKS requests were acknowledged.
    const loadStart = Date.now()
    let killedAt = 0
    const ops = await runLoad(first.url, token, outlet.id, (acks) => {
      if (acks < KILL_AFTER_ACKS || killedAt) return Boolean(killedAt)
      killedAt = Date.now()
      first.process.kill('SIGKILL')
      return true
    })
    expect(await first.exited).toBeNull()
    expect(first.process.signalCode).toBe('SIGKILL')
    timings.load = killedAt - loadStart
    const acked = ops.filter((op) => op.answer)
    const inFlight = ops.filter((op) => !op.answer)
    // Every answer the clients got was an acknowledgement: nothing in the load itself was refused or failed.
    for (const op of acked) expect(op.answer!.status, JSON.stringify(op.answer!.body)).toBe(201)
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS)

    // Restart on the same data.
    const restartStart = Date.now()
    const second = await startChild(where.env)
    children.push(second)
    timings.restart = Date.now() - restartStart
    token = await login(second.url)

    // Every key again, as a client retrying after the outage. A claim the killed process left is "in progress"
    // until it is stale: at once on PGlite (its data directory belonged to the dead process alone), after
    // STALE_CLAIM_MS on PostgreSQL (another live process could hold it). Never longer.
    const replayStart = Date.now()
    const deadline = killedAt + STALE_CLAIM_MS + 10_000
    const replays = await Promise.all(ops.map((op) => replay(second.url, token, op, deadline)))
    timings.replays = Date.now() - replayStart
    const waited = replays.filter((r) => r.inProgress > 0).length
    if (!POSTGRES) expect(waited, 'claims of the dead process are stale at once on PGlite').toBe(0)
    for (const [i, { answer }] of replays.entries()) {
      const op = ops[i]!
      expect(answer.status, `${op.kind} ${op.key}: ${JSON.stringify(answer.body)}`).toBe(201)
      // An acknowledged request replays its answer, word for word.
      if (op.answer) {
        expect(answer.replayed).toBe(true)
        expect(answer.body).toEqual(op.answer.body)
      }
    }

    // Nothing stays pending: transfers the dead process left pending are recovered (at once on PGlite, once
    // RECOVER_AFTER_MS old on PostgreSQL).
    const pendingStart = Date.now()
    const pendingDeadline = killedAt + RECOVER_AFTER_MS + 15_000
    let pending: unknown[] = []
    for (;;) {
      const res = await api(second.url, 'GET', '/transaction?status=pending&size=100', { token })
      expect(res.status).toBe(200)
      pending = res.body.data.items
      if (pending.length === 0 || Date.now() > pendingDeadline) break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    expect(pending).toEqual([])
    timings.pending = Date.now() - pendingStart

    // Stop the second server cleanly and read its database.
    second.process.kill('SIGTERM')
    expect(await second.exited).toBe(0)
    const database = await where.open()
    try {
      const { db } = database
      const [owner] = await db.select({ vendorId: users.vendorId }).from(users).where(eq(users.email, DEMO.email))
      const vendorId = owner!.vendorId
      const keys = ops.map((op) => op.key)
      const rows = await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.vendorId, vendorId), inArray(transactions.idempotencyKey, keys)))
      const byKey = new Map<string, typeof rows>()
      for (const row of rows) byKey.set(row.idempotencyKey!, [...(byKey.get(row.idempotencyKey!) ?? []), row])
      for (const [i, op] of ops.entries()) {
        const effects = byKey.get(op.key) ?? []
        // One effect per key, the one its replay answered; an acknowledged one is the one its client was told.
        expect(effects, `${op.kind} ${op.key}`).toHaveLength(1)
        const [effect] = effects
        const data = replays[i]!.answer.body.data
        const told = op.kind === 'send' ? data : data.transaction
        if (op.kind === 'fund') {
          // The answer is the outlet's side (the credit); the key is on the main wallet's debit.
          const [credit] = await db.select().from(transactions).where(eq(transactions.id, told.id))
          expect(credit).toMatchObject({ vendorId, type: 'credit', amount: op.body.amount, status: 'success' })
          expect(effect).toMatchObject({ type: 'debit', amount: op.body.amount, createdAt: credit!.createdAt })
        } else {
          expect(effect).toMatchObject({ id: told.id, reference: told.reference, amount: op.body.amount })
        }
        expect(effect!.status).not.toBe('pending')
      }
      // Every key has its answer stored: none is left "in progress".
      const claims = await db
        .select({ statusCode: idempotencyKeys.statusCode })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.vendorId, vendorId), inArray(idempotencyKeys.key, keys)))
      expect(claims.map((claim) => claim.statusCode)).toEqual(ops.map(() => 201))
      await expectLedgerConsistent(db, vendorId)
    } finally {
      await database.close()
    }
    timings.total = Date.now() - started
    console.info(
      `[crash] ${POSTGRES ? 'PostgreSQL' : 'PGlite'}: ${acked.length} acknowledged, ${inFlight.length} in flight at the kill, ` +
        `${waited} replays waited for a stale claim; ms ${JSON.stringify(timings)}`,
    )
  }, 240_000)
})
