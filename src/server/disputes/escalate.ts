import { and, eq } from 'drizzle-orm'

import type { DisputeInfo } from '#contract/disputes'

import type { Db } from '../db/client'
import { disputes, orders } from '../db/sales-schema'
import { ApiError } from '../errors'
import { addOrderEvent } from '../orders/events'
import { appendMessage, laterThanBefore } from './conversation'
import { findDispute, loadDisputeInfo } from './read'

/** Who answers for the platform in a thread; administrators write under this name, not their own. */
export const SUPPORT_NAME = 'Support'
export const ESCALATION_RECEIVED =
  'We have received your escalation. An administrator will review the order and this conversation and reply here.'

/**
 * Hands a dispute to an administrator, once. The conditional UPDATE (status = 'open') decides, so two taps, or
 * two team members at once, escalate it exactly once; the other gets a 409. Support's acknowledgement goes into
 * the thread and the order's timeline notes it, in the same transaction.
 */
export async function escalateDispute(
  db: Db,
  vendorId: string,
  user: { name: string },
  input: { disputeId: string; reason: string },
  now: Date,
): Promise<DisputeInfo> {
  await db.transaction(async (tx) => {
    const dispute = await findDispute(tx, vendorId, input.disputeId)
    // The order's row lock orders its timeline writes (addOrderEvent); taken first, as every order writer does.
    const [order] = await tx
      .select({ id: orders.id, vendorId: orders.vendorId })
      .from(orders)
      .where(and(eq(orders.vendorId, vendorId), eq(orders.id, dispute.orderId)))
      .for('update')
    const [escalated] = await tx
      .update(disputes)
      .set({ status: 'escalated', escalationReason: input.reason, escalatedAt: now, updatedAt: laterThanBefore(now) })
      .where(and(eq(disputes.vendorId, vendorId), eq(disputes.id, input.disputeId), eq(disputes.status, 'open')))
      .returning()
    if (!escalated) {
      const current = await findDispute(tx, vendorId, input.disputeId)
      throw current.escalatedAt
        ? new ApiError(409, 'DISPUTE_ALREADY_ESCALATED', 'This dispute has already been escalated')
        : new ApiError(409, 'DISPUTE_RESOLVED', 'This dispute has been resolved and cannot be escalated')
    }
    await appendMessage(tx, {
      vendorId,
      disputeId: escalated.id,
      author: 'admin',
      authorName: SUPPORT_NAME,
      userId: null,
      body: ESCALATION_RECEIVED,
      now,
      change: 'escalated',
    })
    const event = {
      kind: 'dispute' as const,
      message: `Dispute escalated to admin: ${escalated.title}`,
      actorName: user.name,
    }
    await addOrderEvent(tx, order!, event, now)
  })
  return loadDisputeInfo(db, vendorId, input.disputeId)
}
