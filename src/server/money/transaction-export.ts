import { and, desc } from 'drizzle-orm'

import { CSV_BOM, csvHeader, csvLines } from '#contract/csv'
import { TRANSACTION_CSV_COLUMNS, transactionsFileName } from '#contract/transactions-csv'

import type { Db } from '../db/client'
import { beforePosition, type KeysetPosition, positionOf } from '../db/keyset'
import { transactions } from '../db/schema'
import type { FileResult } from '../http/types'
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
 * The main wallet's transactions the list's filters select, as the CSV file the app used to build (the columns of
 * transactions-csv.ts, Lagos times), newest first like the list. The list's own condition (listFilter through
 * boundList, so a bad range is the same 422 and a search the same index read), then keyset chunks ordered by
 * (created_at desc, id desc): each chunk starts strictly after the last row written, exact to the microsecond, so
 * the thousandth chunk costs what the first does, where an offset would sort and skip everything before it.
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
  const bound = await boundList(db, vendorId, { ...filters, page: 1, size: chunkRows })
  const condition = bound.where ?? walletScope(vendorId, bound.scope)
  const readChunk = (after: KeysetPosition | null) =>
    db
      .select({ row: transactions, at: positionOf(transactions.createdAt) })
      .from(transactions)
      .where(after ? and(condition, beforePosition(transactions.createdAt, transactions.id, after)) : condition)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(chunkRows)

  const encoder = new TextEncoder()
  let first: Awaited<ReturnType<typeof readChunk>> | null = await readChunk(null)
  let after: KeysetPosition | null = null
  let cancelled = false
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const rows = first ?? (await readChunk(after))
          const head = first ? CSV_BOM + csvHeader(TRANSACTION_CSV_COLUMNS) : ''
          first = null
          // The client left while this chunk was read: nothing more is written, or read.
          if (cancelled) return
          const text =
            head +
            csvLines(
              rows.map(({ row }) => toTransaction(row)),
              TRANSACTION_CSV_COLUMNS,
            )
          if (text) controller.enqueue(encoder.encode(text))
          const last = rows.at(-1)
          if (!last || rows.length < chunkRows) controller.close()
          else after = { at: last.at, id: last.row.id }
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
