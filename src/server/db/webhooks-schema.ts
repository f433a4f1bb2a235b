import { sql } from 'drizzle-orm'
import { bigserial, boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

import { createdAt, id, vendorId } from './schema'

/*
 * Outgoing webhooks (issue 40, decision 169): the vendor's endpoints, the events recorded in the transaction of
 * the change they tell (the outbox), and one delivery per event and endpoint, sent by a `deliver-webhook` job.
 */

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    vendorId: vendorId(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** Event types (contract WEBHOOK_EVENT_TYPES) this endpoint is sent. */
    events: text('events').array().notNull(),
    /** `whsec_` + base64 of 24 random bytes (Standard Webhooks). */
    secret: text('secret').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** Removed endpoints stay for their deliveries' log; they are never sent to again. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_vendor_idx').on(t.vendorId)],
)

export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** `evt_…`: the `webhook-id` header of every delivery of this event. */
    id: text('id').primaryKey(),
    vendorId: vendorId(),
    type: text('type').notNull(),
    /** What made the event (`payment.received:<transaction id>`): one event per change, however often it is told. */
    dedupeKey: text('dedupe_key').notNull(),
    /** Deliveries of one subject (an order, a dispute) to one endpoint go in order. */
    subject: text('subject').notNull(),
    /** The JSON body exactly as signed and sent: text, since jsonb would reorder its keys. */
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webhook_events_dedupe_uq').on(t.vendorId, t.dedupeKey)],
)

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    /** Creation order: an endpoint's deliveries of one subject are sent in this order. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    vendorId: vendorId(),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    status: text('status', { enum: ['pending', 'delivered', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    answerStatus: smallint('answer_status'),
    answerBody: text('answer_body'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_vendor_idx').on(t.vendorId, sql`${t.seq} desc`),
    index('webhook_deliveries_endpoint_pending_idx')
      .on(t.endpointId, t.seq)
      .where(sql`${t.status} = 'pending'`),
  ],
)

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect
export type WebhookEventRow = typeof webhookEvents.$inferSelect
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect
