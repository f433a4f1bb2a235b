import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { MONEY_KEYS, queryKeys } from '#app/lib/query-keys'
import { creditAttachEndpoints } from '#contract/credit-attach'

/*
 * Attach to order (issue 42, decision 189). In a module of its own, loaded with the sheet: the attach contract
 * carries the order shapes, which the transactions screens do not otherwise need.
 */

/** The open orders the credit could pay: the payer's, or with a search any open order it names. */
export const attachCandidatesQuery = (id: string, search: string) =>
  queryOptions({
    queryKey: queryKeys.transactions.attachCandidates(id, search),
    queryFn: async ({ signal }) =>
      (await api(creditAttachEndpoints.attachCandidates, { query: { id, search: search || undefined }, signal })).data.items,
    // Orders change as money arrives: always asked again when the sheet opens; the last list stays while typing.
    staleTime: 0,
    placeholderData: keepPreviousData,
  })

export interface AttachInput {
  id: string
  orderReference: string
  idempotencyKey: string
}

/**
 * Pays the order with the credit. Never queued (mutations run with networkMode 'always', and the button is off
 * offline); the server's message is the toast. Afterwards everything money touches reloads, the open summary first.
 */
export function useAttachCredit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, orderReference, idempotencyKey }: AttachInput) =>
      api(creditAttachEndpoints.attachCredit, { body: { id, orderReference }, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSettled: async (_envelope, _error, { id }) => {
      for (const queryKey of MONEY_KEYS) void queryClient.invalidateQueries({ queryKey })
      await queryClient.invalidateQueries({ queryKey: queryKeys.transactions.detail(id) })
    },
  })
}
