import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import autocannon, { type Options, type RawRequest } from 'autocannon'
import { and, eq } from 'drizzle-orm'

import { checkPin, hashPin } from '#server/auth/pin-hash'
import { transactions } from '#server/db/schema'

import {
  BENCH_PIN,
  benchPostgres,
  ENQUIRIES,
  LIST_PRODUCTS,
  LIST_ROWS,
  openTarget,
  type Seeded,
  seedTarget,
  SENDER_BALANCE,
  startServerProcess,
  type Target,
  walletsAgainstEntries,
} from './api-load-setup'

/*
 * `apiLoadFigures()`: GET /transaction over 100,000 rows of one vendor, and POST /transfer/send throughput, each at
 * 50 concurrent clients (autocannon) against a real server process on loopback, on PGlite and on PostgreSQL when
 * one answers on 127.0.0.1:5432. After the sends, a ledger check counts double spends (must be 0).
 */

export const CONNECTIONS = 50
export const SECONDS = 8
const WARM_UP_SECONDS = 2

export interface LoadRow {
  database: string
  test: string
  'req/s': number
  /** PostgreSQL lists: bench/list-control.ts, a bare node:http + pg server doing the same SQL, in the same run. */
  'control req/s'?: number
  'API/control'?: string
  'control p95 (ms)'?: number
  'p50 (ms)': number
  'p95 (ms)': number
  'p99 (ms)': number
  errors: number
  /** From the handler starting to the response being sent, inside the server; the rest of p99 is queueing. */
  'server p50/p99 (ms)'?: string
  'double spends'?: number | string
  'RSS idle/peak (MiB)'?: string
  note?: string
}

const rssMiB = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024)

/** The server's resident memory sampled every 200 ms while `work` runs: its peak. */
async function peakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssMiB(pid)
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 200)
  try {
    return { result: await work(), peak }
  } finally {
    clearInterval(timer)
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(1))
}

type Run = Awaited<ReturnType<typeof load>>

/**
 * A short unmeasured run first (cold JIT, empty database caches), then the measured one. autocannon reports
 * p97.5 but not p95, so latencies are collected from its response events.
 */
export async function load(options: Options, { warmUp = true, seconds = SECONDS } = {}) {
  if (warmUp) await autocannon({ connections: CONNECTIONS, ...options, duration: WARM_UP_SECONDS })
  const latencies: number[] = []
  const statuses = new Map<number, number>()
  const instance = autocannon({ connections: CONNECTIONS, duration: seconds, ...options })
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    latencies.push(ms)
    statuses.set(status, (statuses.get(status) ?? 0) + 1)
  })
  const result = await instance
  return summarise([{ latencies, statuses, duration: result.duration, errors: result.errors + result.timeouts }])
}

interface RawRun {
  latencies: number[]
  statuses: Map<number, number>
  duration: number
  errors: number
}

/** One run's figures, or several runs' pooled (their responses over their summed durations). */
function summarise(runs: RawRun[]) {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b)
  const statuses = new Map<number, number>()
  for (const run of runs) for (const [status, n] of run.statuses) statuses.set(status, (statuses.get(status) ?? 0) + n)
  const duration = runs.reduce((sum, run) => sum + run.duration, 0)
  return {
    perSecond: Math.round(latencies.length / duration),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    statuses,
    raw: runs,
  }
}

/** Both halves of each measured run, API and control alternating A C C A, so drift in the machine's load hits both. */
async function alternate(api: Options, control: Options): Promise<{ api: Run; control: Run }> {
  await load(api, { seconds: WARM_UP_SECONDS, warmUp: false })
  await load(control, { seconds: WARM_UP_SECONDS, warmUp: false })
  const half = { seconds: SECONDS / 2, warmUp: false }
  const a1 = await load(api, half)
  const c1 = await load(control, half)
  const c2 = await load(control, half)
  const a2 = await load(api, half)
  return { api: summarise([...a1.raw, ...a2.raw]), control: summarise([...c1.raw, ...c2.raw]) }
}

interface ControlProcess {
  url: string
  stop: () => Promise<void>
}

