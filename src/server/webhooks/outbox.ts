import { randomUUID } from 'node:crypto'

import { and, arrayContains, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm'

import { WEBHOOK_LOG_KEPT_MS, type WebhookEventData, type WebhookEventType } from '#contract/webhooks'

import type { Db, Tx } from '../db/client'
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/webhooks-schema'
import { enqueue } from '../jobs/queue'

/*
 * The outbox (decision 169): an event is written in the database transaction of the change it tells, with one
 * delivery per endpoint that takes its type and a `deliver-webhook` job per delivery. A change rolled back leaves
 * no event; a change committed cannot lose its event. The event's key names the change (the credit's transaction,
 * the refund), so a change told twice (a bank notice replayed) is one event.
 */

/** A delivery's job: tried once at once, then backed off over 3 days (delivery-job.ts). */
export const DELIVERY_MAX_ATTEMPTS = 40

export function deliveryJobKey(deliveryId: string): string {
  return `webhook-delivery:${deliveryId}`
}

export interface NewWebhookEvent<T extends WebhookEventType> {
  vendorId: string
  type: T
  /** The change's own identity: one event per key and vendor. */
  key: string
  /** What the event is about (`order:<id>`): deliveries of one subject to one endpoint go in order. */
  subject: string
  data: WebhookEventData[T]
  at: Date
}

/**
 * Records the event and its deliveries in `tx`; answers the event's id, or null when the key had one already or
 * no endpoint of the vendor takes the type.
 */
export async function recordWebhookEvent<T extends WebhookEventType>(tx: Db | Tx, event: NewWebhookEvent<T>): Promise<string | null> {
  const targets = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.vendorId, event.vendorId),
        eq(webhookEndpoints.isEnabled, true),
        isNull(webhookEndpoints.deletedAt),
        arrayContains(webhookEndpoints.events, [event.type]),
      ),
    )
  // No endpoint takes it: nothing would ever read the row (a resend needs a delivery), so none is written.
  if (targets.length === 0) return null
  const id = `evt_${randomUUID().replaceAll('-', '')}`
  const body = JSON.stringify({ id, type: event.type, timestamp: event.at.toISOString(), data: event.data })
  const [inserted] = await tx
    .insert(webhookEvents)
    .values({ id, vendorId: event.vendorId, type: event.type, dedupeKey: event.key, subject: event.subject, body, createdAt: event.at })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id })
  if (!inserted) return null
  for (const target of targets) await addDelivery(tx, { vendorId: event.vendorId, eventId: id, endpointId: target.id }, event.at)
  return id
}

/** Deliveries over for WEBHOOK_LOG_KEPT_MS, then events left with no delivery (the daily purge-expired job). */
export async function purgeWebhookLog(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - WEBHOOK_LOG_KEPT_MS)
  await db
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ['delivered', 'failed', 'cancelled']), lt(webhookDeliveries.createdAt, before)))
  await db.delete(webhookEvents).where(
    and(
      lt(webhookEvents.createdAt, before),
      notExists(
        db
          .select({ one: sql`1` })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.eventId, webhookEvents.id)),
      ),
    ),
  )
}

/** One delivery and its job, due at `at` (the server's clock, which the workers compare with), in `tx`. */
export async function addDelivery(tx: Db | Tx, delivery: { vendorId: string; eventId: string; endpointId: string }, at: Date) {
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({ ...delivery, createdAt: at })
    .returning()
  await enqueue(tx, {
    kind: 'deliver-webhook',
    payload: { deliveryId: row!.id },
    dedupeKey: deliveryJobKey(row!.id),
    runAt: at,
    maxAttempts: DELIVERY_MAX_ATTEMPTS,
  })
  return row!
}
