import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm'

import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_TIMEOUT_MS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '#contract/webhooks'

import type { Db } from '../db/client'
import { jobs } from '../db/platform-schema'
import { webhookDeliveries, type WebhookDeliveryRow, type WebhookEndpointRow, webhookEndpoints, webhookEvents } from '../db/webhooks-schema'
import type { AppDeps } from '../deps'
import { ApiError, notFound } from '../errors'
import { hostOf, publicAddressesOf, UnsafeAddress } from './address-guard'
import { addDelivery, deliveryJobKey } from './outbox'
import { within } from './send'
import { newWebhookSecret } from './signing'

/*
 * The vendor's endpoints and their delivery log (decision 169). Every call here is a management call: gated by
 * VENDOR_DEVELOPERS in the contract, never open to an API key.
 */

const urlRefused = (message: string) => new ApiError(422, 'VALIDATION_FAILED', `url: ${message}`, { issues: [{ path: 'url', message }] })

/** In production: https, and a host whose every address is public (checked again at each send). */
async function checkUrl(deps: Pick<AppDeps, 'serverMode'>, text: string): Promise<string> {
  const url = new URL(text)
  if (url.username || url.password) throw urlRefused('must not contain a user name or password')
  if (!deps.serverMode.production) return url.toString()
  if (url.protocol !== 'https:') throw urlRefused('must start with https://')
  try {
    // Bounded as a send's check is (send.ts): a name server that never answers is a refusal, not a hung request.
    await within(publicAddressesOf(hostOf(url)), WEBHOOK_TIMEOUT_MS, `${hostOf(url)} did not resolve within ${WEBHOOK_TIMEOUT_MS / 1000} s`)
  } catch (error) {
    if (error instanceof UnsafeAddress) throw urlRefused(`must reach a public address (${error.message})`)
    throw urlRefused(`must reach a public address (${(error as Error).message})`)
  }
  return url.toString()
}

function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    isEnabled: row.isEnabled,
    createdAt: row.createdAt.toISOString(),
  }
}

const withSecret = (row: WebhookEndpointRow): WebhookEndpointWithSecret => ({ ...toEndpoint(row), secret: row.secret })

async function findEndpoint(db: Db, vendorId: string, id: string): Promise<WebhookEndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.vendorId, vendorId), eq(webhookEndpoints.id, id), isNull(webhookEndpoints.deletedAt)))
  if (!row) throw notFound('Webhook endpoint')
  return row
}

export async function listEndpoints(db: Db, vendorId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.vendorId, vendorId), isNull(webhookEndpoints.deletedAt)))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
  return rows.map(toEndpoint)
}

export async function createEndpoint(
  deps: Pick<AppDeps, 'db' | 'serverMode' | 'clock'>,
  vendorId: string,
  input: { url: string; events: WebhookEventType[]; description: string },
): Promise<WebhookEndpointWithSecret> {
  const url = await checkUrl(deps, input.url)
  return deps.db.transaction(async (tx) => {
    const [held] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.vendorId, vendorId), isNull(webhookEndpoints.deletedAt)))
    if ((held?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS)
      throw urlRefused(`you can have at most ${MAX_WEBHOOK_ENDPOINTS} endpoints; remove one first`)
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        vendorId,
        url,
        events: input.events,
        description: input.description,
        secret: newWebhookSecret(),
        createdAt: deps.clock.now(),
      })
      .returning()
    return withSecret(row!)
  })
}

export async function updateEndpoint(
  deps: Pick<AppDeps, 'db' | 'serverMode' | 'clock'>,
  vendorId: string,
  id: string,
  input: { url?: string; events?: WebhookEventType[]; description?: string; isEnabled?: boolean },
): Promise<WebhookEndpoint> {
  const current = await findEndpoint(deps.db, vendorId, id)
  const url = input.url === undefined ? undefined : await checkUrl(deps, input.url)
  const change = { url, events: input.events, description: input.description, isEnabled: input.isEnabled }
  // Nothing given: nothing to write (drizzle refuses an UPDATE with no column).
  if (Object.values(change).every((value) => value === undefined)) return toEndpoint(current)
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set(change)
    .where(and(eq(webhookEndpoints.vendorId, vendorId), eq(webhookEndpoints.id, id), isNull(webhookEndpoints.deletedAt)))
    .returning()
  if (!row) throw notFound('Webhook endpoint')
  // Turned on again: the deliveries a pause postponed (delivery-job.ts) are due now, not at their postponed time.
  if (input.isEnabled === true) await resumeDeliveries(deps, row.id)
  return toEndpoint(row)
}

