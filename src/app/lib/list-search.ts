import * as v from 'valibot'

/** The page sizes a paged list offers under 'Rows per page' (products, orders, customers, disputes). */
export const PAGE_SIZES = [20, 50, 100] as const
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_PAGE_SIZE: PageSize = 20

/** A URL search param that falls back to "not set" when malformed (a shared or edited link), never an error page. */
export const optionalParam = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined)

/** A paged list's place in the URL: ?page=3&size=50. */
export const pageSearch = {
  page: optionalParam(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
  size: optionalParam(v.picklist(PAGE_SIZES)),
}
