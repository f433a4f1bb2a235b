import type { QueryKey } from '@tanstack/react-query'
import { type LinkOptions, linkOptions, type RegisteredRouter } from '@tanstack/react-router'

import { api } from '#app/lib/api'
import { queryKeys, type TransactionListFilters } from '#app/lib/query-keys'
import { type Transaction, transactionEndpoints } from '#contract/transactions'

/**
 * One page of a list as the API answers it (decisions 157, 165): `total` is exact unless `totalCapped` (then a lower
 * bound: show it with formatTotal), and `nextCursor` is where the next page starts, null at the end.
 */
export interface TransactionPage {
  items: Transaction[]
  page: number
  size: number
  total: number
  totalCapped: boolean
  nextCursor: string | null
}

/** A link to a route of the app; written with linkOptions(), so the path and its params are checked there. */
export type TransactionLink = LinkOptions<RegisteredRouter, string, string>

/**
 * Whose transactions a list and its Transaction Summary show: the main wallet's (/transactions) or an outlet's
 * (/outlets/$outletId). The same list, filters and summary serve both; only where the rows come from and where
 * they lead differ. Features do not import each other, so the outlets feature builds its source in this shape
 * and the route hands it over (docs/decisions/048).
 */
export interface TransactionData {
  /** Every list of this source sits under this key; the summary looks its row up there while the details load. */
  listsKey: QueryKey
  listKey: (filters: TransactionListFilters) => QueryKey
  /** The first page without a cursor; each next one from the previous page's nextCursor (keyset paging). */
  fetchPage: (filters: TransactionListFilters, cursor: string | undefined, size: number, signal?: AbortSignal) => Promise<TransactionPage>
  detailKey: (id: string) => QueryKey
  fetchOne: (id: string, signal?: AbortSignal) => Promise<Transaction>
}

/**
 * The data and where it leads. Kept apart from TransactionData because links are typed by the route tree: a
 * route loader that took them would make its own route's type depend on itself.
 */
export interface TransactionSource extends TransactionData {
  /** Where a row leads: its Transaction Summary over the list, the list's filters kept. */
  summaryLink: (id: string) => TransactionLink
  /** The list narrowed to one customer ('All from this customer'). */
  customerLink: (customerId: string) => TransactionLink
  /** Mark as POS and Create order claim a credit of the main wallet; the server refuses any other wallet's. */
  canClaim: boolean
}

export const MAIN_WALLET_DATA: TransactionData = {
  listsKey: queryKeys.transactions.lists(),
  listKey: (filters) => queryKeys.transactions.list(filters),
  fetchPage: async (filters, cursor, size, signal) =>
    (await api(transactionEndpoints.listTransactions, { query: { ...filters, cursor, size }, signal })).data,
  detailKey: (id) => queryKeys.transactions.detail(id),
  fetchOne: async (id, signal) => (await api(transactionEndpoints.transactionDetail, { query: { id }, signal })).data,
}

export const MAIN_WALLET: TransactionSource = {
  ...MAIN_WALLET_DATA,
  summaryLink: (id) => linkOptions({ to: '/transactions/$id', params: { id }, search: true }),
  customerLink: (customerId) => linkOptions({ to: '/transactions', search: { customerId, duration: 'LAST_MONTH' } }),
  canClaim: true,
}
