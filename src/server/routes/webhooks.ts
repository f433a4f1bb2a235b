import type { webhookEndpoints } from '#contract/webhooks'

import type { HandlersFor } from '../http/types'
import {
  createEndpoint,
  deleteEndpoint,
  endpointSecret,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  rotateSecret,
  updateEndpoint,
} from '../webhooks/manage'

/** Outgoing webhooks (decision 169): endpoints, secrets, the delivery log and Resend. */
export const webhookHandlers: HandlersFor<typeof webhookEndpoints> = {
  async listWebhookEndpoints({ auth, deps }) {
    return { data: await listEndpoints(deps.db, auth.vendorId) }
  },
  async createWebhookEndpoint({ auth, body, deps }) {
    return { data: await createEndpoint(deps, auth.vendorId, body), message: 'Endpoint added' }
  },
  async updateWebhookEndpoint({ auth, body: { id, ...change }, deps }) {
    return { data: await updateEndpoint(deps, auth.vendorId, id, change), message: 'Endpoint saved' }
  },
  async deleteWebhookEndpoint({ auth, deps, query }) {
    await deleteEndpoint(deps, auth.vendorId, query.id)
    return { data: null, message: 'Endpoint removed' }
  },
  async webhookEndpointSecret({ auth, deps, query }) {
    return { data: await endpointSecret(deps.db, auth.vendorId, query.id) }
  },
  async rotateWebhookSecret({ auth, deps, query }) {
    return { data: await rotateSecret(deps.db, auth.vendorId, query.id), message: 'New signing secret made' }
  },
  async listWebhookDeliveries({ auth, deps, query }) {
    return { data: await listDeliveries(deps.db, auth.vendorId, query) }
  },
  async resendWebhookDelivery({ auth, deps, query }) {
    return { data: await resendDelivery(deps, auth.vendorId, query.id), message: 'Sending again' }
  },
}
