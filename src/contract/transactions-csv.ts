import { type CsvColumn, dateColumn, fileNameDay } from './csv'
import { koboToNairaInput } from './naira'
import { STATEMENT_TOTAL_LABELS } from './statement-labels'
import type { NetFigures } from './statements'
import type { Transaction } from './transactions'

/*
 * The transactions export's columns and file name: the server writes the file (GET /transaction/export, decisions
 * 159 and 194) and the app names rows' other side with counterparty. Kept apart from transactions.ts so the app's bundle
 * takes these without the endpoint table's schemas, and the server's file cannot drift from what the app wrote.
 */

/** The other side of a transaction: who paid in for a credit, who was paid for a debit. */
export function counterparty(t: Transaction): { name: string | null; bank: string | null; account: string | null } {
  return t.type === 'credit'
    ? { name: t.originatorAccountName, bank: t.originatorBankName, account: t.originatorAccountNumber }
    : { name: t.beneficiaryAccountName, bank: t.beneficiaryBankName, account: t.beneficiaryAccountNumber }
}

// Amounts are plain decimals ('1500.50') made from kobo as text, never through floats, and without the naira
// sign or grouping commas, so that a spreadsheet reads them as numbers.
export const TRANSACTION_CSV_COLUMNS: readonly CsvColumn<Transaction>[] = [
  dateColumn('Date', (t) => t.createdAt),
  { header: 'Reference', value: (t) => t.reference },
  { header: 'Type', value: (t) => t.type },
  { header: 'Status', value: (t) => t.status },
  { header: 'Amount', value: (t) => koboToNairaInput(t.amount) },
  { header: 'Fee', value: (t) => koboToNairaInput(t.fee) },
  { header: 'Currency', value: (t) => t.currency },
  { header: 'Counterparty name', value: (t) => counterparty(t).name },
  { header: 'Counterparty bank', value: (t) => counterparty(t).bank },
  { header: 'Counterparty account number', value: (t) => counterparty(t).account },
  { header: 'Session ID', value: (t) => t.sessionId },
  { header: 'Narration', value: (t) => t.narration },
  { header: 'Customer', value: (t) => t.customerName },
  { header: 'POS', value: (t) => (t.isPOSTransaction ? 'yes' : 'no') },
  { header: 'Order reference', value: (t) => t.orderReference },
]

/** A row of the export: the transaction, and the net figures its ledger entries make in the export's range. */
export type SettledTransaction = Transaction & { settled: NetFigures }

/**
 * The export's columns (decision 194): the transaction's, as they were, then what the row settled in the export's
 * range, headed as the screens' net figures. Each column sums over the file to that figure for the range (GET
 * /analytics/net): a sale's gross sales are its amount, a send's fees its fee, a reversal gives its fee (and a
 * refund's amount) back as a negative; net settled = gross sales − refunds − fees.
 */
export const TRANSACTION_EXPORT_COLUMNS: readonly CsvColumn<SettledTransaction>[] = [
  ...TRANSACTION_CSV_COLUMNS,
  { header: STATEMENT_TOTAL_LABELS.grossSales, value: (t) => koboToNairaInput(t.settled.grossSales) },
  { header: STATEMENT_TOTAL_LABELS.refunds, value: (t) => koboToNairaInput(t.settled.refunds) },
  { header: STATEMENT_TOTAL_LABELS.fees, value: (t) => koboToNairaInput(t.settled.fees) },
  { header: STATEMENT_TOTAL_LABELS.netSettled, value: (t) => koboToNairaInput(t.settled.netSettled) },
]

/** 'transactions-2026-11-16-to-2026-11-22-pending-credit.csv': the file says what it holds, in Lagos days. */
export function transactionsFileName(filters: { startDate?: string; endDate?: string; status?: string; type?: string }): string {
  const parts = ['transactions', fileNameDay(filters.startDate), 'to', fileNameDay(filters.endDate)]
  if (filters.status) parts.push(filters.status)
  if (filters.type) parts.push(filters.type)
  return `${parts.join('-')}.csv`
}
