import { and, eq, ne } from 'drizzle-orm'

import type { DisputeInfo } from '#contract/disputes'

import type { Db } from '../db/client'
import { disputes, orders } from '../db/sales-schema'
import { ApiError } from '../errors'
import { addOrderEvent } from '../orders/events'
import { disputeUpdated } from '../webhooks/events'
import { requireDisputeCategory } from './categories'
import { toDisputeInfo } from './views'

export interface NewDispute {
  orderReference: string
  title: string
  description: string
  /** A category id. */
  category: string
}

/*
 * 404 rather than 422 for a reference that is not one of the vendor's orders: another vendor's order must look
 * exactly like one that does not exist. The issue still names the field, so the form shows it under
 * "Order reference" (docs/decisions/033).
 */
const orderNotFound = () =>
  new ApiError(404, 'NOT_FOUND', 'Order not found', {
    issues: [{ path: 'orderReference', message: 'is not one of your orders' }],
  })

/**
 * Opens a dispute against one of the vendor's orders and notes it on the order's timeline. The description is
 * the dispute's opening statement; the conversation starts empty (docs/decisions/037). One dispute at a time per
 * order: the order row is locked, so two taps on Submit cannot open two.
 */
export async function openDispute(
  db: Db,
  vendorId: string,
  user: { id: string; name: string },
  input: NewDispute,
  now: Date,
): Promise<DisputeInfo> {
  return db.transaction(async (tx) => {
    const category = await requireDisputeCategory(tx, input.category)
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.vendorId, vendorId), eq(orders.reference, input.orderReference)))
      .for('update')
    if (!order) throw orderNotFound()
    const [unresolved] = await tx
      .select({ id: disputes.id })
      .from(disputes)
      .where(and(eq(disputes.vendorId, vendorId), eq(disputes.orderId, order.id), ne(disputes.status, 'resolved')))
      .limit(1)
    if (unresolved) {
      throw new ApiError(409, 'DISPUTE_EXISTS', `Order ${order.reference} already has a dispute that is not resolved`)
    }
    const [dispute] = await tx
      .insert(disputes)
      .values({
        vendorId,
        orderId: order.id,
        orderReference: order.reference,
        title: input.title,
        description: input.description,
        categoryId: category.id,
        createdBy: user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    await addOrderEvent(tx, order, { kind: 'dispute', message: `Dispute opened: ${input.title}`, actorName: user.name }, now)
    await disputeUpdated(tx, dispute!, 'opened', 'opened')
    return toDisputeInfo({ dispute: dispute!, category, order })
  })
}
