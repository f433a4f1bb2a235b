import { and, gte, lte, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

import { lagosBuckets } from '../analytics'
import type { Db } from '../db/client'
import { transactions } from '../db/schema'
import { mainWalletScope } from './transaction-queries'

/* The transaction screens' totals and chart: successful money in and out of the main wallet over a range. */

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

/** Successful credits and debits per bucket (lagosBuckets). */
export async function transactionBreakdown(db: Db, vendorId: string, start: Date, end: Date) {
  const buckets = lagosBuckets(start, end)
  const rows = await db
    .select({
      index: buckets.index(transactions.createdAt),
      credit: money(successfulCredit),
      debit: money(successfulDebit),
      count: tally(sql`${transactions.status} = 'success'`),
    })
    .from(transactions)
    .where(inRange(vendorId, start, end))
    .groupBy(sql`1`)
  const byIndex = new Map(rows.map((row) => [row.index, row]))
  const points = buckets.points().map(({ index, label, start: at }) => {
    const row = byIndex.get(index)
    return { label, start: at, credit: row?.credit ?? 0, debit: row?.debit ?? 0, count: row?.count ?? 0 }
  })
  return { bucket: buckets.bucket, points }
}
