import * as v from 'valibot'

import { DEFAULT_PAGE_SIZE, optionalParam, pageSearch } from '#app/lib/list-search'
import type { MemberListFilters } from '#app/lib/query-keys'

export { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '#app/lib/list-search'

/**
 * The Team tab's part of /settings: ?tab=team&q=ada&page=2. One box searches names, or emails once the text has
 * an '@' in it (docs/decisions/050): the API takes the two separately and would AND them.
 */
export const teamSearch = {
  ...pageSearch,
  q: optionalParam(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100))),
}
export type TeamSearch = v.InferOutput<ReturnType<typeof v.object<typeof teamSearch>>>

export function memberListFilters(search: TeamSearch): MemberListFilters {
  const filters: MemberListFilters = { page: search.page ?? 1, size: search.size ?? DEFAULT_PAGE_SIZE }
  if (search.q) {
    if (search.q.includes('@')) filters.email = search.q
    else filters.name = search.q
  }
  return filters
}
