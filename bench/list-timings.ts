import type { Hono } from 'hono'

import { createApp } from '#server/app'
import { createSession } from '#server/auth/sessions'
import { systemClock } from '#server/clock'
import { type Db, openDatabase } from '#server/db/client'
import { createVendorAccount } from '#server/money/accounts'
import { DevNotifier } from '#server/notifier'

/** Timed runs per query, after warm-up runs that fill caches and plans. */
const RUNS = 40
const WARM_UP = 5

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!

export interface ListTiming {
  query: string
  matches: number
  'p50 (ms)': number
  'p95 (ms)': number
}

/**
 * Times GET list calls in process (no network), each answered through the real app: auth, validation, SQL and
 * JSON. Answers one row per case with the list's total and the p50/p95 latency.
 */
export async function timeListCalls(app: Hono, token: string, cases: readonly [string, string][]): Promise<ListTiming[]> {
  const rows: ListTiming[] = []
  for (const [label, path] of cases) {
    const times: number[] = []
    let total = 0
    for (let run = 0; run < WARM_UP + RUNS; run++) {
      const started = performance.now()
      const res = await app.request(`/api${path}`, { headers: { authorization: `Bearer ${token}` } })
      const body = (await res.json()) as { data?: { total: number } }
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`)
      if (run >= WARM_UP) times.push(performance.now() - started)
      total = body.data!.total
    }
    times.sort((a, b) => a - b)
    rows.push({
      query: label,
      matches: total,
      'p50 (ms)': Number(percentile(times, 0.5).toFixed(1)),
      'p95 (ms)': Number(percentile(times, 0.95).toFixed(1)),
    })
  }
  return rows
}

export interface ListBench<S> {
  /** Distinguishes the bench vendor's e-mail. */
  name: string
  /** What the last row says was seeded, e.g. "10,000 products". */
  seeded: string
  rows: number
  seed: (db: Db, vendorId: string) => Promise<S>
  cases: (seeded: S) => [string, string][]
}

/**
 * One approved vendor on a fresh in-memory PGlite, seeded by `seed`, then every case timed through the real app;
 * the last row is how long seeding took.
 */
export async function listBenchFigures<S>(bench: ListBench<S>): Promise<ListTiming[]> {
  const database = await openDatabase({ dataDir: 'memory' })
  try {
    const { db } = database
    const account = await createVendorAccount(db, {
      name: 'Bench Kitchen',
      email: `${bench.name}-${Date.now()}@bench.test`,
      ownerName: 'Bench Owner',
      password: 'bench-password-2026',
      status: 'approved',
    })
    const seedStarted = performance.now()
    const seeded = await bench.seed(db, account.vendor.id)
    const seedMs = performance.now() - seedStarted
    const token = await createSession(db, systemClock, account.owner)
    const app = createApp({ db, notifier: new DevNotifier(() => {}) })
    const rows = await timeListCalls(app, token, bench.cases(seeded))
    rows.push({ query: `(seeding ${bench.seeded})`, matches: bench.rows, 'p50 (ms)': Number(seedMs.toFixed(0)), 'p95 (ms)': 0 })
    return rows
  } finally {
    await database.close()
  }
}
