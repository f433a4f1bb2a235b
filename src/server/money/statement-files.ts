import { CSV_BOM, csvHeader, csvLines } from '#contract/csv'
import { STATEMENT_CSV_COLUMNS, type StatementCsvRow } from '#contract/statement-csv'
import { type Statement, STATEMENT_TOTAL_LABELS, statementFileName } from '#contract/statements'

import type { Db } from '../db/client'
import type { FileResult } from '../http/types'
import type { DocumentBusiness } from '../pdf/document-parts'
import { storedPdfImage } from '../pdf/pdf-images'
import type { Storage } from '../storage'
import { businessDetails } from '../vendor/business'
import { type StatementEdges, type StatementLine, statementLines, statementSummary, type StatementWallet } from './statement'
import { StatementPdf } from './statement-pdf'

/*
 * A statement as a file (decision 178): the summary first (one aggregate over the range's entries, the same figures
 * the screen shows), then the lines chunk after chunk, each rendered and handed to the stream before the next is read.
 * Pulled like the transactions export (decision 159): a chunk is read only when the client has taken the last one,
 * a client that goes away stops the reads, and anything that fails before the first byte is a JSON error.
 */

export interface StatementFileInput {
  vendorId: string
  of: StatementWallet
  edges: StatementEdges
  /** The outlet's address, for an outlet's statement. */
  address?: string | null
  now: Date
  chunkRows?: number
  onError?: (error: unknown) => void
}

const encoder = new TextEncoder()

/**
 * A stream whose every pull asks `next` for the next piece (null: the end). `next` runs once before the stream is
 * handed over, so a failure there is the caller's to answer.
 */
async function pulledFile(next: () => Promise<Uint8Array | null>, onError?: (error: unknown) => void) {
  let first: Uint8Array | null = await next()
  let cancelled = false
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const piece = first ?? (await next())
          first = null
          if (cancelled) return
          if (piece) controller.enqueue(piece)
          else controller.close()
        } catch (error) {
          if (cancelled) return
          onError?.(error)
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
}

function csvRowOf(line: StatementLine): StatementCsvRow {
  return {
    at: line.at.toISOString(),
    reference: line.reference,
    description: line.description,
    status: line.status,
    moneyIn: line.amount > 0 ? line.amount : undefined,
    moneyOut: line.amount < 0 ? -line.amount : undefined,
    fee: line.fee || undefined,
    balance: line.balance,
    narration: line.narration,
  }
}

function csvTotals(s: Statement): StatementCsvRow[] {
  const L = STATEMENT_TOTAL_LABELS
  return [
    { at: new Date(Date.parse(s.endAt) - 1).toISOString(), description: L.closingBalance, balance: s.closingBalance },
    { at: '', description: L.moneyIn, moneyIn: s.moneyIn },
    { at: '', description: L.moneyOut, moneyOut: s.moneyOut },
    { at: '', description: L.fees, fee: s.fees },
    { at: '', description: L.grossSales, moneyIn: s.grossSales },
    { at: '', description: L.refunds, moneyOut: s.refunds },
    { at: '', description: L.netSettled, balance: s.netSettled },
  ]
}

export async function statementCsv(db: Db, input: StatementFileInput): Promise<FileResult> {
  const summary = await statementSummary(db, input.vendorId, input.of, input.edges)
  const read = statementLines(db, input.vendorId, input.of.wallet.id, input.edges, input.chunkRows)
  let stage: 'head' | 'lines' | 'done' = 'head'
  const body = await pulledFile(async () => {
    if (stage === 'done') return null
    if (stage === 'head') {
      stage = 'lines'
      const opening: StatementCsvRow = {
        at: summary.startAt,
        description: STATEMENT_TOTAL_LABELS.openingBalance,
        balance: summary.openingBalance,
      }
      return encoder.encode(CSV_BOM + csvHeader(STATEMENT_CSV_COLUMNS) + csvLines([opening], STATEMENT_CSV_COLUMNS))
    }
    const lines = await read()
    if (lines) return encoder.encode(csvLines(lines.map(csvRowOf), STATEMENT_CSV_COLUMNS))
    stage = 'done'
    return encoder.encode(csvLines(csvTotals(summary), STATEMENT_CSV_COLUMNS))
  }, input.onError)
  return { body, fileName: statementFileName(input.of.name, summary, 'csv') }
}

/** The business as a statement heads it: name, contact (and the outlet's address), logo when it can be drawn. */
export async function statementBusiness(db: Db, storage: Storage, vendorId: string, address?: string | null): Promise<DocumentBusiness> {
  const business = await businessDetails(db, vendorId)
  // An outlet's statement prints its outlet's address; the main wallet's the business address from Settings (191).
  const contact = [business.email, business.phone].filter(Boolean).join(' · ')
  return {
    name: business.name,
    lines: [address ?? business.address, contact].filter((line): line is string => Boolean(line)),
    logo: await storedPdfImage(storage, business.logoKey),
  }
}

export async function statementPdf(db: Db, storage: Storage, input: StatementFileInput): Promise<FileResult> {
  const summary = await statementSummary(db, input.vendorId, input.of, input.edges)
  const business = await statementBusiness(db, storage, input.vendorId, input.address)
  const read = statementLines(db, input.vendorId, input.of.wallet.id, input.edges, input.chunkRows)
  let pieces: Uint8Array[] = []
  const pdf = new StatementPdf((bytes) => pieces.push(bytes), business, summary, input.now)
  let done = false
  const body = await pulledFile(async () => {
    if (done && !pieces.length) return null
    // Until a page is full, a chunk of lines writes nothing: read on rather than hand over an empty piece.
    while (!pieces.length && !done) {
      const lines = await read()
      if (lines) pdf.add(lines)
      else {
        pdf.end()
        done = true
      }
    }
    const piece = Buffer.concat(pieces)
    pieces = []
    return piece
  }, input.onError)
  return { body, fileName: statementFileName(input.of.name, summary, 'pdf') }
}
