import { and, gte, lte, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { DAY_MS, HOUR_MS } from './clock'
import type { Db } from './db/client'
import { transactions } from './db/schema'
import { ApiError } from './errors'
import { mainWalletScope } from './transaction-queries'

/*
 * Vendors read days in Lagos time. Africa/Lagos is UTC+1 all year (no daylight saving), so a fixed offset is
 * exact, and the SQL does not depend on the database's time zone setting or its tz data.
 */
export const LAGOS_OFFSET_MS = HOUR_MS
const MAX_RANGE_DAYS = 366

/** The Lagos calendar day of an instant, yyyy-MM-dd (coupon dates are written in these). */
export function lagosDate(at: Date): string {
  return new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10)
}

export function startOfLagosDay(at: Date): Date {
  const local = at.getTime() + LAGOS_OFFSET_MS
  return new Date(local - (local % DAY_MS) - LAGOS_OFFSET_MS)
}

const rangeError = (field: 'startDate' | 'endDate', message: string) =>
  new ApiError(422, 'VALIDATION_FAILED', `${field}: ${message}`, { issues: [{ path: field, message }] })

/** The requested range, defaulting to today (Lagos) up to now; start ≤ end and at most 366 days. */
export function analyticsRange(query: { startDate?: string; endDate?: string }, now: Date) {
  const end = query.endDate ? new Date(query.endDate) : now
  const start = query.startDate ? new Date(query.startDate) : startOfLagosDay(end)
  if (start > end) throw rangeError('startDate', 'must not be after endDate')
  if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    throw rangeError('endDate', `must be at most ${MAX_RANGE_DAYS} days after startDate`)
  }
  return { start, end }
}

const inRange = (vendorId: string, start: Date, end: Date) =>
  and(mainWalletScope(vendorId), gte(transactions.createdAt, start), lte(transactions.createdAt, end))

const money = (condition: SQL, column: AnyPgColumn = transactions.amount) =>
  sql<number>`coalesce(sum(${column}) filter (where ${condition}), 0)::bigint`.mapWith(Number)
const tally = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number)
const successfulCredit = sql`${transactions.type} = 'credit' and ${transactions.status} = 'success'`
const successfulDebit = sql`${transactions.type} = 'debit' and ${transactions.status} = 'success'`

export async function transactionTotals(db: Db, vendorId: string, start: Date, end: Date) {
  const [totals] = await db
    .select({
      totalCredit: money(successfulCredit),
      totalDebit: money(successfulDebit),
      totalFees: money(successfulDebit, transactions.fee),
      creditCount: tally(successfulCredit),
      debitCount: tally(successfulDebit),
      successCount: tally(sql`${transactions.status} = 'success'`),
      pendingCount: tally(sql`${transactions.status} = 'pending'`),
      failedCount: tally(sql`${transactions.status} = 'failed'`),
    })
    .from(transactions)
    .where(inRange(vendorId, start, end))
  return { startDate: start.toISOString(), endDate: end.toISOString(), ...totals! }
}

/**
 * Successful credits and debits per bucket, every bucket present (zeros included) so a chart needs no gap logic:
 * hours for a range of a day or less, Lagos days otherwise. Buckets are numbered in SQL from the epoch shifted
 * to Lagos time, so grouping happens in the database and at most 367 rows come back.
 */
export async function transactionBreakdown(db: Db, vendorId: string, start: Date, end: Date) {
  const bucket = end.getTime() - start.getTime() <= DAY_MS ? ('hour' as const) : ('day' as const)
  const size = bucket === 'hour' ? HOUR_MS : DAY_MS
  const index = sql<number>`floor((extract(epoch from ${transactions.createdAt}) * 1000 + ${LAGOS_OFFSET_MS}) / ${size})`.mapWith(Number)
  const rows = await db
    .select({
      index,
      credit: money(successfulCredit),
      debit: money(successfulDebit),
      count: tally(sql`${transactions.status} = 'success'`),
    })
    .from(transactions)
    .where(inRange(vendorId, start, end))
    .groupBy(sql`1`)
  const byIndex = new Map(rows.map((row) => [row.index, row]))
  const first = Math.floor((start.getTime() + LAGOS_OFFSET_MS) / size)
  const last = Math.floor((end.getTime() + LAGOS_OFFSET_MS) / size)
  const points = []
  for (let i = first; i <= last; i++) {
    const lagos = new Date(i * size).toISOString()
    const row = byIndex.get(i)
    points.push({
      label: bucket === 'hour' ? lagos.slice(11, 16) : lagos.slice(0, 10),
      start: new Date(i * size - LAGOS_OFFSET_MS).toISOString(),
      credit: row?.credit ?? 0,
      debit: row?.debit ?? 0,
      count: row?.count ?? 0,
    })
  }
  return { bucket, points }
}
