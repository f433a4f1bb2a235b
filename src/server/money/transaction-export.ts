import { and, desc, eq, gte, inArray, lt, lte, not, type SQL, sql } from 'drizzle-orm'

import { CSV_BOM, csvHeader, csvLines } from '#contract/csv'
import { TRANSACTION_EXPORT_COLUMNS, transactionsFileName } from '#contract/transactions-csv'

import type { Db } from '../db/client'
import { beforePosition, type KeysetPosition, positionOf } from '../db/keyset'
import { refunds } from '../db/sales-schema'
import { ledgerEntries, transactions } from '../db/schema'
import type { FileResult } from '../http/types'
import { netFiguresFromSums, refundOfEntry, sumOfPart } from './statement'
import { boundList, toTransaction, type TransactionFilters, walletScope } from './transaction-queries'

/**
 * Rows read per query while exporting (decision 159): about 250 KB of CSV, large enough that a year at 1M is a few
 * hundred short indexed reads, small enough that what is held at once stays flat whatever the export's size.
 */
export const EXPORT_CHUNK_ROWS = 1000

export type ExportFilters = Omit<TransactionFilters, 'page' | 'size'>

export interface ExportOptions {
  chunkRows?: number
  /** Told of a read that failed once the file has started (the client then sees a cut-off download). */
  onError?: (error: unknown) => void
}

/**
 * The time the net figures of an export read entries in: from startDate up to, not including, a millisecond after
 * endDate, as GET /analytics/net reads its range (netFiguresOf); either side open when the export leaves it out.
 */
function settledTime(filters: ExportFilters) {
  const end = filters.endDate ? new Date(filters.endDate).getTime() + 1 : undefined
  return {
    start: filters.startDate ? new Date(filters.startDate) : undefined,
    // A millisecond past 9999-12-31T23:59:59.999Z is year 10000, which PostgreSQL cannot read: that end is no end.
    end: end !== undefined && end < YEAR_10000 ? new Date(end) : undefined,
  }
}

const YEAR_10000 = Date.UTC(10_000, 0, 1)

/** The ledger entries the export's net figures read: the row's own wallet's, in the settled time (decision 194). */
function settledEntries(filters: ExportFilters): SQL {
  const { start, end } = settledTime(filters)
  return and(start ? gte(ledgerEntries.createdAt, start) : undefined, end ? lt(ledgerEntries.createdAt, end) : undefined) ?? sql`true`
}

/**
 * Each row's net figures in the range: its entries in its own wallet whose time is in the range, summed by the
 * statement's rule (NET_PARTS, decision 178), as a lateral subquery so a chunk stays one read. An aggregate always
 * answers one row: zeros for a row whose entries all fall outside the range.
 */
function settledOf(db: Db, filters: ExportFilters) {
  return db
    .select({
      grossSales: sumOfPart('grossSales').as('gross_sales'),
      refunds: sumOfPart('refunds').as('refunds'),
      fees: sumOfPart('fees').as('fees'),
    })
    .from(ledgerEntries)
    .leftJoin(refunds, refundOfEntry)
    .where(
      and(
        eq(ledgerEntries.vendorId, transactions.vendorId),
        eq(ledgerEntries.transactionId, transactions.id),
        eq(ledgerEntries.walletId, transactions.walletId),
        settledEntries(filters),
      ),
    )
    .as('settled')
}

/**
 * The export's conditions, read one after the other: the list's rows (its filters, its time), then, for a range,
 * the rows the same filters select at any other time that still moved money in the range (an earlier send whose
 * reversal landed in it): without them the file's figures would miss what the ledger counted (decision 194).
 */
