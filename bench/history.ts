import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import { eq, sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import pg from 'pg'

import { createApp } from '#server/app'
import { setPinPepper } from '#server/auth/pin-hash'
import { createSession } from '#server/auth/sessions'
import { systemClock } from '#server/clock'
import { type Database, openDatabase } from '#server/db/client'
import { users } from '#server/db/schema'
import { DevNotifier } from '#server/notifier'

import { exportEndpoint, exportPath, HISTORY_CALLS, type Samples, TRANSACTIONS_PAGE } from './history-calls'
import {
  adminUrl,
  databaseUrl,
  HISTORY_PIN_PEPPER,
  historyDatabase,
  type HistorySize,
  type SeededHistory,
  seedHistory,
} from './history-seed'

/*
 * `historyFigures()` (issue 38, decision 160): how each call grows with a vendor's history. For each size (10k and
 * 100k transactions; BENCH_HISTORY=1m adds 1M) the seeded database (history-seed.ts) is copied, migrated with this
 * tree's migrations and served by the real app in-process, signed in as the measured vendor. Every round calls every
 * call at every size in turn (the sizes' order turning each round), so a busy machine slows all sizes alike; warm-up
 * rounds are discarded. Prints p50/p95 per size and the growth of p95 from the smallest size to the largest beside
 * the goal (≤ 2×; the export's cost per row ≤ 1.5×). Nothing is asserted. `npx tsx bench/history.ts` runs it alone.
 */

const ROUNDS = Number(process.env.BENCH_HISTORY_ROUNDS ?? 100)
const WARM_UP = 5
const EXPORT_ROUNDS = 3
const CALL_GOAL = 2
const EXPORT_GOAL = 1.5

interface Target {
  size: HistorySize
  copy: string
  database: Database
  app: Hono
  token: string
  samples: Samples
  times: Map<string, number[]>
  totals: Map<string, string>
}

export type HistoryRow = Record<string, string>

export function historySizes(env = process.env.BENCH_HISTORY ?? ''): HistorySize[] {
  return env.toLowerCase().split(',').includes('1m') ? ['10k', '100k', '1m'] : ['10k', '100k']
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 2_000 })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

async function request(target: Target, path: string): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now()
  const res = await target.app.request(`/api${path}`, { headers: { authorization: `Bearer ${target.token}` } })
  const body: unknown = await res.json().catch(() => null)
  return { status: res.status, body, ms: performance.now() - started }
}

/** Page 50: by cursor, walking the 49 pages before it untimed, when the list hands out `nextCursor`; else `page=50`. */
async function deepPage(target: Omit<Target, 'samples'>): Promise<string> {
  let path = `/transaction?size=${TRANSACTIONS_PAGE}`
  let body = (await request(target as Target, path)).body as { data?: { nextCursor?: string | null } }
  if (body.data?.nextCursor === undefined) return `/transaction?page=50&size=${TRANSACTIONS_PAGE}`
  for (let page = 2; page <= 50 && body.data?.nextCursor; page++) {
    path = `/transaction?size=${TRANSACTIONS_PAGE}&cursor=${encodeURIComponent(body.data.nextCursor)}`
    if (page < 50) body = (await request(target as Target, path)).body as typeof body
  }
  return path
}

/**
 * A scratch copy of the seeded database, migrated, then vacuumed and analysed as autovacuum would have left a live
 * one: new indexes' expressions need statistics, and a table a migration fills needs its visibility map for
 * index-only scans (customer_last_orders, decision 171: 1.3 ms vacuumed against 3–10 ms before at 1M).
 */
