import { queryOptions } from '@tanstack/react-query'

import { MAX_PAGE_SIZE } from '#contract/common'
import { sellingTermsEndpoints } from '#contract/selling-terms'

import { api } from './api'
import { queryKeys } from './query-keys'

/*
 * The vendor's taxes and delivery locations, read whole: Settings manages them and the order form prices with them,
 * so both areas read them through these, under one key each (one cache entry, refreshed once for both).
 */

// A vendor has a handful of taxes and delivery locations: each list is fetched whole, in one page.
const ALL = { page: 1, size: MAX_PAGE_SIZE }

export const taxListQuery = () =>
  queryOptions({
    queryKey: queryKeys.taxes.list(ALL),
    queryFn: async ({ signal }) => (await api(sellingTermsEndpoints.listTaxes, { query: ALL, signal })).data,
  })

export const deliveryLocationListQuery = () =>
  queryOptions({
    queryKey: queryKeys.deliveryLocations.list(ALL),
    queryFn: async ({ signal }) => (await api(sellingTermsEndpoints.listDeliveryLocations, { query: ALL, signal })).data,
  })