async function exportConditions(db: Db, vendorId: string, filters: ExportFilters, chunkRows: number): Promise<SQL[]> {
  const bound = await boundList(db, vendorId, { ...filters, page: 1, size: chunkRows })
  const listed = bound.where ?? walletScope(vendorId, bound.scope)
  if (!(filters.startDate || filters.endDate) || !('walletId' in bound.scope)) return [listed]
  const anyTime = await boundList(db, vendorId, { ...filters, startDate: undefined, endDate: undefined, page: 1, size: chunkRows })
  const listedTime = and(
    filters.startDate ? gte(transactions.createdAt, new Date(filters.startDate)) : undefined,
    filters.endDate ? lte(transactions.createdAt, new Date(filters.endDate)) : undefined,
  )!
  // Driven by the wallet's entries in the range (ledger_entries_wallet_created_idx), as the net figures are.
  const movedInRange = db
    .select({ id: ledgerEntries.transactionId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.vendorId, vendorId), eq(ledgerEntries.walletId, bound.scope.walletId), settledEntries(filters)))
  const other = and(anyTime.where ?? walletScope(vendorId, anyTime.scope), not(listedTime), inArray(transactions.id, movedInRange))!
  return [listed, other]
}

/**
 * The main wallet's transactions the list's filters select, as the CSV file the app used to build (the columns of
 * transactions-csv.ts, Lagos times), newest first like the list, each with the net figures it made in the range
 * (decision 194). The list's own condition (listFilter through boundList, so a bad range is the same 422 and a
 * search the same index read), then keyset chunks ordered by (created_at desc, id desc): each chunk starts strictly
 * after the last row written, exact to the microsecond, so the thousandth chunk costs what the first does, where an
 * offset would sort and skip everything before it. A range's rows from before it that moved money in it (a
 * reversal) follow, read the same way: older than every row of the range, they keep the file newest first.
 *
 * The stream is pulled: a chunk is read only when the consumer asks for more (highWaterMark 0), so a slow client
 * holds the reads back and memory stays at one chunk; a client that goes away cancels the stream and the reads stop.
 * The first chunk is read before the stream is handed over, so anything that fails early is a normal JSON error.
 */
export async function exportTransactions(
  db: Db,
  vendorId: string,
  filters: ExportFilters,
  options: ExportOptions = {},
): Promise<FileResult> {
  const chunkRows = options.chunkRows ?? EXPORT_CHUNK_ROWS
  const conditions = await exportConditions(db, vendorId, filters, chunkRows)
  const settled = settledOf(db, filters)
  const readChunk = (condition: SQL, after: KeysetPosition | null) =>
    db
      .select({
        row: transactions,
        at: positionOf(transactions.createdAt),
        sums: { grossSales: settled.grossSales, refunds: settled.refunds, fees: settled.fees },
      })
      .from(transactions)
      .leftJoinLateral(settled, sql`true`)
      .where(after ? and(condition, beforePosition(transactions.createdAt, transactions.id, after)) : condition)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(chunkRows)

  const encoder = new TextEncoder()
  let phase = 0
  let first: Awaited<ReturnType<typeof readChunk>> | null = await readChunk(conditions[0]!, null)
  let after: KeysetPosition | null = null
  let cancelled = false
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          let text = first ? CSV_BOM + csvHeader(TRANSACTION_EXPORT_COLUMNS) : ''
          // Until a chunk gives lines or the file ends: a pull that enqueued nothing would leave its reader waiting.
          for (;;) {
            const rows = first ?? (await readChunk(conditions[phase]!, after))
            first = null
            // The client left while this chunk was read: nothing more is written, or read.
            if (cancelled) return
            text += csvLines(
              rows.map(({ row, sums }) => ({ ...toTransaction(row), settled: netFiguresFromSums(sums!) })),
              TRANSACTION_EXPORT_COLUMNS,
            )
            const last = rows.at(-1)
            if (last && rows.length === chunkRows) {
              after = { at: last.at, id: last.row.id }
              break
            }
            phase++
            after = null
            if (phase === conditions.length) {
              if (text) controller.enqueue(encoder.encode(text))
              controller.close()
              return
            }
            if (text) break
          }
          controller.enqueue(encoder.encode(text))
        } catch (error) {
          if (cancelled) return
          options.onError?.(error)
          controller.error(error)
        }
      },
      cancel() {
        cancelled = true
        first = null
      },
    },
    { highWaterMark: 0 },
  )
  return { body, fileName: transactionsFileName(filters) }
}
