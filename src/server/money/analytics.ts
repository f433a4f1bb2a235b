import { and, eq, gt, gte, lt, lte, type SQL, sql } from 'drizzle-orm'

import { LAGOS_OFFSET_MS, lagosBuckets } from '../analytics'
import { DAY_MS } from '../clock'
import type { Db } from '../db/client'
import { transactionDayTotals, transactions, wallets } from '../db/schema'
import { mainWalletScope } from './transaction-queries'

/*
 * The transaction screens' totals and chart: successful money in and out of the main wallet over [start, end], both
 * inclusive. A range of a day or less (today, an hour) is read from its rows. A longer one would read every row of
 * a month or a year (42,000 rows a month for a busy vendor), so its whole Lagos days come from
 * transaction_day_totals (a row per day, kept by triggers on transactions, decision 161) and each edge day from its
 * rows, whichever side of the range's edge is shorter: the day's rows inside the range added to the days after it,
 * or the whole day's totals with the rows outside the range taken away. At most half a day's rows per edge; the
 * answers are exactly what the rows alone give.
 */

const successfulCredit = sql`${transactions.type} = 'credit' and ${transactions.status} = 'success'`
const successfulDebit = sql`${transactions.type} = 'debit' and ${transactions.status} = 'success'`

/** Rows of the main wallet where `within`, per bucket (`index`), as figures signed by `sign` (columns as the table's). */
function rowFigures(vendorId: string, index: SQL, sign: 1 | -1, within: SQL): SQL {
  const money = (column: SQL, condition: SQL) => sql`${sign}::integer * coalesce(sum(${column}) filter (where ${condition}), 0)`
  const tally = (condition: SQL) => sql`${sign}::integer * count(*) filter (where ${condition})`
  return sql`select ${index}::integer as index,
      ${money(sql`${transactions.amount}`, successfulCredit)} as credit_amount, ${tally(successfulCredit)} as credit_count,
      ${money(sql`${transactions.amount}`, successfulDebit)} as debit_amount,
      ${money(sql`${transactions.fee}`, successfulDebit)} as debit_fees, ${tally(successfulDebit)} as debit_count,
      ${tally(sql`${transactions.status} = 'success'`)} as success_count,
      ${tally(sql`${transactions.status} = 'pending'`)} as pending_count,
      ${tally(sql`${transactions.status} = 'failed'`)} as failed_count
    from ${transactions} where ${and(mainWalletScope(vendorId), within)} group by 1`
}

/** The main wallet's day totals from Lagos day number `from` to `to` (empty when from > to), bucketed by day. */
function dayFigures(vendorId: string, from: number, to: number): SQL {
  const t = transactionDayTotals
  const date = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)
  const mainWallet = sql`(select ${wallets.id} from ${wallets} where ${wallets.vendorId} = ${vendorId} and ${wallets.kind} = 'main' and ${wallets.outletId} is null)`
  return sql`select (${t.day} - date '1970-01-01')::integer as index, ${t.creditAmount} as credit_amount,
      ${t.creditCount} as credit_count, ${t.debitAmount} as debit_amount, ${t.debitFees} as debit_fees,
      ${t.debitCount} as debit_count, ${t.successCount} as success_count, ${t.pendingCount} as pending_count,
      ${t.failedCount} as failed_count
    from ${t} where ${eq(t.vendorId, vendorId)} and ${t.walletId} = ${mainWallet}
      and ${t.day} between ${date(from)}::date and ${date(to)}::date`
}

/** Everything [start, end] holds as signed parts per bucket of lagosBuckets(start, end): summed, they are the range. */
function rangeParts(vendorId: string, start: Date, end: Date): SQL {
  const buckets = lagosBuckets(start, end)
  const index = buckets.index(transactions.createdAt)
  const at = transactions.createdAt
  if (buckets.bucket === 'hour') return rowFigures(vendorId, index, 1, and(gte(at, start), lte(at, end))!)
  // Longer than a day, so the last day comes after the first and the days between (possibly none) are whole.
  const dayOf = (instant: Date) => Math.floor((instant.getTime() + LAGOS_OFFSET_MS) / DAY_MS)
  const dayStart = (day: number) => new Date(day * DAY_MS - LAGOS_OFFSET_MS)
  const [first, last] = [dayOf(start), dayOf(end)]
  let [from, to] = [first, last]
  const edges: SQL[] = []
  if (start > dayStart(first)) {
    if (start.getTime() - dayStart(first).getTime() <= DAY_MS / 2) {
      edges.push(rowFigures(vendorId, index, -1, and(gte(at, dayStart(first)), lt(at, start))!))
    } else {
      from = first + 1
      edges.push(rowFigures(vendorId, index, 1, and(gte(at, start), lt(at, dayStart(first + 1)))!))
    }
  }
  // Always a part: even `end` at a day's last millisecond leaves the microseconds after it, which rows can hold.
  if (dayStart(last + 1).getTime() - end.getTime() <= DAY_MS / 2) {
    edges.push(rowFigures(vendorId, index, -1, and(gt(at, end), lt(at, dayStart(last + 1)))!))
  } else {
    to = last - 1
    edges.push(rowFigures(vendorId, index, 1, and(gte(at, dayStart(last)), lte(at, end))!))
  }
  return sql.join([dayFigures(vendorId, from, to), ...edges], sql` union all `)
}

type Rows<Row> = { rows: Row[] }

export async function transactionTotals(db: Db, vendorId: string, start: Date, end: Date) {
  const { rows } = (await db.execute(sql`
    select coalesce(sum(credit_amount), 0)::bigint as "totalCredit", coalesce(sum(debit_amount), 0)::bigint as "totalDebit",
      coalesce(sum(debit_fees), 0)::bigint as "totalFees", coalesce(sum(credit_count), 0)::bigint as "creditCount",
      coalesce(sum(debit_count), 0)::bigint as "debitCount", coalesce(sum(success_count), 0)::bigint as "successCount",
      coalesce(sum(pending_count), 0)::bigint as "pendingCount", coalesce(sum(failed_count), 0)::bigint as "failedCount"
    from (${rangeParts(vendorId, start, end)}) as parts`)) as unknown as Rows<Record<string, unknown>>
  const totals = Object.fromEntries(Object.entries(rows[0]!).map(([name, value]) => [name, Number(value)]))
  return {
    startDate: start.toISOString(),
    endDate: end.toISOString(),
    totalCredit: totals.totalCredit!,
    totalDebit: totals.totalDebit!,
    totalFees: totals.totalFees!,
    creditCount: totals.creditCount!,
    debitCount: totals.debitCount!,
    successCount: totals.successCount!,
    pendingCount: totals.pendingCount!,
    failedCount: totals.failedCount!,
  }
}

/** Successful credits and debits per bucket (lagosBuckets). */
export async function transactionBreakdown(db: Db, vendorId: string, start: Date, end: Date) {
  const buckets = lagosBuckets(start, end)
  const { rows } = (await db.execute(sql`
    select index, sum(credit_amount)::bigint as credit, sum(debit_amount)::bigint as debit, sum(success_count)::bigint as count
    from (${rangeParts(vendorId, start, end)}) as parts group by index`)) as unknown as Rows<Record<string, unknown>>
  const byIndex = new Map(rows.map((row) => [Number(row.index), row]))
  const points = buckets.points().map(({ index, label, start: at }) => {
    const row = byIndex.get(index)
    return { label, start: at, credit: Number(row?.credit ?? 0), debit: Number(row?.debit ?? 0), count: Number(row?.count ?? 0) }
  })
  return { bucket: buckets.bucket, points }
}
