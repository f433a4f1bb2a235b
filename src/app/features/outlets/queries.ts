import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { linkOptions } from '@tanstack/react-router'

import { api, type Envelope } from '#app/lib/api'
import { MONEY_KEYS, type OutletListFilters, queryKeys, type TransactionListFilters } from '#app/lib/query-keys'
import { refetchUntilAccount } from '#app/lib/wallet-account'
import { MAX_PAGE_SIZE } from '#contract/common'
import type { BodyInput } from '#contract/endpoint'
import { type Outlet, outletEndpoints, type OutletTransfer } from '#contract/outlets'
import { teamEndpoints } from '#contract/team'

/** SPEC §9's Add Member picker asks for size 1e13, meaning "all": the API's largest page (decision 170). */
export const ALL_MEMBERS = MAX_PAGE_SIZE
/** An outlet's members, a page at a time on its page. */
export const MEMBERS_PAGE_SIZE = 20

export const outletListQuery = (filters: OutletListFilters) =>
  queryOptions({
    queryKey: queryKeys.outlets.list(filters),
    queryFn: async ({ signal }) => (await api(outletEndpoints.listOutlets, { query: filters, signal })).data,
    // The page on screen stays while the next one loads, so paging and searching never blank the list.
    placeholderData: keepPreviousData,
  })

export const outletDetailQuery = (outletId: string) =>
  queryOptions({
    queryKey: queryKeys.outlets.detail(outletId),
    queryFn: async ({ signal }) => (await api(outletEndpoints.outletDetail, { query: { outletId }, signal })).data,
    // Refused (removed from the outlet, or it is gone): nothing of this outlet stays on the device (decision 090).
    meta: { accessScope: ['outlets', outletId] },
  })

export const outletBalanceQuery = (outletId: string) =>
  queryOptions({
    queryKey: queryKeys.outlets.balance(outletId),
    queryFn: async ({ signal }) => (await api(outletEndpoints.outletWalletBalance, { query: { outletId }, signal })).data,
    meta: { accessScope: ['outlets', outletId] },
  })

export const outletWalletDetailsQuery = (outletId: string) =>
  queryOptions({
    queryKey: queryKeys.outlets.walletDetails(outletId),
    queryFn: async ({ signal }) => (await api(outletEndpoints.outletWalletDetails, { query: { outletId }, signal })).data,
    // The virtual account number never changes once given; no need to ask again every visit. Until the provider
    // has given it ("Account being created"), asked again every few seconds.
    staleTime: 60 * 60 * 1000,
    refetchInterval: refetchUntilAccount,
    meta: { accessScope: ['outlets', outletId] },
  })

export const outletMembersQuery = (outletId: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.outlets.members(outletId, { page, size: MEMBERS_PAGE_SIZE }),
    queryFn: async ({ signal }) =>
      (await api(outletEndpoints.listOutletMembers, { query: { outletId, page, size: MEMBERS_PAGE_SIZE }, signal })).data,
    placeholderData: keepPreviousData,
    meta: { accessScope: ['outlets', outletId] },
  })

/** Every team member, once per opening of the picker, filtered by name on the device (SPEC §7). */
export const allMembersQuery = () =>
  queryOptions({
    queryKey: queryKeys.team.list({ page: 1, size: ALL_MEMBERS }),
    queryFn: async ({ signal }) => (await api(teamEndpoints.listMembers, { query: { page: 1, size: ALL_MEMBERS }, signal })).data,
  })

/**
 * An outlet's transactions in the shape the transactions feature's list and Transaction Summary take (its
 * TransactionData): the route hands this over, since features do not import each other (docs/decisions/048).
 */
export function outletTransactionData(outletId: string) {
  return {
    listsKey: [...queryKeys.outlets.transactions(outletId), 'list'] as const,
    listKey: (filters: TransactionListFilters) => queryKeys.outlets.transactionList({ ...filters, outletId }),
    fetchPage: async (filters: TransactionListFilters, cursor: string | undefined, size: number, signal?: AbortSignal) =>
      (await api(outletEndpoints.outletTransactions, { query: { ...filters, outletId, cursor, size }, signal })).data,
    detailKey: (id: string) => queryKeys.outlets.transaction(outletId, id),
    fetchOne: async (id: string, signal?: AbortSignal) =>
      (await api(outletEndpoints.outletTransactionDetail, { query: { id, outletId }, signal })).data,
  }
}

