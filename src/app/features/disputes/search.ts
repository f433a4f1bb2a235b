import * as v from 'valibot'

import { DEFAULT_PAGE_SIZE, optionalParam, pageSearch } from '#app/lib/list-search'
import type { DisputeListFilters } from '#app/lib/query-keys'

export { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '#app/lib/list-search'

/** /orders/disputes?search=ORD-7K2&isEscalated=true&page=2: the list's whole state, so it survives a reload. */
export const disputeSearchSchema = v.object({
  ...pageSearch,
  search: optionalParam(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(120))),
  isEscalated: optionalParam(v.boolean()),
})
export type DisputeSearch = v.InferOutput<typeof disputeSearchSchema>

export function disputeListFilters(search: DisputeSearch): DisputeListFilters {
  const filters: DisputeListFilters = { page: search.page ?? 1, size: search.size ?? DEFAULT_PAGE_SIZE }
  if (search.search) filters.search = search.search
  if (search.isEscalated !== undefined) filters.isEscalated = search.isEscalated
  return filters
}

/** /orders/disputes/new?orderReference=ORD-7K2M9: prefilled when coming from an order (SPEC §5). */
export const newDisputeSearchSchema = v.object({
  orderReference: optionalParam(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(64))),
})
