import * as v from 'valibot'
import { dateFilterSearch } from '../../lib/date-search'
import type { CustomerListFilters } from '../../lib/query-keys'

export const PAGE_SIZES = [20, 50, 100] as const
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_PAGE_SIZE: PageSize = 20

// Anything malformed in the URL falls back to "no filter" rather than an error page (a shared or edited link).
const optional = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined)

/** What the Filter Customers sheet accepts as an email, worded as SPEC §5 says. */
export const INVALID_EMAIL = 'Enter a valid email.'
export const customerEmail = v.pipe(v.string(), v.trim(), v.email(INVALID_EMAIL), v.maxLength(254, INVALID_EMAIL))

/**
 * /customers?duration=LAST_WEEK&page=2&name=ada&isAnonymous=false&email=ada@example.com: the analytics' Date
 * filter and the list's search, filters and page, so a filtered view survives a reload and can be shared.
 */
export const customerSearchSchema = v.object({
  ...dateFilterSearch,
  page: optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
  size: optional(v.picklist(PAGE_SIZES)),
  name: optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100))),
  email: optional(v.pipe(customerEmail, v.toLowerCase())),
  isAnonymous: optional(v.boolean()),
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
