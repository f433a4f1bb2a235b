import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { queryKeys } from '#app/lib/query-keys'
import { authEndpoints } from '#contract/auth'
import type { BodyInput } from '#contract/endpoint'
import { vendorEndpoints } from '#contract/vendor'

export { vendorProfileQuery } from '#app/lib/vendor-profile'

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: BodyInput<typeof authEndpoints.changePassword>) => api(authEndpoints.changePassword, { body }),
  })
}

/** Saves the address and TIN; the profile every invoice and receipt reads is the answer. */
export function useUpdateBusinessDetails() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: BodyInput<typeof vendorEndpoints.updateBusinessDetails>) =>
      api(vendorEndpoints.updateBusinessDetails, { body }),
    // A refusal is shown under its field (showSubmitError); the answer's message is toasted by the cache.
    meta: { errorToast: false },
    onSuccess: (res) => queryClient.setQueryData(queryKeys.vendor.profile(), res.data),
  })
}
