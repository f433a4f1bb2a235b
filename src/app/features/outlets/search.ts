import * as v from 'valibot'

import { DEFAULT_PAGE_SIZE, optionalParam, pageSearch } from '#app/lib/list-search'
import type { OutletListFilters } from '#app/lib/query-keys'

export { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '#app/lib/list-search'

/** /outlets?search=lekki&page=2: the list's whole state, so it survives a reload and can be shared. */
export const outletSearchSchema = v.object({
  ...pageSearch,
  search: optionalParam(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100))),
})
export type OutletSearch = v.InferOutput<typeof outletSearchSchema>

export function outletListFilters(search: OutletSearch): OutletListFilters {
  const filters: OutletListFilters = { page: search.page ?? 1, size: search.size ?? DEFAULT_PAGE_SIZE }
  if (search.search) filters.search = search.search
  return filters
}
