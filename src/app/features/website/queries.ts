import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { queryKeys } from '#app/lib/query-keys'
import type { BodyInput } from '#contract/endpoint'
import { websiteEndpoints } from '#contract/website'

export const websiteQuery = () =>
  queryOptions({
    queryKey: queryKeys.vendor.website(),
    queryFn: async ({ signal }) => (await api(websiteEndpoints.website, { signal })).data,
    // The panel says what went wrong in its empty state.
  })

/** The answer is the saved look: it replaces the cached one. Refused fields go under the form's fields. */
export function useUpdateWebsite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyInput<typeof websiteEndpoints.updateWebsite>) => api(websiteEndpoints.updateWebsite, { body }),
    onSuccess: ({ data }) => queryClient.setQueryData(queryKeys.vendor.website(), data),
    meta: { errorToast: false },
  })
}
