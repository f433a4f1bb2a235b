import { and, eq } from 'drizzle-orm'

import { MANUAL_TRANSITIONS, type OrderStatus } from '#contract/orders'

import type { Db, Tx } from '../db/client'
import { type OrderRow, orders } from '../db/sales-schema'
import { ApiError } from '../errors'
import { releaseCouponUse, retakeCouponUse } from '../selling-terms/coupons'
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

/** Statuses of an order nobody will pay: it holds no use of its coupon (decision 188). */
const GIVES_UP_COUPON: readonly OrderStatus[] = ['abandoned', 'failed']

/**
 * An order with a coupon holds one of its uses while it may still be paid (decision 188): marked abandoned or failed
 * it gives the use back, so a customer's unpaid checkout does not keep a limited coupon from the next; reopened, it
 * takes the use again, refused when none is left. Answers what the timeline line adds ("" without a coupon).
 */
async function moveCouponUse(tx: Tx, order: OrderRow, to: OrderStatus): Promise<string> {
  if (!order.couponId) return ''
  const held = !GIVES_UP_COUPON.includes(order.status)
  if (held === !GIVES_UP_COUPON.includes(to)) return ''
  if (held) {
    await releaseCouponUse(tx, order.vendorId, order.couponId)
    return ` (coupon ${order.couponCode}'s use given back)`
  }
  if (await retakeCouponUse(tx, order.vendorId, order.couponId)) return ` (coupon ${order.couponCode}'s use taken again)`
  const what = order.kind === 'invoice' ? 'an invoice' : 'an order'
  throw new ApiError(
    409,
    'ILLEGAL_STATUS_CHANGE',
    `Cannot change ${what} from ${order.status} to ${to}. Its coupon ${order.couponCode} has been used the maximum number of times: raise its max usage first.`,
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
    const coupon = await moveCouponUse(tx, order, input.status)
    const [updated] = await tx
      .update(orders)
      .set({ status: input.status, updatedAt: at })
      .where(and(eq(orders.vendorId, order.vendorId), eq(orders.id, order.id)))
      .returning()
    const note = input.narration ? `: ${input.narration}` : ''
    await addOrderEvent(
      tx,
      order,
      { kind: 'status', message: `Status changed from ${order.status} to ${input.status}${note}${coupon}`, actorName: actor.name },
      at,
    )
    return updated!
  })
}