async function openTarget(size: HistorySize, marker: SeededHistory): Promise<Target> {
  const copy = `bench_run_${size}_${process.pid}`
  await admin(async (client) => {
    await client.query(`drop database if exists ${copy} with (force)`)
    // A template may have no connection while it is copied: someone looking at it for a moment is waited for.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database ${copy} template ${historyDatabase(size)} strategy file_copy`)
        break
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test((error as Error).message)) throw error
        await new Promise((done) => setTimeout(done, 3_000))
      }
    }
  })
  const database = await openDatabase({ databaseUrl: databaseUrl(copy), poolSize: 4 })
  const { db } = database
  await db.execute(sql`vacuum analyze`)
  const [owner] = await db.select().from(users).where(eq(users.id, marker.vendors[0]!.ownerId))
  const token = await createSession(db, systemClock, owner!)
  const app = createApp({ db, notifier: new DevNotifier(() => {}) })
  const vendor = marker.vendors[0]!
  const middle = Math.floor(marker.rows / 2)
  const picked = (await db.execute(sql`select t.reference,
      (select o.reference from orders o where o.vendor_id = ${vendor.id} and o.id = ${`${vendor.tag}-o-${middle - (middle % 8) + 3}`}) as order_reference
    from transactions t where t.vendor_id = ${vendor.id} and t.id = ${`${vendor.tag}-t-${middle}`}`)) as unknown as {
    rows: { reference: string; order_reference: string }[]
  }
  const row = picked.rows[0]!
  const partial = { size, copy, database, app, token, times: new Map(), totals: new Map() }
  const samples: Samples = {
    anchor: new Date(marker.anchor),
    transactionId: `${vendor.tag}-t-${middle}`,
    reference: row.reference,
    orderReference: row.order_reference,
    bigCustomerId: marker.bigCustomerId,
    deepPage: await deepPage(partial),
  }
  return { ...partial, samples }
}

async function closeTarget(target: Target): Promise<void> {
  await target.database.close()
  await admin((client) => client.query(`drop database if exists ${target.copy} with (force)`))
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN
}
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1))
const ratio = (value: number) => `${value.toFixed(1)}×`

/** What a list answered: its total, '+' when capped. */
function totalOf(body: unknown): string {
  const data = (body as { data?: { total?: number; totalCapped?: boolean } } | null)?.data
  return typeof data?.total === 'number' ? `${data.total.toLocaleString('en')}${data.totalCapped ? '+' : ''}` : ''
}

async function timeCalls(targets: Target[]): Promise<void> {
  for (let round = 0; round < WARM_UP + ROUNDS; round++) {
    for (const call of HISTORY_CALLS) {
      for (let n = 0; n < targets.length; n++) {
        const target = targets[(n + round) % targets.length]!
        const { status, body, ms: took } = await request(target, call.path(target.samples))
        if (status !== 200) {
          target.totals.set(call.name, `HTTP ${status}`)
          continue
        }
        target.totals.set(call.name, totalOf(body))
        if (round >= WARM_UP) target.times.set(call.name, [...(target.times.get(call.name) ?? []), took])
      }
    }
  }
}

function callRows(targets: Target[]): HistoryRow[] {
  const [first, last] = [targets[0]!, targets.at(-1)!]
  return HISTORY_CALLS.map((call) => {
    const row: HistoryRow = { call: call.name }
    for (const target of targets) {
      const times = target.times.get(call.name) ?? []
      const total = target.totals.get(call.name)
      row[target.size] = times.length
        ? `${ms(percentile(times, 0.5))} / ${ms(percentile(times, 0.95))}${total ? ` (${total})` : ''}`
        : (total ?? 'n/a')
    }
    const growthAt = (p: number) => percentile(last.times.get(call.name) ?? [], p) / percentile(first.times.get(call.name) ?? [], p)
    const growth = growthAt(0.95)
    row.growth = Number.isFinite(growth) ? ratio(growth) : 'n/a'
    // Beside it, for a reader: on a shared machine one size's p95 can be a stray slow round where its p50 is not.
    row['p50 growth'] = Number.isFinite(growthAt(0.5)) ? ratio(growthAt(0.5)) : 'n/a'
    row.goal = `≤ ${CALL_GOAL}×`
    row.verdict = Number.isFinite(growth) ? (growth <= CALL_GOAL ? 'ok' : 'over') : 'n/a'
    return row
  })
}

