import * as v from 'valibot'

import { id, page, pageQuery } from './common'
import { endpoint } from './endpoint'

/*
 * Outgoing webhooks (issue 40, decision 169): the owner (or a member holding VENDOR_DEVELOPERS) registers URLs that
 * the server POSTs the vendor's events to, signed as the Standard Webhooks specification says (headers
 * `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`, a secret
 * `whsec_<base64>` per endpoint), so an integrator verifies them with the `standardwebhooks` library of their
 * language. Money in integer kobo, times ISO 8601 (UTC).
 */

export const WEBHOOK_EVENT_TYPES = [
  'payment.received',
  'order.paid',
  'order.refunded',
  'transfer.succeeded',
  'transfer.failed',
  'dispute.updated',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/** Each event in plain words, as the settings screen lists them. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'payment.received': 'Money received into a wallet',
  'order.paid': 'An order paid in full',
  'order.refunded': 'A refund reached the customer',
  'transfer.succeeded': 'A transfer or refund went through',
  'transfer.failed': 'A transfer or refund failed',
  'dispute.updated': 'A dispute opened, escalated or answered',
}

/** Endpoints per vendor: more is a misconfiguration, not an integration. */
export const MAX_WEBHOOK_ENDPOINTS = 10
export const MAX_WEBHOOK_URL = 2000
export const MAX_WEBHOOK_DESCRIPTION = 100
/** How much of an endpoint's answer is read and kept in the log. */
export const WEBHOOK_ANSWER_KEPT_BYTES = 4096
/** An endpoint that has not answered within this is a failed attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000
/** Retries with back-off stop this long after the event. */
export const WEBHOOK_RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000
/** Deliveries over (delivered, failed, cancelled) are kept this long in the log, then purged with their events. */
export const WEBHOOK_LOG_KEPT_MS = 30 * 24 * 60 * 60 * 1000

const isoTime = v.string()
const kobo = v.number()

/** `payment.received`: money arrived in one of the vendor's wallets from a bank account (never the vendor's own moves). */
export const PaymentReceivedData = v.object({
  transactionId: v.string(),
  reference: v.string(),
  amount: kobo,
  walletId: v.string(),
  /** The outlet whose wallet received it, or null for the main wallet. */
  outletId: v.nullable(v.string()),
  payerName: v.nullable(v.string()),
  payerAccountNumber: v.nullable(v.string()),
  payerBankName: v.nullable(v.string()),
  narration: v.nullable(v.string()),
  /** The order this payment paid, if it paid one. */
  orderReference: v.nullable(v.string()),
  receivedAt: isoTime,
})

/** `order.paid`: an order's payments reached its total (paid, or more than paid). */
export const OrderPaidData = v.object({
  orderId: v.string(),
  reference: v.string(),
  status: v.string(),
  amount: kobo,
  amountPaid: kobo,
  paidAt: isoTime,
})

/** `order.refunded`: a refund of an order reached the customer's account. */
export const OrderRefundedData = v.object({
  orderId: v.string(),
  reference: v.string(),
  status: v.string(),
  refundId: v.string(),
  /** This refund's amount. */
  amount: kobo,
  /** Every refund of the order that has reached the customer, this one included. */
  amountRefunded: kobo,
  transactionReference: v.string(),
  refundedAt: isoTime,
})

/** `transfer.succeeded` and `transfer.failed`: a debit to a bank account (a send or a refund) settled. */
export const TransferSettledData = v.object({
  transactionId: v.string(),
  reference: v.string(),
  status: v.picklist(['success', 'failed']),
  amount: kobo,
  fee: kobo,
  beneficiaryName: v.nullable(v.string()),
  beneficiaryAccountNumber: v.nullable(v.string()),
  beneficiaryBankCode: v.nullable(v.string()),
  narration: v.nullable(v.string()),
  /** The refunded order, when the transfer was a refund. */
  orderReference: v.nullable(v.string()),
  failureReason: v.nullable(v.string()),
  settledAt: isoTime,
})

/** `dispute.updated`: a dispute was opened, escalated, or its conversation got a message. */
export const DisputeUpdatedData = v.object({
  disputeId: v.string(),
  orderReference: v.string(),
  title: v.string(),
  status: v.picklist(['open', 'escalated', 'resolved']),
  messageCount: v.number(),
  /** What happened: 'opened', 'escalated', or 'message' (from 'vendor' or 'admin'). */
  change: v.picklist(['opened', 'escalated', 'message']),
  updatedAt: isoTime,
})

/** The `data` of each event type. */
export const WEBHOOK_EVENT_DATA = {
  'payment.received': PaymentReceivedData,
  'order.paid': OrderPaidData,
  'order.refunded': OrderRefundedData,
  'transfer.succeeded': TransferSettledData,
  'transfer.failed': TransferSettledData,
  'dispute.updated': DisputeUpdatedData,
} satisfies Record<WebhookEventType, v.GenericSchema>

export type WebhookEventData = { [T in WebhookEventType]: v.InferOutput<(typeof WEBHOOK_EVENT_DATA)[T]> }

/** The body of every delivery (the Standard Webhooks payload shape): its `webhook-id` header is `id`. */
export function webhookPayload<T extends WebhookEventType>(type: T) {
  return v.object({ id: v.string(), type: v.literal(type), timestamp: isoTime, data: WEBHOOK_EVENT_DATA[type] })
}

const url = v.pipe(
  v.string('must be text'),
  v.trim(),
  v.nonEmpty('is required'),
  v.maxLength(MAX_WEBHOOK_URL, `must be at most ${MAX_WEBHOOK_URL} characters`),
  v.url('must be a URL such as https://example.com/webhooks'),
  v.check((text) => /^https?:\/\//i.test(text), 'must start with https:// (or http:// on a development server)'),
)
const events = v.pipe(
  v.array(v.picklist(WEBHOOK_EVENT_TYPES, `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`), 'must be a list of event types'),
  v.minLength(1, 'pick at least one event'),
  v.transform((list) => [...new Set(list)]),
)
const descriptionText = v.pipe(
  v.string('must be text'),
  v.trim(),
  v.maxLength(MAX_WEBHOOK_DESCRIPTION, `must be at most ${MAX_WEBHOOK_DESCRIPTION} characters`),
)

export const WebhookEndpoint = v.object({
  id: v.string(),
  url: v.string(),
  description: v.string(),
  events: v.array(v.picklist(WEBHOOK_EVENT_TYPES)),
  isEnabled: v.boolean(),
  createdAt: isoTime,
})
export type WebhookEndpoint = v.InferOutput<typeof WebhookEndpoint>

/** An endpoint with its signing secret: answered on creation, on rotation and when the owner asks to see it. */
export const WebhookEndpointWithSecret = v.object({ ...WebhookEndpoint.entries, secret: v.string() })
export type WebhookEndpointWithSecret = v.InferOutput<typeof WebhookEndpointWithSecret>

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'cancelled'] as const
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number]

