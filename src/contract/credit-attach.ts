import * as v from 'valibot'

import { id, kobo, MAX_ID_LENGTH } from './common'
import { endpoint } from './endpoint'
import { OrderSummary } from './orders'
import { Transaction } from './transactions'

/*
 * Attach a credit to an order (issue 42, decision 189): an offline credit already in the main wallet pays an open
 * order or invoice the vendor picks, as a transfer quoting its reference would have. Once: the credit is then
 * matched, so it cannot be attached again, turned into an order or marked as POS. Its own file because it needs
 * both the order and the transaction shapes (orders.ts imports transactions.ts).
 */

/** Why an order is offered: the order whose own account the credit was paid into, the payer's, or a search. */
export const ATTACH_MATCHES = ['account', 'payer', 'search'] as const

export const AttachCandidate = v.object({
  ...OrderSummary.entries,
  /** amount − amountPaid: what the order still owes, kobo. */
  amountDue: kobo,
  match: v.picklist(ATTACH_MATCHES),
})
export type AttachCandidate = v.InferOutput<typeof AttachCandidate>

/** How many orders one list answers: a phone sheet, not a report. */
export const MAX_ATTACH_CANDIDATES = 20

export const AttachedCredit = v.object({
  /** The credit, now matched to the order (orderReference set). */
  transaction: Transaction,
  /** The order as the payment left it: status as a payment quoting its reference would set it. */
  order: OrderSummary,
})
export type AttachedCredit = v.InferOutput<typeof AttachedCredit>

const orderReference = v.pipe(
  v.string('is required'),
  v.trim(),
  v.toUpperCase(),
  v.nonEmpty('is required'),
  v.maxLength(MAX_ID_LENGTH, 'is too long'),
)

export const creditAttachEndpoints = {
  attachCandidates: endpoint({
    method: 'GET',
    path: '/transaction/attach/orders',
    summary:
      "Open orders and invoices (pending or partially paid) a credit could pay: without `search`, the order whose account it was paid into and the payer's, newest first; with it, any open order whose reference or customer name contains it.",
    permission: 'VENDOR_ORDERS',
    query: v.object({ id, search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'is too long'))) }),
    response: v.object({ items: v.array(AttachCandidate) }),
    errors: ['NOT_FOUND'],
  }),
  attachCredit: endpoint({
    method: 'POST',
    path: '/transaction/attach',
    summary:
      'Pay an open order or invoice with an offline credit of the main wallet, as a transfer quoting its reference would (partially-paid, paid or overpayment). Once: the credit is matched to it, and a second attach, an order for it or marking it as POS is refused (409).',
    permission: 'VENDOR_ORDERS',
    idempotent: true,
    body: v.object({ id, orderReference }),
    response: AttachedCredit,
    errors: ['NOT_FOUND', 'CREDIT_ALREADY_USED', 'CREDIT_NOT_ATTACHABLE', 'ORDER_NOT_PAYABLE'],
  }),
}
