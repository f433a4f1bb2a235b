import { and, eq } from 'drizzle-orm'

import { MANUAL_TRANSITIONS, type OrderStatus } from '#contract/orders'

import type { Db } from '../db/client'
import { type OrderRow, orders } from '../db/sales-schema'
import { ApiError } from '../errors'
import type { OrderActor } from './create'
import { addOrderEvent } from './events'
import { lockOrder } from './queries'

/** The statuses PATCH /order accepts from this one. */
export const allowedStatuses = (status: OrderStatus): OrderStatus[] => [...(MANUAL_TRANSITIONS[status] ?? [])]

const MONEY_STATUSES: readonly OrderStatus[] = ['paid', 'partially-paid', 'overpayment']

/** "order" or "invoice": what the vendor reads is what they are looking at (issue 35 item 19). */
function refusal(kind: OrderRow['kind'], from: OrderStatus, to: OrderStatus): ApiError {
  const why =
    to === 'refunded' || to === 'refund-pending' || to === 'refund-failed'
      ? 'Refunds are made with Initiate Refund (PUT /order), which sends the money back'
      : MONEY_STATUSES.includes(to)
        ? 'Payment statuses follow the money that reaches your wallet'
        : from === to
          ? `The ${kind} is already ${to}`
          : allowedStatuses(from).length
            ? `From ${from} it can become ${allowedStatuses(from).join(' or ')}`
            : `A ${from} ${kind}'s status cannot be changed by hand`
  return new ApiError(
    409,
    'ILLEGAL_STATUS_CHANGE',
    `Cannot change ${kind === 'invoice' ? 'an invoice' : 'an order'} from ${from} to ${to}. ${why}.`,
  )
}

/**
 * PATCH /order: a change a merchant makes by hand (MANUAL_TRANSITIONS in the contract), under the order's lock so
 * a payment arriving at the same moment is either before it (and checked against) or after it.
 */
export async function changeOrderStatus(
  db: Db,
  actor: OrderActor,
  input: { reference: string; status: OrderStatus; narration?: string | null },
  at: Date,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, actor.vendorId, input.reference)
    if (!allowedStatuses(order.status).includes(input.status)) throw refusal(order.kind, order.status, input.status)
    const [updated] = await tx
      .update(orders)
      .set({ status: input.status, updatedAt: at })
      .where(and(eq(orders.vendorId, order.vendorId), eq(orders.id, order.id)))
      .returning()
    const note = input.narration ? `: ${input.narration}` : ''
    await addOrderEvent(
      tx,
      order,
      { kind: 'status', message: `Status changed from ${order.status} to ${input.status}${note}`, actorName: actor.name },
      at,
    )
    return updated!
  })
}
