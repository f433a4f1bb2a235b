import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import type { BodyInput } from '#contract/endpoint'
import { webhookEndpoints } from '#contract/webhooks'

/*
 * Settings → Webhooks (issue 40, decision 169). The endpoints and the delivery log are queries; a signing secret is
 * only ever a mutation's answer (created, shown, rotated): never a query, so never in the persisted cache.
 */

export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: () => [...webhookKeys.all, 'deliveries'] as const,
}

export const webhookEndpointsQuery = () =>
  queryOptions({
    queryKey: webhookKeys.endpoints(),
    queryFn: async ({ signal }) => (await api(webhookEndpoints.listWebhookEndpoints, { signal })).data,
  })

/** The newest 50 deliveries; refreshed every 5 s while shown, so a retry's outcome appears without a reload. */
export const webhookDeliveriesQuery = () =>
  queryOptions({
    queryKey: webhookKeys.deliveries(),
    queryFn: async ({ signal }) => (await api(webhookEndpoints.listWebhookDeliveries, { query: { size: 50 }, signal })).data,
    refetchInterval: 5_000,
  })

function useWebhooksChanged() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all })
}

/** A refused URL goes under its field: the global toast is off. */
export function useCreateWebhookEndpoint() {
  const onSuccess = useWebhooksChanged()
  return useMutation({
    mutationFn: (body: BodyInput<typeof webhookEndpoints.createWebhookEndpoint>) => api(webhookEndpoints.createWebhookEndpoint, { body }),
    meta: { errorToast: false },
    onSuccess,
  })
}

export function useUpdateWebhookEndpoint() {
  const onSuccess = useWebhooksChanged()
  return useMutation({
    mutationFn: (body: BodyInput<typeof webhookEndpoints.updateWebhookEndpoint>) => api(webhookEndpoints.updateWebhookEndpoint, { body }),
    onSuccess,
  })
}

export function useDeleteWebhookEndpoint() {
  const onSuccess = useWebhooksChanged()
  return useMutation({
    mutationFn: (id: string) => api(webhookEndpoints.deleteWebhookEndpoint, { query: { id } }),
    onSuccess,
  })
}

export function useRevealWebhookSecret() {
  return useMutation({
    mutationFn: (id: string) => api(webhookEndpoints.webhookEndpointSecret, { query: { id } }),
  })
}

export function useRotateWebhookSecret() {
  return useMutation({
    mutationFn: (id: string) => api(webhookEndpoints.rotateWebhookSecret, { query: { id } }),
  })
}

export function useResendWebhookDelivery() {
  const onSuccess = useWebhooksChanged()
  return useMutation({
    mutationFn: (id: string) => api(webhookEndpoints.resendWebhookDelivery, { query: { id } }),
    onSuccess,
  })
}
