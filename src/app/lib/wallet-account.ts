/* A wallet's virtual account comes from the provider, which may take a while (decision 142). */

/** While the account is being created, its details are asked for again this often. */
export const ACCOUNT_PENDING_REFETCH_MS = 10_000

/** refetchInterval of a wallet-details query: again in a while until the number is there. */
export const refetchUntilAccount = (query: { state: { data?: { accountNumber: string | null } } }) =>
  query.state.data?.accountNumber === null ? ACCOUNT_PENDING_REFETCH_MS : false
