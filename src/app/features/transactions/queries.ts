import { type InfiniteData, infiniteQueryOptions, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { notify } from '#app/lib/notify'
import { type DateRangeKey, MONEY_KEYS, queryKeys, type TransactionListFilters } from '#app/lib/query-keys'
import type { Transaction } from '#contract/transactions'
import { transactionEndpoints } from '#contract/transactions'

import { MAIN_WALLET_DATA, type TransactionData, type TransactionPage } from './source'

/** Rows per request while scrolling: big enough that 10,000 rows are 100 requests, small enough to be quick. */
export const LIST_PAGE_SIZE = 100

/**
 * The pages of a list, newest first, for the filters: the main wallet's unless a source says whose. Each next page
 * starts at the previous one's cursor (decision 157): as quick 10,000 rows down as at the top, and the list ends
 * where the server says it does, never at a total that stopped counting at 10,000.
 */
export const transactionListQuery = (filters: TransactionListFilters, source: TransactionData = MAIN_WALLET_DATA) =>
  infiniteQueryOptions({
    queryKey: source.listKey(filters),
    queryFn: ({ pageParam, signal }) => source.fetchPage(filters, pageParam, LIST_PAGE_SIZE, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: TransactionPage) => last.nextCursor ?? undefined,
  })

/** A row already in a loaded list, so the summary opens at once (and offline) while the details load. */
export function findInLists(queryClient: QueryClient, id: string, source: TransactionData = MAIN_WALLET_DATA): Transaction | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<TransactionPage>>({ queryKey: source.listsKey })) {
    for (const page of data?.pages ?? []) {
      const found = page.items.find((t) => t.id === id)
      if (found) return found
    }
  }
  return undefined
}

export const transactionDetailQuery = (id: string, source: TransactionData = MAIN_WALLET_DATA) =>
  queryOptions({
    queryKey: source.detailKey(id),
    queryFn: ({ signal }) => source.fetchOne(id, signal),
  })

export const transactionAnalyticsQuery = (range: DateRangeKey) =>
  queryOptions({
    queryKey: queryKeys.transactions.analytics(range),
    queryFn: async ({ signal }) => (await api(transactionEndpoints.transactionAnalytics, { query: range, signal })).data,
  })

export const transactionBreakdownQuery = (range: DateRangeKey) =>
  queryOptions({
    queryKey: queryKeys.transactions.breakdown(range),
    queryFn: async ({ signal }) => (await api(transactionEndpoints.transactionBreakdown, { query: range, signal })).data,
  })

export const POS_MARKED_MESSAGE = 'Transaction marked as POS'

/** Mark as POS Transaction: the fixed toast of SPEC §8, then the details (and lists, analytics) reload. */
export function useMarkPos() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api(transactionEndpoints.markPos, { body: { id } }),
    meta: { successToast: false },
    onSuccess: async (_envelope, id) => {
      notify.success(POS_MARKED_MESSAGE)
      // The balance, lists and analytics refresh in the background; the open details are what must reload
      // (and only once: the broad invalidation leaves them to the awaited one).
      const detailKey = queryKeys.transactions.detail(id)
      const isThisDetail = (key: readonly unknown[]) => key.length === detailKey.length && key.every((part, i) => part === detailKey[i])
      for (const queryKey of MONEY_KEYS) void queryClient.invalidateQueries({ queryKey, predicate: (q) => !isThisDetail(q.queryKey) })
      await queryClient.invalidateQueries({ queryKey: detailKey })
    },
  })
}
