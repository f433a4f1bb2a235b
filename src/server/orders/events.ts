import { sql } from 'drizzle-orm'

import type { ORDER_EVENT_KINDS } from '#contract/orders'

import type { Db } from '../db/client'
import { orderEvents } from '../db/sales-schema'

export interface NewOrderEvent {
  kind: (typeof ORDER_EVENT_KINDS)[number]
  message: string
  amount?: number | null
  /** A team member's name; null for the system (a payment, the bank). */
  actorName?: string | null
}

/**
 * Adds a line to an order's timeline. Its time is `at`, or 1 ms after the order's latest line when that is not
 * earlier (several lines in one transaction, or a clock that stood still): the timeline sorts by time alone and
 * always reads in the order things happened. Callers hold the order's row lock (or just created it), so two
 * writers never read the same latest line.
 */
export async function addOrderEvent(tx: Db, order: { id: string; vendorId: string }, event: NewOrderEvent, at: Date): Promise<void> {
  const latest = sql`(select max(${orderEvents.createdAt}) from ${orderEvents}
    where ${orderEvents.vendorId} = ${order.vendorId} and ${orderEvents.orderId} = ${order.id})`
  const atText = at.toISOString()
  await tx.insert(orderEvents).values({
    vendorId: order.vendorId,
    orderId: order.id,
    kind: event.kind,
    message: event.message,
    amount: event.amount ?? null,
    actorName: event.actorName ?? null,
    createdAt: sql`greatest(${atText}::timestamptz, ${latest} + interval '1 millisecond')`,
  })
}
