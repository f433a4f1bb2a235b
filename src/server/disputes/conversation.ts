import { and, asc, count, eq, ne, sql } from 'drizzle-orm'

import type { DisputeMessage } from '#contract/disputes'

import type { Db } from '../db/client'
import { type DisputeMessageRow, disputeMessages, disputes } from '../db/sales-schema'
import { ApiError } from '../errors'
import { disputeUpdated } from '../webhooks/events'
import { findDispute } from './read'
import { toDisputeMessage } from './views'

/**
 * A dispute's new updated_at: now, but always after its previous value. Messages take this as their time, so a
 * thread has one order even when two writes share a clock reading (a test clock, an escalation and its notice).
 */
export const laterThanBefore = (now: Date) =>
  sql`greatest(${now.toISOString()}::timestamptz, ${disputes.updatedAt} + interval '1 millisecond')`

export interface NewMessage {
  vendorId: string
  disputeId: string
  author: DisputeMessageRow['author']
  authorName: string
  /** The team member who wrote it; null for the customer and for administrators. */
  userId: string | null
  body: string
  now: Date
  /** What the dispute.updated webhook says happened: a message unless the caller says otherwise (an escalation). */
  change?: 'escalated'
}

/**
 * Adds a message and counts it, both or neither (call inside a transaction). The conditional UPDATE counts
 * atomically and refuses a resolved dispute; 404 for another vendor's dispute, 409 once it is resolved.
 */
export async function appendMessage(db: Db, input: NewMessage): Promise<DisputeMessageRow> {
  const [touched] = await db
    .update(disputes)
    .set({ messageCount: sql`${disputes.messageCount} + 1`, updatedAt: laterThanBefore(input.now) })
    .where(and(eq(disputes.vendorId, input.vendorId), eq(disputes.id, input.disputeId), ne(disputes.status, 'resolved')))
    .returning()
  if (!touched) {
    await findDispute(db, input.vendorId, input.disputeId)
    throw new ApiError(409, 'DISPUTE_RESOLVED', 'This dispute has been resolved and takes no more messages')
  }
  const [row] = await db
    .insert(disputeMessages)
    .values({
      vendorId: input.vendorId,
      disputeId: input.disputeId,
      author: input.author,
      authorName: input.authorName,
      userId: input.userId,
      body: input.body,
      createdAt: touched.updatedAt,
    })
    .returning()
  await disputeUpdated(db, touched, input.change ?? 'message', row!.id)
  return row!
}

export async function sendVendorMessage(
  db: Db,
  vendorId: string,
  user: { id: string; name: string },
  input: { disputeId: string; message: string },
  now: Date,
): Promise<DisputeMessage> {
  const row = await db.transaction((tx) =>
    appendMessage(tx, {
      vendorId,
      disputeId: input.disputeId,
      author: 'vendor',
      authorName: user.name,
      userId: user.id,
      body: input.message,
      now,
    }),
  )
  return toDisputeMessage(row)
}

/** The thread, oldest first, paged. */
export async function listMessages(db: Db, vendorId: string, query: { disputeId: string; page: number; size: number }) {
  await findDispute(db, vendorId, query.disputeId)
  const where = and(eq(disputeMessages.vendorId, vendorId), eq(disputeMessages.disputeId, query.disputeId))
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(disputeMessages)
      .where(where)
      .orderBy(asc(disputeMessages.createdAt), asc(disputeMessages.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(disputeMessages).where(where),
  ])
  return { items: rows.map(toDisputeMessage), page: query.page, size: query.size, total: total?.total ?? 0 }
}
