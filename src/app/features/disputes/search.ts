import * as v from 'valibot'
import type { DisputeListFilters } from '../../lib/query-keys'

export const PAGE_SIZES = [20, 50, 100] as const
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_PAGE_SIZE: PageSize = 20

// Anything malformed in the URL falls back to "no filter" rather than an error page (a shared or edited link).
const optional = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined)

/** /orders/disputes?search=ORD-7K2&isEscalated=true&page=2: the list's whole state, so it survives a reload. */
export const disputeSearchSchema = v.object({
  page: optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
  size: optional(v.picklist(PAGE_SIZES)),
  search: optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(120))),
  isEscalated: optional(v.boolean()),
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
  orderReference: optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(64))),
})