/** bench/list-control.ts on a free loopback port, reading the reader vendor's rows on the same database. */
async function startListControl(databaseUrl: string, vendorId: string): Promise<ControlProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'list-control.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, CONTROL_VENDOR_ID: vendorId },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<string>((done, fail) => {
    child.stdout!.once('data', (chunk: Buffer) => done(chunk.toString().trim()))
    child.once('exit', (code) => fail(new Error(`list control exited with ${code}`)))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((done) => child.once('exit', done))
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** Whether the API and its control answer one page (and a page past the end) with the same JSON. */
async function sameJson(apiUrl: string, controlUrl: string, path: string, token: string): Promise<boolean> {
  for (const query of ['?page=1&size=20', '?page=100000&size=20']) {
    const [api, control] = await Promise.all([
      fetch(`${apiUrl}${path}${query}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json()),
      fetch(`${controlUrl}${path}${query}`).then((r) => r.json()),
    ])
    if (JSON.stringify(api) !== JSON.stringify(control)) return false
  }
  return true
}

export const CONTROL_GOAL = 0.6

/**
 * Money the ledger cannot explain, counted as double spends; each should be impossible: an Idempotency-Key with
 * two transfers, a wallet whose entries do not sum to its balance, a negative main wallet, or a main balance that
 * differs from the starting balance less every transfer that was not reversed.
 */
export async function doubleSpends(target: Target, seeded: Seeded): Promise<number> {
  const database = await openTarget(target)
  try {
    const { db } = database
    const vendorId = seeded.senderVendorId
    const rows = await db
      .select()
      .from(transactions)
      .where(and(eq(transactions.vendorId, vendorId), eq(transactions.type, 'debit')))
    const { wallets: walletRows, unexplained } = await walletsAgainstEntries(db, vendorId)
    const keys = new Set(rows.map((row) => row.idempotencyKey))
    let problems = rows.length - keys.size + unexplained
    for (const wallet of walletRows) {
      if ((wallet.kind === 'main' || wallet.kind === 'outlet') && wallet.balance < 0) problems += 1
    }
    const spent = rows.filter((row) => row.status !== 'failed').reduce((total, row) => total + row.amount + row.fee, 0)
    const main = walletRows.find((wallet) => wallet.kind === 'main')!
    if (main.balance !== SENDER_BALANCE - spent) problems += 1
    return problems
  } finally {
    await database.close()
  }
}

/** What one production PIN check (the keyed HMAC of decision 097) costs, in microseconds: the mean of many. */
async function pinCheckMicros(): Promise<number> {
  const hash = hashPin(BENCH_PIN)
  const checks = 1_000
  const started = performance.now()
  for (let i = 0; i < checks; i++) await checkPin(BENCH_PIN, hash)
  return Math.round(((performance.now() - started) / checks) * 1000)
}

async function measure(target: Target): Promise<LoadRow[]> {
  const seeded = await seedTarget(target)
  const timesFile = join(tmpdir(), `vbo-request-times-${process.pid}-${target.label}.json`)
  const server = await startServerProcess(target, timesFile)
  const lists: { test: string; key: string; run: Run; peak: number; control?: Run; same?: boolean }[] = []
  let sends: Run
  let sendPeak = 0
  // The control is a pg floor: it only makes sense on PostgreSQL.
  const control = target.databaseUrl ? await startListControl(target.databaseUrl, seeded.readerVendorId) : null
  await new Promise((done) => setTimeout(done, 1_000))
  const idle = rssMiB(server.pid)
  try {
    for (const [test, path] of [
      [`GET /transaction, ${LIST_ROWS.toLocaleString('en')} rows`, '/api/transaction'],
      [`GET /order, ${LIST_ROWS.toLocaleString('en')} orders`, '/api/order'],
      [`GET /product, ${LIST_PRODUCTS.toLocaleString('en')} products`, '/api/product'],
    ] as const) {
      const api = { url: `${server.url}${path}?page=1&size=20`, headers: { authorization: `Bearer ${seeded.readerToken}` } }
      const key = `GET ${path}`
      const name = `${test}, ${CONNECTIONS} clients`
      if (control && path !== '/api/order') {
        const same = await sameJson(server.url, control.url, path, seeded.readerToken)
        const { result, peak } = await peakRss(server.pid, () => alternate(api, { url: `${control.url}${path}?page=1&size=20` }))
        lists.push({ test: name, key, run: result.api, peak, control: result.control, same })
      } else {
        const { result, peak } = await peakRss(server.pid, () => load(api))
        lists.push({ test: name, key, run: result, peak })
      }
    }
    let next = 0
    const setupRequest = (request: RawRequest): RawRequest => {
      next += 1
      return {
        ...request,
        headers: { ...request.headers, 'idempotency-key': `bench-${next}` },
        body: JSON.stringify({ amount: 1_000_00, requestId: `BENCH-NE-${Math.min(next, ENQUIRIES)}`, pin: BENCH_PIN }),
      }
    }
    const measured = await peakRss(server.pid, () =>
      load({
        url: `${server.url}/api/transfer/send`,
        requests: [
          {
            method: 'POST',
            path: '/api/transfer/send',
            headers: { authorization: `Bearer ${seeded.senderToken}`, 'content-type': 'application/json' },
            setupRequest,
          },
        ],
      }),
    )
    sends = measured.result
    sendPeak = measured.peak
  } finally {
    await server.stop()
    await control?.stop()
  }
  // Warm-up requests included: the server cannot tell them apart.
  // The server writes the file as it exits; a server that died without exiting cleanly leaves none, and its
  // rows then say so rather than losing the whole database's figures.
  const times: Record<string, number[]> = existsSync(timesFile) ? JSON.parse(readFileSync(timesFile, 'utf8')) : {}
  rmSync(timesFile, { force: true })
  const inServer = (path: string) => {
    const sorted = (times[path] ?? []).sort((a, b) => a - b)
    if (sorted.length === 0) return 'not recorded'
    return `${Math.round(percentile(sorted, 50))}/${Math.round(percentile(sorted, 99))}`
  }
  const created = sends.statuses.get(201) ?? 0
  const refused = [...sends.statuses].filter(([status]) => status !== 201).map(([status, count]) => `${count}×${status}`)
  return [
    ...lists.map(({ test, key, run, peak, control, same }) => ({
      database: target.label,
      test,
      'req/s': run.perSecond,
      ...(control && {
        'control req/s': control.perSecond,
        'API/control': `${Math.round((100 * run.perSecond) / control.perSecond)} % (goal ≥ ${100 * CONTROL_GOAL} %)`,
        'control p95 (ms)': control.p95,
      }),
      'p50 (ms)': run.p50,
      'p95 (ms)': run.p95,
      'p99 (ms)': run.p99,
      errors: run.errors + [...run.statuses].filter(([status]) => status !== 200).reduce((n, [, count]) => n + count, 0),
      'server p50/p99 (ms)': inServer(key),
      'RSS idle/peak (MiB)': `${idle}/${peak}`,
      ...(control && { note: same ? 'control answers the same JSON' : 'control JSON DIFFERS from the API' }),
    })),
    {
      database: target.label,
      test: `POST /transfer/send, ${CONNECTIONS} clients, distinct keys`,
      'req/s': Math.round(created / SECONDS),
      'p50 (ms)': sends.p50,
      'p95 (ms)': sends.p95,
      'p99 (ms)': sends.p99,
      errors: sends.errors,
      'server p50/p99 (ms)': inServer('POST /api/transfer/send'),
      'double spends': await doubleSpends(target, seeded),
      'RSS idle/peak (MiB)': `${idle}/${sendPeak}`,
      note: `${created} sent${refused.length ? `, ${refused.join(' ')}` : ''}; PIN check at production settings`,
    },
  ]
}

/*
 * The control for the PGlite tail: a bare node:http server that spends CONTROL_CPU_MS of CPU on each request, about what
 * GET /order costs the PGlite server, under the same load. Its p99 runs to seconds too, so the tail is 50 clients
 * queueing for one saturated thread on a 2-core machine (the client shares the cores), not the database: the time
 * from a request reaching the PGlite server's handler to its response being sent stays under 10 ms at p99.
 */
const CONTROL_CPU_MS = 3
const CONTROL_SERVER = `require('node:http').createServer((q, r) => { const t = performance.now(); while (performance.now() - t < ${CONTROL_CPU_MS}); r.end('x'.repeat(8000)) }).listen(0, '127.0.0.1', function () { console.log(this.address().port) })`

async function controlRow(): Promise<LoadRow> {
  const child = spawn(process.execPath, ['-e', CONTROL_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] })
  try {
    const port = await new Promise<string>((done, fail) => {
      child.stdout!.once('data', (chunk: Buffer) => done(chunk.toString().trim()))
      child.once('exit', (code) => fail(new Error(`control server exited with ${code}`)))
    })
    const run = await load({ url: `http://127.0.0.1:${port}/` })
    return {
      database: 'none (control)',
      test: `bare node:http, ${CONTROL_CPU_MS} ms CPU a request, ${CONNECTIONS} clients`,
      'req/s': run.perSecond,
      'p50 (ms)': run.p50,
      'p95 (ms)': run.p95,
      'p99 (ms)': run.p99,
      errors: run.errors,
    }
  } finally {
    child.kill()
  }
}

/** Rows for console.table. Bounded: about a minute per database. */
export async function apiLoadFigures(): Promise<LoadRow[]> {
  const rows: LoadRow[] = []
  const dir = mkdtempSync(join(tmpdir(), 'vbo-api-load-'))
  try {
    rows.push(...(await measure({ label: 'PGlite', dataDir: dir })))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  const postgres = await benchPostgres()
  if (postgres) {
    try {
      rows.push(...(await measure({ label: 'PostgreSQL', databaseUrl: postgres.url })))
    } finally {
      await postgres.drop()
    }
  } else {
    rows.push({
      database: 'PostgreSQL',
      test: 'skipped: nothing answers on 127.0.0.1:5432',
      'req/s': 0,
      'p50 (ms)': 0,
      'p95 (ms)': 0,
      'p99 (ms)': 0,
      errors: 0,
    })
  }
  rows.push(await controlRow())
  const pinMicros = await pinCheckMicros()
  for (const row of rows) {
    if (row['double spends'] !== undefined) row.note += ` (HMAC-SHA-256, ${pinMicros} µs of CPU a check)`
  }
  return rows
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await apiLoadFigures())
}
