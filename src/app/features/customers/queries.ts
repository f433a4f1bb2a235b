import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { type CustomerListFilters, type DateRangeKey, queryKeys } from '#app/lib/query-keys'
import { type Customer, customerEndpoints } from '#contract/customers'

/** Rows per request in the customer picker: a phone screen and a bit, so "Load more" is rarely needed twice. */
export const PICKER_PAGE_SIZE = 20

type CustomerPage = { items: Customer[]; page: number; size: number; total: number; totalCapped: boolean }

export const customerListQuery = (filters: CustomerListFilters) =>
  queryOptions({
    queryKey: queryKeys.customers.list(filters),
    queryFn: async ({ signal }) => (await api(customerEndpoints.listCustomers, { query: filters, signal })).data,
    // The page on screen stays while the next one loads, so paging and searching never blank the list.
    placeholderData: keepPreviousData,
  })

/**
 * The picker's pages, grown by "Load more". Its key sits under the customers' lists (so anything that makes
 * customers stale makes it stale too) but apart from the paged list's keys: the two hold different shapes.
 */
export const customerPickerQuery = (name: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.customers.picker(name),
    queryFn: async ({ pageParam, signal }) =>
      (await api(customerEndpoints.listCustomers, { query: { name: name || undefined, page: pageParam, size: PICKER_PAGE_SIZE }, signal }))
        .data,
    initialPageParam: 1,
    // Past a capped total (a lower bound: decisions 157, 186) there is more while pages come back full.
    getNextPageParam: (last: CustomerPage) =>
      (last.totalCapped ? last.items.length === last.size : last.page * last.size < last.total) ? last.page + 1 : undefined,
    placeholderData: keepPreviousData,
  })

export const customerInfoQuery = (customerId: string) =>
  queryOptions({
    queryKey: queryKeys.customers.detail(customerId),
    queryFn: async ({ signal }) => (await api(customerEndpoints.customerInfo, { query: { customerId }, signal })).data,
  })

export const customerAnalyticsQuery = (range: DateRangeKey) =>
  queryOptions({
    queryKey: queryKeys.customers.analytics(range),
    queryFn: async ({ signal }) => (await api(customerEndpoints.customerAnalytics, { query: range, signal })).data,
  })

export const customerBreakdownQuery = (range: DateRangeKey) =>
  queryOptions({
    queryKey: queryKeys.customers.breakdown(range),
    queryFn: async ({ signal }) => (await api(customerEndpoints.customerBreakdown, { query: range, signal })).data,
  })
