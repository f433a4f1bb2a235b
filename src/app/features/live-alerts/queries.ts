import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { queryKeys } from '#app/lib/query-keys'
import { vendorEndpoints } from '#contract/vendor'

/** The owner's payment SMS (issue 37): off until they turn it on. */
export const paymentSmsQuery = () =>
  queryOptions({
    queryKey: queryKeys.vendor.paymentSms(),
    queryFn: async ({ signal }) => (await api(vendorEndpoints.paymentSms, { signal })).data,
  })

export function useSetPaymentSms() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (isEnabled: boolean) => api(vendorEndpoints.setPaymentSms, { body: { isEnabled } }),
    onSuccess: ({ data }) => queryClient.setQueryData(queryKeys.vendor.paymentSms(), data),
  })
}