/** The export of a year, read as it streams: rows, time, and the process's peak RSS and heap above where it started. */
async function timeExport(target: Target, path: string) {
  const before = process.memoryUsage()
  let peak = { rss: before.rss, heap: before.heapUsed }
  const started = performance.now()
  const res = await target.app.request(`/api${path}`, { headers: { authorization: `Bearer ${target.token}` } })
  if (res.status !== 200 || !res.body) return { error: `HTTP ${res.status}` }
  let lines = 0
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++
    const now = process.memoryUsage()
    peak = { rss: Math.max(peak.rss, now.rss), heap: Math.max(peak.heap, now.heapUsed) }
  }
  const took = performance.now() - started
  const rows = Math.max(lines - 1, 1)
  return {
    rows,
    ms: took,
    perRowUs: (took * 1000) / rows,
    rssMb: (peak.rss - before.rss) / 2 ** 20,
    heapMb: (peak.heap - before.heapUsed) / 2 ** 20,
  }
}

async function exportRows(targets: Target[]): Promise<HistoryRow[]> {
  const endpoint = exportEndpoint()
  const base: HistoryRow = { call: 'export, last 365 days (µs per row)' }
  if (!endpoint)
    return [
      { ...base, ...Object.fromEntries(targets.map((t) => [t.size, 'n/a'])), growth: 'n/a', goal: `≤ ${EXPORT_GOAL}×`, verdict: 'n/a' },
    ]
  const runs = new Map<HistorySize, Awaited<ReturnType<typeof timeExport>>[]>()
  for (let round = 0; round < EXPORT_ROUNDS; round++) {
    for (const target of targets)
      runs.set(target.size, [...(runs.get(target.size) ?? []), await timeExport(target, exportPath(endpoint, target.samples.anchor))])
  }
  const row: HistoryRow = { ...base }
  const memory: HistoryRow = { call: 'export: peak RSS / heap above start (MB)' }
  const perRow = new Map<HistorySize, number>()
  for (const target of targets) {
    const done = runs.get(target.size)!.filter((run): run is Extract<typeof run, { rows: number }> => 'rows' in run)
    if (!done.length) {
      row[target.size] = (runs.get(target.size)![0] as { error: string }).error
      continue
    }
    // The median run: one slow round on a shared machine should not decide it.
    const mid = done.sort((a, b) => a.perRowUs - b.perRowUs)[Math.floor(done.length / 2)]!
    perRow.set(target.size, mid.perRowUs)
    row[target.size] = `${mid.perRowUs.toFixed(1)} µs (${mid.rows.toLocaleString('en')} rows, ${(mid.ms / 1000).toFixed(1)} s)`
    memory[target.size] = `${Math.max(...done.map((r) => r.rssMb)).toFixed(0)} / ${Math.max(...done.map((r) => r.heapMb)).toFixed(0)}`
  }
  const growth = (perRow.get(targets.at(-1)!.size) ?? NaN) / (perRow.get(targets[0]!.size) ?? NaN)
  Object.assign(row, { growth: Number.isFinite(growth) ? ratio(growth) : 'n/a', goal: `≤ ${EXPORT_GOAL}×` })
  row.verdict = Number.isFinite(growth) ? (growth <= EXPORT_GOAL ? 'ok' : 'over') : 'n/a'
  return [row, memory]
}

export async function historyFigures(): Promise<HistoryRow[]> {
  const sizes = historySizes()
  if (!(await admin(async () => true).catch(() => false))) return [{ call: `PostgreSQL not reachable at ${adminUrl()}: skipped` }]
  setPinPepper(Buffer.from(HISTORY_PIN_PEPPER, 'utf8'))
  const targets: Target[] = []
  try {
    for (const size of sizes) {
      const marker = await seedHistory(size, { log: (line) => console.log(`  ${line}`) })
      targets.push(await openTarget(size, marker))
    }
    await timeCalls(targets)
    const rows = callRows(targets)
    rows.push(...(await exportRows(targets)))
    rows.push({ call: `(${ROUNDS} rounds after ${WARM_UP} warm-up; cells: p50 / p95 ms (list total))` })
    return rows
  } finally {
    for (const target of targets) await closeTarget(target)
  }
}

export const HISTORY_TITLE =
  'History: 10k and 100k transactions per vendor (and 1M with BENCH_HISTORY=1m), PostgreSQL, real app in-process, sizes interleaved'

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.log(`\n## ${HISTORY_TITLE}`)
  console.table(await historyFigures())
}
