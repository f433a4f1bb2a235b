import * as v from 'valibot'

import { id, kobo, localDate, signedKobo } from './common'
import { endpoint } from './endpoint'
import { dateRange } from './transactions'

/*
 * Statements and net figures (issue 42, decision 178): a wallet's ledger over Lagos days, with its opening and closing
 * balances, as a summary for the screen and as CSV and PDF files the server writes as it reads; and what was settled
 * (gross sales, refunds, fees, net) over a range, the same figures the statement totals.
 */

/** From the first Lagos day to the last, both whole days (Lagos midnight to Lagos midnight). */
export const statementDays = {
  from: localDate,
  to: localDate,
}

/**
 * What was settled in a range, from the wallet's ledger entries: gross sales (money paid in from banks), refunds
 * (sent back to payers), fees (transfer charges paid, less any a reversal returned), and net settled = gross sales −
 * refunds − fees. Kobo; refunds and fees fall below zero in a range where a reversal returns more than the range
 * took (a send made the day before, reversed in it), and net settled in any range whose refunds and fees pass its
 * sales (decision 194: declared non-negative, such a range broke the answer's schema). Credits are never reversed.
 */
export const NetFigures = v.object({
  grossSales: kobo,
  refunds: signedKobo,
  fees: signedKobo,
  netSettled: signedKobo,
})
export type NetFigures = v.InferOutput<typeof NetFigures>

export const NetFiguresInRange = v.object({ startDate: v.string(), endDate: v.string(), ...NetFigures.entries })
export type NetFiguresInRange = v.InferOutput<typeof NetFiguresInRange>

export const Statement = v.object({
  /** The wallet: 'Main wallet' or the outlet's name, with its account. */
  walletName: v.string(),
  accountNumber: v.nullable(v.string()),
  bankName: v.nullable(v.string()),
  from: v.string(),
  to: v.string(),
  /** The range as instants: Lagos midnight starting `from` and ending `to`. */
  startAt: v.string(),
  endAt: v.string(),
  openingBalance: kobo,
  /** Every ledger entry of the range credited or debited (a debit with its fee), so opening + in − out = closing. */
  moneyIn: kobo,
  moneyOut: kobo,
  closingBalance: kobo,
  /** Ledger entries in the range: the statement's lines. */
  entryCount: v.number(),
  ...NetFigures.entries,
})
export type Statement = v.InferOutput<typeof Statement>

export { STATEMENT_TOTAL_LABELS } from './statement-labels'

const outletId = id
const fileText = v.string()

export const statementEndpoints = {
  statement: endpoint({
    method: 'GET',
    path: '/statement',
    summary:
      "The main wallet's statement for Lagos days `from` to `to`: opening and closing balances, money in and out, fees, and the net figures.",
    permission: 'VENDOR_TRANSACTIONS',
    query: v.object(statementDays),
    response: Statement,
  }),
  statementCsv: endpoint({
    method: 'GET',
    path: '/statement/csv',
    summary: "The main wallet's statement as CSV: every ledger entry of the range with the running balance, streamed.",
    permission: 'VENDOR_TRANSACTIONS',
    query: v.object(statementDays),
    produces: 'text/csv',
    response: fileText,
  }),
  statementPdf: endpoint({
    method: 'GET',
    path: '/statement/pdf',
    summary: "The main wallet's statement as an A4 PDF, written page by page as the ledger is read.",
    permission: 'VENDOR_TRANSACTIONS',
    query: v.object(statementDays),
    produces: 'application/pdf',
    response: fileText,
  }),
  outletStatement: endpoint({
    method: 'GET',
    path: '/outlet/statement',
    summary: "An outlet wallet's statement (as GET /statement), for those who see the outlet.",
    permission: 'VENDOR_OUTLETS',
    query: v.object({ outletId, ...statementDays }),
    response: Statement,
    errors: ['NOT_FOUND'],
  }),
  outletStatementCsv: endpoint({
    method: 'GET',
    path: '/outlet/statement/csv',
    summary: "An outlet wallet's statement as CSV.",
    permission: 'VENDOR_OUTLETS',
    query: v.object({ outletId, ...statementDays }),
    produces: 'text/csv',
    response: fileText,
    errors: ['NOT_FOUND'],
  }),
  outletStatementPdf: endpoint({
    method: 'GET',
    path: '/outlet/statement/pdf',
    summary: "An outlet wallet's statement as an A4 PDF.",
    permission: 'VENDOR_OUTLETS',
    query: v.object({ outletId, ...statementDays }),
    produces: 'application/pdf',
    response: fileText,
    errors: ['NOT_FOUND'],
  }),
  netFigures: endpoint({
    method: 'GET',
    path: '/analytics/net',
    summary: "The main wallet's gross sales, refunds, fees and net settled over a date range, from its ledger.",
    permission: 'VENDOR_TRANSACTIONS',
    query: v.object(dateRange),
    response: NetFiguresInRange,
  }),
}

/** 'statement-main-2026-11-01-to-2026-11-30.csv': what the file holds, in Lagos days. */
export function statementFileName(wallet: string, days: { from: string; to: string }, extension: 'csv' | 'pdf'): string {
  const slug =
    wallet
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'wallet'
  return `statement-${slug}-${days.from}-to-${days.to}.${extension}`
}
