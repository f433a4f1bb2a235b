import { sql } from 'drizzle-orm'
import pg from 'pg'

import type { Db } from '../db/client'
import type { AppDeps } from '../deps'
import type { AppMetrics } from './app-metrics'

type Rows<T> = { rows: T[] }

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows
}

/**
 * The gauges of shared state, read when Prometheus asks: the job queue (every kind, the message queue's
 * 'send-message' included) and pending transfers are the database's, so any process answers the same numbers.
 * Each gauge is emptied first, so a kind that left the table leaves the output too.
 */
export async function refreshGauges(deps: Pick<AppDeps, 'db' | 'clock' | 'events'>, metrics: AppMetrics): Promise<void> {
  const { db } = deps
  const now = deps.clock.now().toISOString()
  const started = performance.now()
  const [jobRows, dueRows, pendingRows] = await Promise.all([
    rows<{ kind: string; state: string; count: number }>(
      db,
      sql`select kind, state, count(*)::int as count from jobs group by kind, state`,
    ),
    rows<{ kind: string; seconds: number }>(
      db,
      sql`select kind, extract(epoch from (${now}::timestamptz - min(run_at)))::float8 as seconds
          from jobs where state = 'pending' and run_at <= ${now}::timestamptz group by kind`,
    ),
    // The literal 'pending' lets the planner use the partial index transactions_pending_idx, as recovery does.
    rows<{ count: number; seconds: number | null }>(
      db,
      sql`select count(*)::int as count, extract(epoch from (${now}::timestamptz - min(created_at)))::float8 as seconds
          from transactions where status = 'pending' and type = 'debit'`,
    ),
  ])
  metrics.dbScrapeQuery.set((performance.now() - started) / 1000)

  metrics.jobs.reset()
  metrics.jobsOldestDue.reset()
  for (const row of jobRows) {
    metrics.jobs.set({ kind: row.kind, state: row.state }, Number(row.count))
    if (row.state === 'pending') metrics.jobsOldestDue.set({ kind: row.kind }, 0)
  }
  for (const row of dueRows) metrics.jobsOldestDue.set({ kind: row.kind }, Math.max(0, Number(row.seconds)))

  const pending = pendingRows[0]
  metrics.transfersPending.set({ provider: metrics.provider }, Number(pending?.count ?? 0))
  metrics.transfersPendingOldest.set({ provider: metrics.provider }, Math.max(0, Number(pending?.seconds ?? 0)))

  metrics.dbPool.reset()
  // drizzle keeps the driver's client: a pg Pool for PostgreSQL, the one PGlite instance otherwise.
  const client = (db as unknown as { $client?: unknown }).$client
  if (client instanceof pg.Pool) {
    metrics.dbPool.set({ state: 'total' }, client.totalCount)
    metrics.dbPool.set({ state: 'idle' }, client.idleCount)
    metrics.dbPool.set({ state: 'waiting' }, client.waitingCount)
    metrics.dbPool.set({ state: 'max' }, client.options.max ?? 10)
  } else {
    metrics.dbPool.set({ state: 'total' }, 1)
  }

  metrics.eventStreams.set(deps.events.size)
}
