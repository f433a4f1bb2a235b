import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { api, type Envelope } from '#app/lib/api'
import { MONEY_KEYS, queryKeys } from '#app/lib/query-keys'
import { bankingEndpoints } from '#contract/banking'
import type { BodyInput } from '#contract/endpoint'
import { payoutSafetyEndpoints } from '#contract/payout-safety'
import type { Transaction } from '#contract/transactions'

const DAY = 24 * 60 * 60 * 1000

export const banksQuery = () =>
  queryOptions({
    queryKey: queryKeys.banking.banks(),
    queryFn: async ({ signal }) => (await api(bankingEndpoints.listBanks, { signal })).data,
    // The CBN bank list changes a few times a year.
    staleTime: DAY,
  })

export const settlementAccountQuery = () =>
  queryOptions({
    queryKey: queryKeys.banking.settlementAccount(),
    queryFn: async ({ signal }) => (await api(bankingEndpoints.settlementAccount, { signal })).data,
  })

export const vendorChargesQuery = () =>
  queryOptions({
    queryKey: queryKeys.banking.vendorCharges(),
    queryFn: async ({ signal }) => (await api(bankingEndpoints.vendorCharges, { signal })).data,
  })

export const thirdPartyTransfersQuery = () =>
  queryOptions({
    queryKey: queryKeys.banking.thirdPartyTransfers(),
    queryFn: async ({ signal }) => (await api(bankingEndpoints.thirdPartyTransfers, { signal })).data,
  })

/** Name enquiry. Not a query: each call spends the provider's time and answers a fresh single-use requestId. */
export async function resolveAccount(bankCode: string, accountNumber: string, signal?: AbortSignal) {
  return (await api(bankingEndpoints.resolveAccount, { query: { bankCode, accountNumber }, signal })).data
}

export interface SendMoneyInput {
  body: BodyInput<typeof bankingEndpoints.sendMoney>
  idempotencyKey: string
}

/**
 * POST /transfer/send. No toasts: the PIN dialog shows a refusal in place and the outcome has its own dialog.
 * Whatever the answer, the balance and the transactions are refetched: even a failure may have moved money
 * (a network error after the server debited), and the ledger is the truth.
 */
export function useSendMoney() {
  const queryClient = useQueryClient()
  return useMutation<Envelope<Transaction>, Error, SendMoneyInput>({
    mutationFn: ({ body, idempotencyKey }) => api(bankingEndpoints.sendMoney, { body, headers: { 'Idempotency-Key': idempotencyKey } }),
    meta: { successToast: false, errorToast: false },
    // Not awaited: the outcome dialog must not wait for the balance to come back.
    onSettled: () => {
      for (const queryKey of MONEY_KEYS) void queryClient.invalidateQueries({ queryKey })
    },
  })
}

/** Needs the PIN; the PIN dialog shows a refusal in place, so no error toast. */
export function useSetSettlementAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyInput<typeof bankingEndpoints.setSettlementAccount>) => api(bankingEndpoints.setSettlementAccount, { body }),
    meta: { errorToast: false },
    onSuccess: ({ data }) => queryClient.setQueryData(queryKeys.banking.settlementAccount(), data),
  })
}

export function useSetChargeBearer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (chargeBearer: 'vendor' | 'customer') => api(bankingEndpoints.setChargeBearer, { body: { chargeBearer } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.banking.vendorCharges() }),
  })
}

/** The PIN dialog shows a wrong PIN in place, so no error toast. */
export function useSetThirdPartyTransfers() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyInput<typeof bankingEndpoints.setThirdPartyTransfers>) => api(bankingEndpoints.setThirdPartyTransfers, { body }),
    meta: { errorToast: false },
    onSuccess: ({ data }) => queryClient.setQueryData(queryKeys.banking.thirdPartyTransfers(), data),
  })
}

/** Send Money's limits and what is left today (decision 144). */
export const sendLimitsQuery = () =>
  queryOptions({
    queryKey: queryKeys.banking.sendLimits(),
    queryFn: async ({ signal }) => (await api(payoutSafetyEndpoints.sendLimits, { signal })).data,
  })

/** Owner only, with the PIN; the PIN dialog shows a refusal in place. */
export function useSetSendLimits() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyInput<typeof payoutSafetyEndpoints.setSendLimits>) => api(payoutSafetyEndpoints.setSendLimits, { body }),
    meta: { errorToast: false },
    onSuccess: ({ data }) => queryClient.setQueryData(queryKeys.banking.sendLimits(), data),
  })
}

/** Back to the previous settlement account while the new one cools off (decision 143). */
export function useCancelSettlementChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (accountNumber: string) => api(payoutSafetyEndpoints.cancelSettlementChange, { body: { accountNumber } }),
    onSuccess: ({ data }) => queryClient.setQueryData(queryKeys.banking.settlementAccount(), data),
  })
}
