import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { MONEY_KEYS, queryKeys } from '#app/lib/query-keys'
import type { BodyInput } from '#contract/endpoint'
import { type PayoutBatch, payoutBatchEndpoints } from '#contract/payout-batches'
import { transactionEndpoints } from '#contract/transactions'

/** A batch whose rows are still being sent is asked again every few seconds until each row has its outcome. */
const stillSending = (batch: PayoutBatch | undefined) => batch?.status === 'confirmed' && batch.rows.some((row) => row.status === 'pending')

export const payoutBatchQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.banking.payoutBatch(id),
    queryFn: async ({ signal }) => (await api(payoutBatchEndpoints.payoutBatch, { query: { id }, signal })).data,
    refetchInterval: (query) => (stillSending(query.state.data) ? 3_000 : false),
  })

/** How many earlier payouts the bulk payout sheet lists: the ones a vendor comes back to check. */
export const EARLIER_PAYOUTS = 10

/** The newest confirmed and cancelled batches (decision 199), to open one again and see its rows. */
export const payoutBatchesQuery = () =>
  queryOptions({
    queryKey: queryKeys.banking.payoutBatches(),
    queryFn: async ({ signal }) =>
      (await api(payoutBatchEndpoints.payoutBatches, { query: { page: 1, size: EARLIER_PAYOUTS }, signal })).data,
  })

/** A sent row's receipt: its transaction, as the transactions list shows it. */
export const rowReceiptQuery = (transactionId: string) =>
  queryOptions({
    queryKey: [...queryKeys.banking.all, 'batch-receipt', transactionId] as const,
    queryFn: async ({ signal }) => (await api(transactionEndpoints.transactionDetail, { query: { id: transactionId }, signal })).data,
  })

/** The review: no money moves, so a refusal is said on the sheet rather than toasted. */
export function useCreatePayoutBatch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BodyInput<typeof payoutBatchEndpoints.createPayoutBatch>; idempotencyKey: string }) =>
      api(payoutBatchEndpoints.createPayoutBatch, { body, headers: { 'Idempotency-Key': idempotencyKey } }),
    // Never queued to replay later (money, or the names it is about to be sent to).
    networkMode: 'always',
    meta: { successToast: false, errorToast: false },
    onSuccess: ({ data }) => queryClient.setQueryData(queryKeys.banking.payoutBatch(data.id), data),
  })
}

/** One PIN for the batch; the PIN dialog says a refusal in place. */
export function useConfirmPayoutBatch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BodyInput<typeof payoutBatchEndpoints.confirmPayoutBatch>; idempotencyKey: string }) =>
      api(payoutBatchEndpoints.confirmPayoutBatch, { body, headers: { 'Idempotency-Key': idempotencyKey } }),
    // Never queued to replay later (money, or the names it is about to be sent to).
    networkMode: 'always',
    meta: { successToast: false, errorToast: false },
    onSuccess: ({ data }) => queryClient.setQueryData(queryKeys.banking.payoutBatch(data.id), data),
    onSettled: () => {
      for (const queryKey of [...MONEY_KEYS, queryKeys.banking.payoutBatches()]) void queryClient.invalidateQueries({ queryKey })
    },
  })
}

/**
 * Cancels a scheduled batch (decision 196). Its answer is the batch as it now stands; a refusal (it has started) is
 * said on the sheet, which asks for the batch again to show what went.
 */
export function useCancelPayoutBatch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ batchId, idempotencyKey }: { batchId: string; idempotencyKey: string }) =>
      api(payoutBatchEndpoints.cancelPayoutBatch, { body: { batchId }, headers: { 'Idempotency-Key': idempotencyKey } }),
    networkMode: 'always',
    meta: { errorToast: false },
    onSuccess: ({ data }) => queryClient.setQueryData(queryKeys.banking.payoutBatch(data.id), data),
    onError: (_error, { batchId }) => void queryClient.invalidateQueries({ queryKey: queryKeys.banking.payoutBatch(batchId) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.banking.payoutBatches() }),
  })
}
