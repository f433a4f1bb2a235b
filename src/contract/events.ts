import * as v from 'valibot'

import { ORDER_STATUSES } from './statuses'
import { Transaction } from './transactions'

/*
 * Live payment alerts (issue 22, docs/decisions/107): GET /api/events is a server-sent event stream, not a JSON
 * endpoint, so it is not in `endpoints`; its one event is declared here for the server that writes it and the app
 * that reads it.
 */

/** The stream's path under /api. Authenticated with the bearer token like every call; a 401 or 403 is final. */
export const EVENTS_PATH = '/events'

/** The SSE `event:` name of a credit. */
export const PAYMENT_RECEIVED = 'payment'

/**
 * A bank credit into the main wallet or an outlet's, sent to each signed-in user who may see that wallet. The SSE
 * `id:` is the credit's ledger entry id (an ordered id from the database), which a reconnecting client sends back as
 * Last-Event-ID to receive the credits it missed in the last few minutes.
 */
export const PaymentReceived = v.object({
  transaction: Transaction,
  /** The outlet whose wallet was credited; null for the main wallet. */
  outletId: v.nullable(v.string()),
  /**
   * The order the credit paid (its narration quoted the reference) and that order's status as the event is sent,
   * so the alert can say "for ORD-6NNFBZ7T, now paid"; null for a credit that paid no order.
   */
  order: v.nullable(v.object({ reference: v.string(), status: v.picklist(ORDER_STATUSES) })),
})
export type PaymentReceived = v.InferOutput<typeof PaymentReceived>
