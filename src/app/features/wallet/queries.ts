import { queryOptions } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { queryKeys } from '#app/lib/query-keys'
import { refetchUntilAccount } from '#app/lib/wallet-account'
import { vendorEndpoints } from '#contract/vendor'

export const walletBalanceQuery = () =>
  queryOptions({
    queryKey: queryKeys.wallet.balance(),
    queryFn: async ({ signal }) => (await api(vendorEndpoints.walletBalance, { signal })).data,
  })

export const walletDetailsQuery = () =>
  queryOptions({
    queryKey: queryKeys.wallet.details(),
    queryFn: async ({ signal }) => (await api(vendorEndpoints.walletDetails, { signal })).data,
    // The virtual account number never changes once given; no need to ask again every visit. Until the provider
    // has given it ("Account being created"), asked again every few seconds.
    staleTime: 60 * 60 * 1000,
    refetchInterval: refetchUntilAccount,
  })
