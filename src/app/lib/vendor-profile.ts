import { queryOptions } from '@tanstack/react-query'

import { vendorEndpoints } from '#contract/vendor'

import { api } from './api'
import { queryKeys } from './query-keys'

/**
 * The business profile (GET /vendor): Settings shows it, and the invoice and receipt print the business from it
 * (name, address, phone, e-mail, logo, TIN; decision 191, in the lines contract/business.ts writes), so it lives
 * here where every feature may read it.
 */
export const vendorProfileQuery = () =>
  queryOptions({
    queryKey: queryKeys.vendor.profile(),
    queryFn: async ({ signal }) => (await api(vendorEndpoints.vendorProfile, { signal })).data,
  })