/** The same with where its rows lead (its TransactionSource), for the components; loaders take the data only. */
export function outletTransactionSource(outletId: string) {
  return {
    ...outletTransactionData(outletId),
    summaryLink: (id: string) => linkOptions({ to: '/outlets/$outletId/transactions/$id', params: { outletId, id }, search: true }),
    customerLink: (customerId: string) =>
      linkOptions({ to: '/outlets/$outletId', params: { outletId }, search: { customerId, duration: 'LAST_MONTH' } }),
    // Mark as POS and Create order claim credits of the main wallet only.
    canClaim: false,
  }
}

/** An outlet came back from a write: it is the detail now, and every list may show it differently. */
function useOutletSaved() {
  const queryClient = useQueryClient()
  return ({ data }: { data: Outlet }) => {
    queryClient.setQueryData(queryKeys.outlets.detail(data.id), data)
    void queryClient.invalidateQueries({ queryKey: queryKeys.outlets.lists() })
  }
}

/** Create Outlet: the form shows refusals under its fields (showSubmitError), so no error toast here. */
export function useCreateOutlet() {
  const onSaved = useOutletSaved()
  return useMutation({
    mutationFn: (body: BodyInput<typeof outletEndpoints.createOutlet>) => api(outletEndpoints.createOutlet, { body }),
    meta: { errorToast: false },
    onSuccess: onSaved,
  })
}

export function useSetOutletStatus() {
  const onSaved = useOutletSaved()
  return useMutation({
    mutationFn: (body: BodyInput<typeof outletEndpoints.setOutletStatus>) => api(outletEndpoints.setOutletStatus, { body }),
    onSuccess: onSaved,
  })
}

/** Which way money moves: into the outlet from the main wallet, or out of it back to the main wallet. */
export type TransferDirection = 'to-outlet' | 'to-main'

export interface OutletTransferInput {
  /**
   * `pin`: the caller's transaction PIN, which both directions need (decision 086). To Main Wallet's body is the
   * same without the narration, which its endpoint does not take.
   */
  body: BodyInput<typeof outletEndpoints.fundOutlet>
  idempotencyKey: string
}

/**
 * Transfer to Outlet (POST /outlet/wallet/fund) or to Main Wallet (POST /outlet/transfer/vendor). No toasts: the
 * sheet says a refusal and an unknown outcome in place (the PIN step, or under the form), a success has its dialog. Whatever the
 * answer, both wallets' balances and transactions are refetched: a failure may still have moved money.
 */
export function useOutletTransfer(direction: TransferDirection) {
  const queryClient = useQueryClient()
  return useMutation<Envelope<OutletTransfer>, Error, OutletTransferInput>({
    mutationFn: ({ body, idempotencyKey }) => {
      const headers = { 'Idempotency-Key': idempotencyKey }
      if (direction === 'to-outlet') return api(outletEndpoints.fundOutlet, { body, headers })
      return api(outletEndpoints.transferToMain, { body: { amount: body.amount, outletId: body.outletId, pin: body.pin }, headers })
    },
    meta: { successToast: false, errorToast: false },
    // Not awaited: the success dialog must not wait for the balances to come back. MONEY_KEYS holds the outlets'.
    onSettled: () => {
      for (const queryKey of MONEY_KEYS) void queryClient.invalidateQueries({ queryKey })
    },
  })
}

/**
 * Adding or removing a member changes the outlet's member list and count, and the member's own outlets on the
 * Team tab (another area's key; that is why it is invalidated here).
 */
function useMembersChanged(outletId: string) {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.outlets.members(outletId) })
    void queryClient.invalidateQueries({ queryKey: queryKeys.outlets.detail(outletId) })
    void queryClient.invalidateQueries({ queryKey: queryKeys.outlets.lists() })
    void queryClient.invalidateQueries({ queryKey: queryKeys.team.all })
  }
}

export function useAddOutletMember(outletId: string) {
  const onChanged = useMembersChanged(outletId)
  return useMutation({
    mutationFn: (memberId: string) => api(outletEndpoints.addOutletMember, { body: { outletId, memberId } }),
    onSuccess: onChanged,
  })
}

export function useRemoveOutletMember(outletId: string) {
  const onChanged = useMembersChanged(outletId)
  return useMutation({
    mutationFn: (memberId: string) => api(outletEndpoints.removeOutletMember, { query: { outletId, memberId } }),
    onSuccess: onChanged,
  })
}
