import * as v from 'valibot'

import { id, page, pageQuery, queryBool, text } from './common'
import { endpoint } from './endpoint'
import { OrderSummary } from './orders'

/*
 * Disputes (SPEC §3, §5, §7 "Disputes"): raised against one of the vendor's orders, discussed in a conversation,
 * escalated to an administrator once, with a reason.
 */

export const DISPUTE_STATUSES = ['open', 'escalated', 'resolved'] as const
export const MESSAGE_AUTHORS = ['vendor', 'customer', 'admin'] as const

export const DisputeCategory = v.object({
  id: v.string(),
  category: v.string(),
  description: v.string(),
})
export type DisputeCategory = v.InferOutput<typeof DisputeCategory>

export const Dispute = v.object({
  /** The disputeId of SPEC §3. */
  id: v.string(),
  orderReference: v.string(),
  title: v.string(),
  description: v.string(),
  category: DisputeCategory,
  status: v.picklist(DISPUTE_STATUSES),
  isEscalated: v.boolean(),
  escalationReason: v.nullable(v.string()),
  escalatedAt: v.nullable(v.string()),
  messageCount: v.number(),
  createdAt: v.string(),
  updatedAt: v.string(),
})
export type Dispute = v.InferOutput<typeof Dispute>

export const DisputeInfo = v.object({ ...Dispute.entries, order: OrderSummary })
export type DisputeInfo = v.InferOutput<typeof DisputeInfo>

export const DisputeMessage = v.object({
  id: v.string(),
  author: v.picklist(MESSAGE_AUTHORS),
  authorName: v.string(),
  message: v.string(),
  createdAt: v.string(),
})
export type DisputeMessage = v.InferOutput<typeof DisputeMessage>

/** Limits the app's forms hold to as well (decision 163). */
export const MAX_DISPUTE_TITLE = 120
export const MAX_DISPUTE_DESCRIPTION = 2000
export const MAX_DISPUTE_MESSAGE = 2000
export const MAX_ESCALATION_REASON = 1000

export const disputeEndpoints = {
  listDisputes: endpoint({
    method: 'GET',
    path: '/dispute',
    summary: 'Disputes, newest first, searched by title or order reference, escalated or not.',
    permission: 'VENDOR_ORDERS',
    query: v.object({
      ...pageQuery,
      search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'is too long'))),
      isEscalated: v.optional(queryBool),
    }),
    response: page(Dispute),
  }),
  disputeInfo: endpoint({
    method: 'GET',
    path: '/dispute/info',
    summary: 'One dispute with the order it is about.',
    permission: 'VENDOR_ORDERS',
    query: v.object({ disputeId: id }),
    response: DisputeInfo,
    errors: ['NOT_FOUND'],
  }),
  createDispute: endpoint({
    method: 'POST',
    path: '/dispute',
    status: 201,
    summary: 'Initiate a dispute against one of the vendor’s orders.',
    permission: 'VENDOR_ORDERS',
    body: v.object({
      orderReference: v.pipe(id, v.toUpperCase()),
      title: text(MAX_DISPUTE_TITLE),
      description: text(MAX_DISPUTE_DESCRIPTION),
      /** A category id from GET /dispute/categories. */
      category: id,
    }),
    response: DisputeInfo,
    errors: ['NOT_FOUND', 'DISPUTE_EXISTS'],
  }),
  disputeCategories: endpoint({
    method: 'GET',
    path: '/dispute/categories',
    summary: 'The categories a dispute can have, with what each covers.',
    permission: 'VENDOR_ORDERS',
    query: v.object(pageQuery),
    response: page(DisputeCategory),
  }),
  disputeConversation: endpoint({
    method: 'GET',
    path: '/dispute/conversations',
    summary: 'The messages of a dispute, oldest first.',
    permission: 'VENDOR_ORDERS',
    query: v.object({ ...pageQuery, disputeId: id }),
    response: page(DisputeMessage),
    errors: ['NOT_FOUND'],
  }),
  sendDisputeMessage: endpoint({
    method: 'POST',
    path: '/dispute/conversations',
    status: 201,
    summary: 'Add the vendor’s message to a dispute’s conversation (not once it is resolved).',
    permission: 'VENDOR_ORDERS',
    // A message written offline is sent later, perhaps twice on a flaky line; its key makes it one message.
    idempotent: true,
    body: v.object({ disputeId: id, message: text(MAX_DISPUTE_MESSAGE) }),
    response: DisputeMessage,
    errors: ['NOT_FOUND', 'DISPUTE_RESOLVED'],
  }),
  escalateDispute: endpoint({
    method: 'POST',
    path: '/dispute/escalate',
    summary: 'Escalate a dispute to an administrator, with a reason. Once only (409 after).',
    permission: 'VENDOR_ORDERS',
    body: v.object({ disputeId: id, reason: text(MAX_ESCALATION_REASON) }),
    response: DisputeInfo,
    errors: ['NOT_FOUND', 'DISPUTE_ALREADY_ESCALATED', 'DISPUTE_RESOLVED'],
  }),
}
