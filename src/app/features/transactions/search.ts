import * as v from 'valibot'

import { dateFilterSearch, searchRange } from '#app/lib/date-search'
import type { DateRangeKey, TransactionListFilters } from '#app/lib/query-keys'
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '#contract/statuses'

/**
 * The list's filters as they stand in the URL (?duration=LAST_WEEK&status=pending), so a filtered view
 * survives a reload and can be shared. Anything malformed falls back to no filter rather than an error page.
 */
export const transactionSearchSchema = v.object({
  ...dateFilterSearch,
  status: v.fallback(v.optional(v.picklist(TRANSACTION_STATUSES)), undefined),
  type: v.fallback(v.optional(v.picklist(TRANSACTION_TYPES)), undefined),
  customerId: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(64))), undefined),
  /** Only credits paid into an order's account after it closed, still to attach (decision 147). */
  unattached: v.fallback(v.optional(v.literal(true)), undefined),
  /** "Did this payment arrive?": an amount in naira, or part of what a row shows: a name, a reference (decision 130). */
  q: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100))), undefined),
})

export type TransactionSearch = v.InferOutput<typeof transactionSearchSchema>

/**
 * The API filters for a URL search: the duration becomes the ISO instants of whole local days, always both (the
 * screen's net figures are for the same days, decision 194).
 */
export function listFilters(search: TransactionSearch, now: Date = new Date()): TransactionListFilters & DateRangeKey {
  const filters: TransactionListFilters & DateRangeKey = { ...searchRange(search, now) }
  if (search.status) filters.status = search.status
  if (search.type) filters.type = search.type
  if (search.customerId) filters.customerId = search.customerId
  if (search.unattached) filters.unattached = true
  if (search.q) filters.search = search.q
  return filters
}

/** How many of the sheet's filters (status, type, customer, unattached) are on, for the Filter button's badge. */
export function activeFilterCount(search: TransactionSearch): number {
  return [search.status, search.type, search.customerId, search.unattached].filter(Boolean).length
}

/** The one search box of a transaction list (issue 22): what a cashier types to confirm a customer's claim. */
export const TRANSACTION_SEARCH_LABEL = 'Search by amount, name or reference'
export const TRANSACTION_SEARCH_PLACEHOLDER = 'Amount, name or reference'