async function resumeDeliveries(deps: Pick<AppDeps, 'db' | 'clock'>, endpointId: string) {
  const waiting = await deps.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')))
  if (waiting.length === 0) return
  await deps.db
    .update(jobs)
    .set({ runAt: deps.clock.now() })
    .where(
      and(
        inArray(
          jobs.dedupeKey,
          waiting.map((delivery) => deliveryJobKey(delivery.id)),
        ),
        eq(jobs.state, 'pending'),
      ),
    )
}

/** Removed, not deleted: its log stays readable; its pending deliveries are cancelled (their jobs then do nothing). */
export async function deleteEndpoint(deps: Pick<AppDeps, 'db' | 'clock'>, vendorId: string, id: string): Promise<void> {
  await findEndpoint(deps.db, vendorId, id)
  await deps.db.transaction(async (tx) => {
    await tx
      .update(webhookEndpoints)
      .set({ deletedAt: deps.clock.now(), isEnabled: false })
      .where(and(eq(webhookEndpoints.vendorId, vendorId), eq(webhookEndpoints.id, id)))
    await tx
      .update(webhookDeliveries)
      .set({ status: 'cancelled', nextAttemptAt: null })
      .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')))
  })
}

export async function endpointSecret(db: Db, vendorId: string, id: string): Promise<WebhookEndpointWithSecret> {
  return withSecret(await findEndpoint(db, vendorId, id))
}

export async function rotateSecret(db: Db, vendorId: string, id: string): Promise<WebhookEndpointWithSecret> {
  await findEndpoint(db, vendorId, id)
  const [row] = await db
    .update(webhookEndpoints)
    .set({ secret: newWebhookSecret() })
    .where(and(eq(webhookEndpoints.vendorId, vendorId), eq(webhookEndpoints.id, id)))
    .returning()
  return withSecret(row!)
}

const deliveryColumns = { delivery: webhookDeliveries, type: webhookEvents.type, body: webhookEvents.body }

function toDelivery({ delivery, type, body }: { delivery: WebhookDeliveryRow; type: string; body: string }): WebhookDelivery {
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    type: type as WebhookEventType,
    status: delivery.status,
    attempts: delivery.attempts,
    answerStatus: delivery.answerStatus,
    answerBody: delivery.answerBody,
    requestBody: body,
    createdAt: delivery.createdAt.toISOString(),
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
  }
}

export async function listDeliveries(db: Db, vendorId: string, query: { endpointId?: string; page: number; size: number }) {
  const where = and(
    eq(webhookDeliveries.vendorId, vendorId),
    query.endpointId ? eq(webhookDeliveries.endpointId, query.endpointId) : undefined,
  )
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(desc(webhookDeliveries.seq))
    .limit(query.size)
    .offset((query.page - 1) * query.size)
  const [total] = await db.select({ n: count() }).from(webhookDeliveries).where(where)
  return { items: rows.map(toDelivery), page: query.page, size: query.size, total: total?.n ?? 0 }
}

/** A new delivery of the same event to the same endpoint, due now: the log keeps the first as it was. */
export async function resendDelivery(deps: Pick<AppDeps, 'db' | 'clock'>, vendorId: string, id: string): Promise<WebhookDelivery> {
  const { db } = deps
  const [found] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.vendorId, vendorId), eq(webhookDeliveries.id, id)))
  if (!found) throw notFound('Delivery')
  if (found.endpoint.deletedAt || !found.endpoint.isEnabled)
    throw new ApiError(409, 'WEBHOOK_ENDPOINT_INACTIVE', 'This delivery’s endpoint was removed or is paused; turn it on to send to it')
  const created = await db.transaction((tx) =>
    addDelivery(tx, { vendorId, eventId: found.delivery.eventId, endpointId: found.delivery.endpointId }, deps.clock.now()),
  )
  const [row] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, created.id))
  return toDelivery(row!)
}
