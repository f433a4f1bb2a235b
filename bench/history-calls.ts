import { durationRange, toIsoDate } from '#app/lib/date-range'
import type { EndpointDef } from '#contract/endpoint'
import { transactionEndpoints } from '#contract/transactions'

/*
 * What bench/history.ts times at every size: each list, search, count, detail and analytics call the transactions,
 * orders and customers screens make, as the app makes them (its page sizes, Lagos-day ranges), and the issue's
 * slow calls with no date range. Ranges are taken from the seed's anchor (the end of a Lagos day), so "today" is a
 * whole day of 1,400 transactions at every size.
 */

export interface Samples {
  anchor: Date
  /** A transaction from the middle of the vendor's history (its id and reference). */
  transactionId: string
  reference: string
  /** An order from the middle of the history. */
  orderReference: string
  bigCustomerId: string
  /** `/transaction?…` for page 50 of 100: by cursor when the list hands one out, else by `page=50`. */
  deepPage: string
}

export interface HistoryCall {
  name: string
  path: (samples: Samples) => string
}

/** The app's page size on the transactions screen (features/transactions/queries.ts LIST_PAGE_SIZE). */
export const TRANSACTIONS_PAGE = 100
/** What a cashier types: a first name (about 1 row in 20) and a price (about 1 credit in 200). */
export const NAME_SEARCH = 'ngozi'
export const AMOUNT_SEARCH = '15000'

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
      .map(([k, v]) => [k, String(v)]),
  )
const today = (s: Samples) => durationRange('TODAY', s.anchor)
const lastMonth = (s: Samples) => durationRange('LAST_MONTH', s.anchor)
const transactions = (params: Record<string, string | number | undefined>) =>
  `/transaction?${query({ page: 1, size: TRANSACTIONS_PAGE, ...params })}`

export const HISTORY_CALLS: HistoryCall[] = [
  { name: 'transactions, today (as the screen opens)', path: (s) => transactions({ ...today(s) }) },
  { name: 'transactions, no range', path: () => transactions({}) },
  { name: 'transactions, status success, no range', path: () => transactions({ status: 'success' }) },
  { name: 'transactions, type debit, no range', path: () => transactions({ type: 'debit' }) },
  { name: `transactions, search name "${NAME_SEARCH}", no range`, path: () => transactions({ search: NAME_SEARCH }) },
  { name: 'transactions, search exact reference, no range', path: (s) => transactions({ search: s.reference }) },
  { name: `transactions, search amount ${AMOUNT_SEARCH}, no range`, path: () => transactions({ search: AMOUNT_SEARCH }) },
  { name: 'transactions, page 50 (cursor, else page=50)', path: (s) => s.deepPage },
  { name: 'transaction detail', path: (s) => `/transaction/single?${query({ id: s.transactionId })}` },
  { name: 'transaction analytics, today', path: (s) => `/analytics/transaction?${query({ ...today(s) })}` },
  { name: 'transaction analytics, last month', path: (s) => `/analytics/transaction?${query({ ...lastMonth(s) })}` },
  { name: 'orders, no range', path: () => '/order?kind=order&page=1&size=20' },
  { name: 'orders, status paid, no range', path: () => '/order?kind=order&status=paid&page=1&size=20' },
  { name: 'orders, today', path: (s) => `/order?${query({ kind: 'order', page: 1, size: 20, ...today(s) })}` },
  { name: "orders, the big customer's", path: (s) => `/order?${query({ customerId: s.bigCustomerId, page: 1, size: 20 })}` },
  { name: 'order detail', path: (s) => `/order/single?${query({ reference: s.orderReference })}` },
  { name: 'customers, page 1', path: () => '/vendor/customers?page=1&size=20' },
  { name: `customers, name "${NAME_SEARCH}"`, path: () => `/vendor/customers?${query({ page: 1, size: 20, name: NAME_SEARCH })}` },
  { name: 'big customer detail (orders, totals)', path: (s) => `/vendor/customer/info?${query({ customerId: s.bigCustomerId })}` },
  { name: 'customer analytics, today', path: (s) => `/analytics/customer?${query({ ...today(s) })}` },
  { name: 'customer analytics, last month', path: (s) => `/analytics/customer?${query({ ...lastMonth(s) })}` },
]

/** The streamed CSV export of transactions (issue 38), once the contract has one: a GET whose path says export. */
export function exportEndpoint(): EndpointDef | undefined {
  return Object.values(transactionEndpoints as Record<string, EndpointDef>).find((e) => e.method === 'GET' && /export/i.test(e.path))
}

/** A year of transactions up to the anchor, in whole Lagos days, as the export is asked for. */
export function exportPath(endpoint: EndpointDef, anchor: Date): string {
  const first = toIsoDate(new Date(anchor.getTime() - 364 * 86_400_000))
  const { startDate, endDate } = durationRange('CUSTOM', anchor, { startDate: first, endDate: toIsoDate(anchor) })
  return `${endpoint.path}?${query({ startDate, endDate })}`
}
