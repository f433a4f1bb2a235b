import * as v from 'valibot'

import { dateFilterSearch, searchRange } from '#app/lib/date-search'
import { DEFAULT_PAGE_SIZE, optionalParam, pageSearch } from '#app/lib/list-search'
import type { OrderListFilters } from '#app/lib/query-keys'
import { ORDER_STATUSES, type OrderKind, type OrderStatus } from '#contract/statuses'

export { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '#app/lib/list-search'

/**
 * /orders?duration=LAST_WEEK&status=paid&customerId=…&reference=ord-12&page=3&size=50: every choice of the list
 * lives in the URL, so a filtered page survives a reload and can be shared (and /customers/$id can link to one
 * customer's orders with ?customerId=).
 */
export const orderSearchSchema = v.object({
  ...dateFilterSearch,
  ...pageSearch,
  reference: optionalParam(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(64))),
  status: optionalParam(v.picklist(ORDER_STATUSES)),
  customerId: optionalParam(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(64))),
})
export type OrderSearch = v.InferOutput<typeof orderSearchSchema>

/** The list's API filters, the status narrowed to the contract's statuses (the key factory keeps it a string). */
export type OrderFilters = OrderListFilters & { status?: OrderStatus }

/** The Filter sheet's part of the search. */
export type OrderSheetFilters = Pick<OrderSearch, 'status' | 'customerId'>

/** The API filters for a URL search and a kind: the duration becomes the ISO instants of whole local days. */
export function orderListFilters(search: OrderSearch, kind: OrderKind, now: Date = new Date()): OrderFilters {
  const filters: OrderFilters = { kind, page: search.page ?? 1, size: search.size ?? DEFAULT_PAGE_SIZE, ...searchRange(search, now) }
  if (search.reference) filters.reference = search.reference
  if (search.status) filters.status = search.status
  if (search.customerId) filters.customerId = search.customerId
  return filters
}

/** How many of the sheet's filters are on, for the Filter button's badge. */
export function orderFilterCount(search: OrderSearch): number {
  return [search.status, search.customerId].filter(Boolean).length
}