export const WebhookDelivery = v.object({
  id: v.string(),
  endpointId: v.string(),
  eventId: v.string(),
  type: v.picklist(WEBHOOK_EVENT_TYPES),
  /** pending: not yet answered 2xx and still being retried; failed: given up (3 days); cancelled: the endpoint went. */
  status: v.picklist(WEBHOOK_DELIVERY_STATUSES),
  attempts: v.number(),
  /** The HTTP status of the latest answer; null when there was none (refused, timed out, unreachable). */
  answerStatus: v.nullable(v.number()),
  /** The latest answer's body, at most WEBHOOK_ANSWER_KEPT_BYTES, or why there was no answer. */
  answerBody: v.nullable(v.string()),
  /** The body sent (the same on every attempt: the signature covers it). */
  requestBody: v.string(),
  createdAt: isoTime,
  lastAttemptAt: v.nullable(isoTime),
  nextAttemptAt: v.nullable(isoTime),
})
export type WebhookDelivery = v.InferOutput<typeof WebhookDelivery>

/** Every one of these manages where the vendor's events go: an API key must never call them (issue 40). */
export const webhookEndpoints = {
  listWebhookEndpoints: endpoint({
    method: 'GET',
    path: '/webhooks/endpoints',
    summary: 'The URLs the vendor’s events are sent to, oldest first (secrets are not listed).',
    permission: 'VENDOR_DEVELOPERS',
    response: v.array(WebhookEndpoint),
  }),
  createWebhookEndpoint: endpoint({
    method: 'POST',
    path: '/webhooks/endpoints',
    summary: `Register a URL for events (https only on a production server; never a private or loopback address). Answers its signing secret. At most ${MAX_WEBHOOK_ENDPOINTS} per vendor.`,
    permission: 'VENDOR_DEVELOPERS',
    status: 201,
    body: v.object({ url, events, description: v.optional(descriptionText, '') }),
    response: WebhookEndpointWithSecret,
  }),
  updateWebhookEndpoint: endpoint({
    method: 'PATCH',
    path: '/webhooks/endpoints',
    summary: 'Change an endpoint’s URL, events, description, or pause it (isEnabled false: no new deliveries).',
    permission: 'VENDOR_DEVELOPERS',
    errors: ['NOT_FOUND'],
    body: v.object({
      id,
      url: v.optional(url),
      events: v.optional(events),
      // No default here: a change that does not name the note keeps it.
      description: v.optional(descriptionText),
      isEnabled: v.optional(v.boolean('must be true or false')),
    }),
    response: WebhookEndpoint,
  }),
  deleteWebhookEndpoint: endpoint({
    method: 'DELETE',
    path: '/webhooks/endpoints',
    summary: 'Remove an endpoint; its deliveries still pending are cancelled.',
    permission: 'VENDOR_DEVELOPERS',
    errors: ['NOT_FOUND'],
    query: v.object({ id }),
    response: v.null(),
  }),
  webhookEndpointSecret: endpoint({
    method: 'GET',
    path: '/webhooks/endpoints/secret',
    summary: 'An endpoint with its signing secret (whsec_…).',
    permission: 'VENDOR_DEVELOPERS',
    errors: ['NOT_FOUND'],
    query: v.object({ id }),
    response: WebhookEndpointWithSecret,
  }),
  rotateWebhookSecret: endpoint({
    method: 'POST',
    path: '/webhooks/endpoints/rotate-secret',
    summary: 'Give an endpoint a new signing secret; deliveries from now on are signed with it.',
    permission: 'VENDOR_DEVELOPERS',
    errors: ['NOT_FOUND'],
    query: v.object({ id }),
    response: WebhookEndpointWithSecret,
  }),
  listWebhookDeliveries: endpoint({
    method: 'GET',
    path: '/webhooks/deliveries',
    summary: 'The delivery log, newest first: each event sent to each endpoint, its status and latest answer.',
    permission: 'VENDOR_DEVELOPERS',
    errors: ['NOT_FOUND'],
    query: v.object({ endpointId: v.optional(id), ...pageQuery }),
    response: page(WebhookDelivery),
  }),
  resendWebhookDelivery: endpoint({
    method: 'POST',
    path: '/webhooks/deliveries/resend',
    summary:
      'Send a delivery’s event to its endpoint again, now, as a new delivery (same webhook-id, so a receiver that saw it may ignore it).',
    permission: 'VENDOR_DEVELOPERS',
    errors: ['NOT_FOUND', 'WEBHOOK_ENDPOINT_INACTIVE'],
    status: 201,
    query: v.object({ id }),
    response: WebhookDelivery,
  }),
}
