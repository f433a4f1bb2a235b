import { queryOptions, useMutation } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { queryKeys } from '#app/lib/query-keys'
import { authEndpoints } from '#contract/auth'
import type { BodyInput } from '#contract/endpoint'
import { vendorEndpoints } from '#contract/vendor'

export const vendorProfileQuery = () =>
  queryOptions({
    queryKey: queryKeys.vendor.profile(),
    queryFn: async ({ signal }) => (await api(vendorEndpoints.vendorProfile, { signal })).data,
  })

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: BodyInput<typeof authEndpoints.changePassword>) => api(authEndpoints.changePassword, { body }),
  })
}
