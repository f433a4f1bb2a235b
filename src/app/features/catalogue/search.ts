import * as v from 'valibot'

import { DEFAULT_PAGE_SIZE, optionalParam, pageSearch } from '#app/lib/list-search'
import type { CollectionListFilters, ProductListFilters } from '#app/lib/query-keys'

export { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '#app/lib/list-search'

const kobo = optionalParam(v.pipe(v.number(), v.safeInteger(), v.minValue(0)))
const anId = optionalParam(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(64)))

/** /products?page=3&size=50&name=jollof&isPublished=true&collectionId=…&priceRangeLow=100000 (prices in kobo). */
export const productSearchSchema = v.object({
  ...pageSearch,
  name: optionalParam(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(120))),
  isPublished: optionalParam(v.boolean()),
  collectionId: anId,
  priceRangeLow: kobo,
  priceRangeHigh: kobo,
})
export type ProductSearch = v.InferOutput<typeof productSearchSchema>

/** The Filter Products sheet's part of the search. */
export type ProductFilters = Pick<ProductSearch, 'isPublished' | 'collectionId' | 'priceRangeLow' | 'priceRangeHigh'>

export function productListFilters(search: ProductSearch): ProductListFilters {
  const filters: ProductListFilters = { page: search.page ?? 1, size: search.size ?? DEFAULT_PAGE_SIZE }
  if (search.name) filters.name = search.name
  if (search.isPublished !== undefined) filters.isPublished = search.isPublished
  if (search.collectionId) filters.collectionId = search.collectionId
  // An inverted range (typed into the URL) would be refused by the API; the bounds are swapped instead.
  const [low, high] =
    search.priceRangeLow !== undefined && search.priceRangeHigh !== undefined && search.priceRangeLow > search.priceRangeHigh
      ? [search.priceRangeHigh, search.priceRangeLow]
      : [search.priceRangeLow, search.priceRangeHigh]
  if (low !== undefined) filters.priceRangeLow = low
  if (high !== undefined) filters.priceRangeHigh = high
  return filters
}

export function productFilterCount(search: ProductSearch): number {
  const price = search.priceRangeLow !== undefined || search.priceRangeHigh !== undefined
  return [search.isPublished !== undefined, Boolean(search.collectionId), price].filter(Boolean).length
}

/** /products/collections?page=2&isVisible=false */
export const collectionSearchSchema = v.object({
  ...pageSearch,
  isVisible: optionalParam(v.boolean()),
})
export type CollectionSearch = v.InferOutput<typeof collectionSearchSchema>

export function collectionListFilters(search: CollectionSearch): CollectionListFilters {
  const filters: CollectionListFilters = { page: search.page ?? 1, size: search.size ?? DEFAULT_PAGE_SIZE }
  if (search.isVisible !== undefined) filters.isVisible = search.isVisible
  return filters
}
