import { keepPreviousData, onlineManager, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { newIdempotencyKey } from '#app/lib/idempotency'
import { enqueue } from '#app/lib/outbox'
import { type DisputeListFilters, queryKeys } from '#app/lib/query-keys'
import { MAX_PAGE_SIZE } from '#contract/common'
import { disputeEndpoints, type DisputeInfo } from '#contract/disputes'
import type { BodyInput } from '#contract/endpoint'

/** SPEC §9 fetches dispute categories with size 1e6, meaning "all": the API's largest page (decision 170). */
export const ALL_CATEGORIES = MAX_PAGE_SIZE
/**
 * A conversation is read whole, oldest first, in one request of the API's largest page: a dispute runs to a few
 * dozen messages, and paging a chat backwards is more machinery than it would ever need.
 */
export const CONVERSATION_SIZE = 1000

export const disputeListQuery = (filters: DisputeListFilters) =>
  queryOptions({
    queryKey: queryKeys.disputes.list(filters),
    queryFn: async ({ signal }) => (await api(disputeEndpoints.listDisputes, { query: filters, signal })).data,
    // The page on screen stays while the next one loads, so paging and searching never blank the list.
    placeholderData: keepPreviousData,
  })

export const disputeInfoQuery = (disputeId: string) =>
  queryOptions({
    queryKey: queryKeys.disputes.detail(disputeId),
    queryFn: async ({ signal }) => (await api(disputeEndpoints.disputeInfo, { query: { disputeId }, signal })).data,
  })

export const disputeConversationQuery = (disputeId: string) =>
  queryOptions({
    queryKey: queryKeys.disputes.conversation(disputeId),
    queryFn: async ({ signal }) =>
      (await api(disputeEndpoints.disputeConversation, { query: { disputeId, page: 1, size: CONVERSATION_SIZE }, signal })).data,
  })

export const disputeCategoriesQuery = () =>
  queryOptions({
    queryKey: queryKeys.disputes.categories(),
    queryFn: async ({ signal }) =>
      (await api(disputeEndpoints.disputeCategories, { query: { page: 1, size: ALL_CATEGORIES }, signal })).data,
    // Seeded by the server and rarely changed: no need to ask again every 30 seconds.
    staleTime: 60 * 60 * 1000,
  })

/**
 * A dispute came back from a write: it is the detail now, and every list may have moved (a new row, a status).
 * The order's timeline records disputes, so that order's details are stale too (another area's key; that is why).
 */
function useDisputeSaved() {
  const queryClient = useQueryClient()
  return ({ data }: { data: DisputeInfo }) => {
    queryClient.setQueryData(queryKeys.disputes.detail(data.id), data)
    void queryClient.invalidateQueries({ queryKey: queryKeys.disputes.lists() })
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.detail(data.orderReference) })
  }
}

/** Initiate Dispute. Refusals go under their fields (decision 033), so the global toast is off. */
export function useCreateDispute() {
  const onSuccess = useDisputeSaved()
  return useMutation({
    mutationFn: (body: BodyInput<typeof disputeEndpoints.createDispute>) => api(disputeEndpoints.createDispute, { body }),
    meta: { errorToast: false },
    onSuccess,
  })
}

/** Escalate Dispute to Admin: once only; the server says 409 after, shown under the reason. */
export function useEscalateDispute() {
  const onSuccess = useDisputeSaved()
  return useMutation({
    mutationFn: (body: BodyInput<typeof disputeEndpoints.escalateDispute>) => api(disputeEndpoints.escalateDispute, { body }),
    meta: { errorToast: false },
    onSuccess,
  })
}

/** "Message on DSP-…: “We are checking with the rider…”" for the list of changes not yet sent. */
function queuedMessageLabel(dispute: Pick<DisputeInfo, 'orderReference'>, message: string): string {
  const excerpt = message.length > 60 ? `${message.slice(0, 57)}…` : message
  return `Message on the dispute about ${dispute.orderReference}: “${excerpt}”`
}

/**
 * Send a message, then read the conversation again (no optimistic bubble: the server names the author and
 * orders the thread, so what shows is what was stored). The dispute's message count moves with it. Offline, the
 * message waits in the outbox (docs/decisions/092) and shows in the thread as waiting; each message has its own
 * Idempotency-Key, so a send retried after a lost answer is still one message. The answer is null when it was kept.
 */
export function useSendDisputeMessage(dispute: Pick<DisputeInfo, 'id' | 'orderReference'>) {
  const queryClient = useQueryClient()
  const disputeId = dispute.id
  const refresh = [queryKeys.disputes.detail(disputeId), queryKeys.disputes.lists(), queryKeys.disputes.conversation(disputeId)]
  return useMutation({
    mutationFn: async (message: string) => {
      const body = { disputeId, message }
      if (onlineManager.isOnline())
        return api(disputeEndpoints.sendDisputeMessage, { body, headers: { 'Idempotency-Key': newIdempotencyKey() } })
      await enqueue({
        kind: 'dispute-message',
        subject: disputeId,
        endpoint: disputeEndpoints.sendDisputeMessage,
        body,
        label: queuedMessageLabel(dispute, message),
        invalidate: refresh,
      })
      return null
    },
    meta: { successToast: false },
    onSuccess: async (answer) => {
      if (!answer) return
      const [detail, lists, conversation] = refresh
      void queryClient.invalidateQueries({ queryKey: detail })
      void queryClient.invalidateQueries({ queryKey: lists })
      await queryClient.invalidateQueries({ queryKey: conversation })
    },
  })
}
