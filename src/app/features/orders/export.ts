import { type CsvColumn, dateColumn, fileNameDay, toCsv } from '#contract/csv'
import { koboToNairaInput } from '#contract/naira'
import type { OrderSummary } from '#contract/orders'

import type { OrderFilters } from './search'

// Amounts are plain naira with two decimals ('1500.50') made from kobo as text, never through floats, and without
// the naira sign or grouping commas, so that a spreadsheet reads them as numbers. toCsv quotes and neutralises
// text a stranger typed (a customer's name).
export const ORDER_CSV_COLUMNS: readonly CsvColumn<OrderSummary>[] = [
  dateColumn('Date', (o) => o.createdAt),
  { header: 'Reference', value: (o) => o.reference },
  { header: 'Kind', value: (o) => o.kind },
  { header: 'Status', value: (o) => o.status },
  { header: 'Customer', value: (o) => o.customer?.name },
  { header: 'Items', value: (o) => o.itemCount },
  { header: 'Amount', value: (o) => koboToNairaInput(o.amount) },
  { header: 'Amount paid', value: (o) => koboToNairaInput(o.amountPaid) },
  // A partial refund leaves the status as it was (decision 089): this column is where a spreadsheet sees it.
  { header: 'Amount refunded', value: (o) => koboToNairaInput(o.amountRefunded) },
  { header: 'Currency', value: (o) => o.currency },
  { header: 'Shareable', value: (o) => (o.isShareable ? 'yes' : 'no') },
  dateColumn('Updated', (o) => o.updatedAt),
]

export function ordersCsv(rows: readonly OrderSummary[]): string {
  return toCsv(rows, ORDER_CSV_COLUMNS)
}

/**
 * 'orders-2026-10-24-to-2026-11-22-paid.csv' (or 'invoices-…'): the file says what it holds, the Lagos days of its
 * range and the status chosen (issue 22), as the transactions export does.
 */
export function exportFileName(filters: Pick<OrderFilters, 'kind' | 'startDate' | 'endDate' | 'status'>): string {
  const parts = [filters.kind === 'invoice' ? 'invoices' : 'orders', fileNameDay(filters.startDate), 'to', fileNameDay(filters.endDate)]
  if (filters.status) parts.push(filters.status)
  return `${parts.join('-')}.csv`
}
