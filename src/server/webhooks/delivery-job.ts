import { and, asc, eq, lt } from 'drizzle-orm'

import { WEBHOOK_RETRY_WINDOW_MS } from '#contract/webhooks'

import { HOUR_MS } from '../clock'
import { jobs } from '../db/platform-schema'
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/webhooks-schema'
import type { AppDeps } from '../deps'
import { type Backoff, backoffDelay } from '../jobs/queue'
import { GiveUp, type JobRun } from '../jobs/worker'
import { deliveryJobKey } from './outbox'
import { postWebhook } from './send'
import { signWebhook } from './signing'

/*
 * The `deliver-webhook` job (decision 169): one POST of one delivery per run. A 2xx answer delivers it; anything
 * else (no answer, a refusal, a redirect, a 500) is written to the delivery's log and thrown, so the queue retries it
 * with back-off until WEBHOOK_RETRY_WINDOW_MS after the event, when it is failed for good.
 */

/** 5 s after the first failure, doubling, at most 4 h apart: about 30 tries over the 3 days. */
export const DELIVERY_BACKOFF: Backoff = { baseMs: 5_000, capMs: 4 * HOUR_MS }
/** Longer than a send can take (10 s), so a live run's job is not claimed by another worker. */
export const DELIVERY_LEASE_MS = 60_000

export async function deliverWebhookJob(deps: Pick<AppDeps, 'db' | 'serverMode'>, deliveryId: string, run: JobRun): Promise<void> {
  const { db } = deps
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId))
  if (!row || row.delivery.status !== 'pending') return
  const scope = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending'))
  const { delivery, endpoint, event } = row
  if (endpoint.deletedAt || !endpoint.isEnabled) {
    await db.update(webhookDeliveries).set({ status: 'cancelled', nextAttemptAt: null }).where(scope)
    return
  }
  const now = run.now
  const lastChance = now.getTime() - event.createdAt.getTime() >= WEBHOOK_RETRY_WINDOW_MS || run.attempt >= run.maxAttempts
  // In order per subject: an earlier event about the same order or dispute still undelivered to this endpoint goes first.
  const [earlier] = lastChance
    ? []
    : await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpoint.id),
            eq(webhookDeliveries.status, 'pending'),
            lt(webhookDeliveries.seq, delivery.seq),
            eq(webhookEvents.subject, event.subject),
          ),
        )
        .limit(1)
  if (earlier) {
    await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(now.getTime() + backoffDelay(run.attempt, DELIVERY_BACKOFF)) })
      .where(scope)
    throw new Error(`waiting for the earlier delivery ${earlier.id} of ${event.subject}`)
  }
  const headers = signWebhook(endpoint.secret, event.id, now, event.body)
  const outcome = await postWebhook(endpoint.url, { ...headers }, event.body, { production: deps.serverMode.production })
  const status = outcome.ok ? 'delivered' : lastChance ? 'failed' : 'pending'
  await db
    .update(webhookDeliveries)
    .set({
      status,
      attempts: delivery.attempts + 1,
      answerStatus: outcome.status,
      answerBody: outcome.body,
      lastAttemptAt: now,
      nextAttemptAt: status === 'pending' ? new Date(now.getTime() + backoffDelay(run.attempt, DELIVERY_BACKOFF)) : null,
    })
    .where(scope)
  if (outcome.ok) return wakeNext(deps, endpoint.id, event.subject, now)
  const reason = `${endpoint.url} answered ${outcome.status ?? 'nothing'}: ${outcome.body.slice(0, 200)}`
  throw lastChance ? new GiveUp(reason) : new Error(reason)
}

/** The next delivery of the subject that waited on this one is due now, not at its backed-off time. */
async function wakeNext(deps: Pick<AppDeps, 'db'>, endpointId: string, subject: string, now: Date) {
  const [next] = await deps.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending'), eq(webhookEvents.subject, subject)))
    .orderBy(asc(webhookDeliveries.seq))
    .limit(1)
  if (!next) return
  await deps.db
    .update(jobs)
    .set({ runAt: now })
    .where(and(eq(jobs.dedupeKey, deliveryJobKey(next.id)), eq(jobs.state, 'pending')))
}
