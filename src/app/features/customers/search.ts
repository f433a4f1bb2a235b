import * as v from 'valibot'

import { dateFilterSearch } from '#app/lib/date-search'
import { DEFAULT_PAGE_SIZE, optionalParam, pageSearch } from '#app/lib/list-search'
import type { CustomerListFilters } from '#app/lib/query-keys'

export { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '#app/lib/list-search'

/** What the Filter Customers sheet accepts as an email, worded as SPEC §5 says. */
export const INVALID_EMAIL = 'Enter a valid email.'
export const customerEmail = v.pipe(v.string(), v.trim(), v.email(INVALID_EMAIL), v.maxLength(254, INVALID_EMAIL))

/**
 * /customers?duration=LAST_WEEK&page=2&name=ada&isAnonymous=false&email=ada@example.com: the analytics' Date
 * filter and the list's search, filters and page, so a filtered view survives a reload and can be shared.
 */
export const customerSearchSchema = v.object({
  ...dateFilterSearch,
  ...pageSearch,
  name: optionalParam(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100))),
  email: optionalParam(v.pipe(customerEmail, v.toLowerCase())),
  isAnonymous: optionalParam(v.boolean()),
})
export type CustomerSearch = v.InferOutput<typeof customerSearchSchema>

/** The Filter Customers sheet's part of the search. */
export type CustomerFilters = Pick<CustomerSearch, 'isAnonymous' | 'email'>

export function customerListFilters(search: CustomerSearch): CustomerListFilters {
  const filters: CustomerListFilters = { page: search.page ?? 1, size: search.size ?? DEFAULT_PAGE_SIZE }
  if (search.name) filters.name = search.name
  if (search.email) filters.email = search.email
  if (search.isAnonymous !== undefined) filters.isAnonymous = search.isAnonymous
  return filters
}

/** How many of the sheet's filters are on, for the Filter button's badge. */
export function customerFilterCount(search: CustomerSearch): number {
  return [search.isAnonymous !== undefined, Boolean(search.email)].filter(Boolean).length
}
