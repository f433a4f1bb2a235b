import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { queryKeys } from '#app/lib/query-keys'
import { beneficiaryEndpoints } from '#contract/beneficiaries'
import type { BodyInput } from '#contract/endpoint'

/** Recent and saved accounts Send Money offers (decision 145). */
export const beneficiariesQuery = () =>
  queryOptions({
    queryKey: queryKeys.banking.beneficiaries(),
    queryFn: async ({ signal }) => (await api(beneficiaryEndpoints.listBeneficiaries, { signal })).data,
  })

/** POST /transfer/beneficiaries: the server names the account itself (a name enquiry), so only bank + number go. */
export function useSaveBeneficiary() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyInput<typeof beneficiaryEndpoints.saveBeneficiary>) => api(beneficiaryEndpoints.saveBeneficiary, { body }),
    // Not a money call, but it asks the bank: never queued to replay later.
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.banking.beneficiaries() }),
  })
}

export function useRemoveBeneficiary() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api(beneficiaryEndpoints.removeBeneficiary, { query: { id } }),
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.banking.beneficiaries() }),
  })
}
