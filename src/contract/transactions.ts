import * as v from 'valibot'

import { cursorQuery, id, isoDate, keysetPage, kobo, MAX_ID_LENGTH, pageQuery, queryBool } from './common'
import { endpoint } from './endpoint'
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from './statuses'

export { TRANSACTION_STATUSES, TRANSACTION_TYPES } from './statuses'

/**
 * A transfer between two of the vendor's own wallets (main ↔ outlet), seen from the row's wallet: the main
 * wallet's row names the outlet on the other side, the outlet's row names the main wallet. Its narration is what
 * the user typed, if anything (decision 112).
 */
export const InternalTransfer = v.object({
  counterparty: v.picklist(['main', 'outlet']),
  outletId: v.string(),
  /** The outlet's name when the transfer was made, as a bank statement keeps a payer's name. */
  outletName: v.string(),
})
export type InternalTransfer = v.InferOutput<typeof InternalTransfer>

export const Transaction = v.object({
  id: v.string(),
  status: v.picklist(TRANSACTION_STATUSES),
  type: v.picklist(TRANSACTION_TYPES),
  /** Kobo. For a debit, what left the wallet excluding the fee. */
  amount: kobo,
  fee: kobo,
  currency: v.string(),
  reference: v.string(),
  /** The 30-digit NIP session ID of an interbank transfer, once the bank has given one. */
  sessionId: v.nullable(v.string()),
  narration: v.nullable(v.string()),
  originatorAccountName: v.nullable(v.string()),
  originatorBankName: v.nullable(v.string()),
  originatorAccountNumber: v.nullable(v.string()),
  beneficiaryAccountName: v.nullable(v.string()),
  beneficiaryBankName: v.nullable(v.string()),
  beneficiaryAccountNumber: v.nullable(v.string()),
  customerId: v.nullable(v.string()),
  customerName: v.nullable(v.string()),
  outletId: v.nullable(v.string()),
  /** Set on a transfer between the main wallet and an outlet's; null on money to or from a bank. */
  internalTransfer: v.nullable(InternalTransfer),
  /** What the bank answered when a transfer failed; null otherwise. */
  failureReason: v.nullable(v.string()),
  hasMatchingOrder: v.boolean(),
  hasShareableOrder: v.boolean(),
  orderReference: v.nullable(v.string()),
  /**
   * The order whose own account this credit was paid into after that account closed (decision 147), while the
   * credit is still unmatched: the vendor attaches it (Attach to order, Create order, or Mark as POS). Null otherwise.
   */
  unattachedOrderReference: v.nullable(v.string()),
  isOffline: v.boolean(),
  isPOSTransaction: v.boolean(),
  createdAt: v.string(),
  updatedAt: v.string(),
})
export type Transaction = v.InferOutput<typeof Transaction>

/** A date range for lists and analytics: ISO instants, start ≤ end (checked by the server). */
export const dateRange = {
  startDate: v.optional(isoDate),
  endDate: v.optional(isoDate),
}

/** What a wallet's transaction list filters on: the main wallet's list and each outlet's alike. */
export const transactionFilters = {
  status: v.optional(v.picklist(TRANSACTION_STATUSES, 'must be success, pending or failed')),
  type: v.optional(v.picklist(TRANSACTION_TYPES, 'must be credit or debit')),
  customerId: v.optional(id),
  reference: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(MAX_ID_LENGTH, 'is too long'))),
  /**
   * "Did this payment arrive?": one box for part of what a row shows, any case (the other side's name on a credit or
   * a debit, the reference, the narration), or an amount typed as naira ('5000', '5,000', '₦5,000.50': that exact
   * amount). Decision 130.
   */
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'is too long'))),
  /** Only credits paid into an order's account after it closed and not yet matched (decision 147). */
  unattached: v.optional(queryBool),
  ...dateRange,
}

export const TransactionAnalytics = v.object({
  startDate: v.string(),
  endDate: v.string(),
  totalCredit: kobo,
  totalDebit: kobo,
  totalFees: kobo,
  creditCount: v.number(),
  debitCount: v.number(),
  successCount: v.number(),
  pendingCount: v.number(),
  failedCount: v.number(),
})

/** One bucket of the breakdown chart: a local day (yyyy-MM-dd, Africa/Lagos) or an hour for a one-day range. */
export const TransactionBreakdown = v.object({
  bucket: v.picklist(['hour', 'day']),
  points: v.array(v.object({ label: v.string(), start: v.string(), credit: kobo, debit: kobo, count: v.number() })),
})

export const transactionEndpoints = {
  listTransactions: endpoint({
    method: 'GET',
    path: '/transaction',
    summary:
      "The main wallet's transactions, newest first, filtered by status, type, customer, reference, date and a search (an amount in naira, or part of what a row shows: the other side's name, the reference, the narration). A filtered total stops at 10,000 (totalCapped); `cursor` (a previous answer's nextCursor) reads the next page however deep.",
    permission: 'VENDOR_TRANSACTIONS',
    query: v.object({ ...pageQuery, ...cursorQuery, ...transactionFilters }),
    response: keysetPage(Transaction),
  }),
  exportTransactions: endpoint({
    method: 'GET',
    path: '/transaction/export',
    summary:
      "Every transaction the list's filters select, as one CSV file (the columns of transactions-csv.ts, times in Lagos), newest first, streamed as it is read: a year is one request. Each row ends with the net figures it settled in the range (Gross sales, Refunds, Fees, Net settled), whose column totals are GET /analytics/net's for the same range; after the range's rows come earlier ones whose reversal falls in it.",
    permission: 'VENDOR_TRANSACTIONS',
    query: v.object(transactionFilters),
    produces: 'text/csv',
    /** The file's text: a byte order mark, the header line, then one CRLF-ended line per transaction. */
    response: v.string(),
  }),
  transactionDetail: endpoint({
    method: 'GET',
    path: '/transaction/single',
    summary: 'One transaction of the main wallet by id or reference.',
    permission: 'VENDOR_TRANSACTIONS',
    query: v.pipe(
      v.object({ id: v.optional(id), reference: v.optional(id) }),
      v.check((q) => Boolean(q.id || q.reference), 'id or reference is required'),
    ),
    response: Transaction,
    errors: ['NOT_FOUND'],
  }),
  markPos: endpoint({
    method: 'PATCH',
    path: '/transaction/pos',
    summary: 'Mark an offline credit with no matching order as a POS transaction. Only once (409 otherwise).',
    permission: 'VENDOR_TRANSACTIONS',
    body: v.object({ id }),
    response: Transaction,
    errors: ['NOT_FOUND', 'NOT_MARKABLE_AS_POS'],
  }),
  transactionAnalytics: endpoint({
    method: 'GET',
    path: '/analytics/transaction',
    summary: 'Totals of successful credits and debits (kobo) and counts by status over a date range.',
    permission: 'VENDOR_TRANSACTIONS',
    query: v.object(dateRange),
    response: TransactionAnalytics,
  }),
  transactionBreakdown: endpoint({
    method: 'GET',
    path: '/analytics/transaction/breakdown',
    summary: 'Successful credits and debits per hour (one day) or per day (longer ranges), for the chart.',
    permission: 'VENDOR_TRANSACTIONS',
    query: v.object(dateRange),
    response: TransactionBreakdown,
  }),
}
