import { queryOptions } from '@tanstack/react-query'

import { vendorEndpoints, type VendorProfile } from '#contract/vendor'

import { api } from './api'
import { queryKeys } from './query-keys'

/**
 * The business profile (GET /vendor): Settings shows it, and the invoice and receipt print the business from it
 * (name, address, phone, e-mail, logo, TIN; decision 191), so it lives here where every feature may read it.
 */
export const vendorProfileQuery = () =>
  queryOptions({
    queryKey: queryKeys.vendor.profile(),
    queryFn: async ({ signal }) => (await api(vendorEndpoints.vendorProfile, { signal })).data,
  })

/** The business's lines under its name on an invoice or receipt, in print order; what is not set is left out. */
export function businessLines(business: VendorProfile): string[] {
  return [
    ...(business.address ? business.address.split(/\r?\n/) : []),
    [business.phone, business.email].filter(Boolean).join(' · '),
    business.tin ? `TIN: ${business.tin}` : '',
  ].filter((line) => line.trim() !== '')
}
