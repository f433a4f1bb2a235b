import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm'

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
 * with back-off until WEBHOOK_RETRY_WINDOW_MS after the delivery was created, when it is failed for good. A paused
 * endpoint's deliveries wait (postpone); a removed one's are cancelled.
 */

/** 5 s after the first failure, doubling, at most 4 h apart: about 30 tries over the 3 days. */
export const DELIVERY_BACKOFF: Backoff = { baseMs: 5_000, capMs: 4 * HOUR_MS }
/** Longer than a send can take (10 s), so a live run's job is not claimed by another worker. */
export const DELIVERY_LEASE_MS = 60_000

/** How long a paused endpoint's delivery waits before it looks again (turning the endpoint on wakes it at once). */
export const PAUSED_RECHECK_MS = HOUR_MS

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
  const now = run.now
  if (endpoint.deletedAt) {
    await db.update(webhookDeliveries).set({ status: 'cancelled', nextAttemptAt: null }).where(scope)
    return
  }
  if (!endpoint.isEnabled) return postpone(deps, run, deliveryId)
  // The window runs from this delivery's creation: a resend of an old event gets its own 3 days.
  const lastChance = now.getTime() - delivery.createdAt.getTime() >= WEBHOOK_RETRY_WINDOW_MS || run.attempt >= run.maxAttempts
  const giveUp = async () => {
    await db.update(webhookDeliveries).set({ status: 'failed', nextAttemptAt: null }).where(scope)
    await wakeNext(deps, endpoint.id, event.subject, now)
  }
  try {
    // In order per subject: an earlier event about the same order or dispute still undelivered to this endpoint goes first.
    const earlier = lastChance ? undefined : await earlierLive(deps, endpoint.id, event.subject, delivery.seq)
    if (earlier) {
      await db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date(now.getTime() + backoffDelay(run.attempt, DELIVERY_BACKOFF)) })
        .where(scope)
      throw new Error(`waiting for the earlier delivery ${earlier} of ${event.subject}`)
    }
    const headers = signWebhook(endpoint.secret, event.id, now, event.body)
    const outcome = await postWebhook(endpoint.url, { ...headers }, event.body, { production: deps.serverMode.production })
    const status = outcome.ok ? 'delivered' : lastChance ? 'failed' : 'pending'
    const written = {
      status,
      attempts: delivery.attempts + 1,
      answerStatus: outcome.status,
      answerBody: outcome.body,
      lastAttemptAt: now,
      nextAttemptAt: status === 'pending' ? new Date(now.getTime() + backoffDelay(run.attempt, DELIVERY_BACKOFF)) : null,
    } as const
    try {
      await db.update(webhookDeliveries).set(written).where(scope)
    } catch (error) {
      // A 2xx is never sent again: if its answer cannot be kept, the delivery is recorded without it.
      if (!outcome.ok) throw error
      await db
        .update(webhookDeliveries)
        .set({ ...written, answerBody: '(the answer could not be stored)' })
        .where(scope)
    }
    if (outcome.ok) return wakeNext(deps, endpoint.id, event.subject, now)
    const reason = `${shownUrl(endpoint.url)} answered ${outcome.status ?? 'nothing'}: ${outcome.body.slice(0, 200)}`
    throw lastChance ? new GiveUp(reason) : new Error(reason)
  } catch (error) {
    // Given up for any reason (a throw before the outcome was written, too): failed, and the next one goes.
    if (lastChance) await giveUp()
    throw error
  }
}

/** The URL as logs and jobs.last_error show it: origin and path, never a query string (it may hold a token). */
export function shownUrl(text: string): string {
  const url = new URL(text)
  return url.origin + url.pathname
}

/**
 * An earlier pending delivery of the subject to the endpoint whose job can still run, or undefined. One whose job
 * is over (failed, or abandoned by a dead process) never will be sent: it is marked failed and not waited for.
 */
async function earlierLive(deps: Pick<AppDeps, 'db'>, endpointId: string, subject: string, seq: number): Promise<string | undefined> {
  const rows = await deps.db
    .select({
      id: webhookDeliveries.id,
      live: sql<boolean>`exists (select 1 from jobs j where j.dedupe_key = 'webhook-delivery:' || ${webhookDeliveries.id} and j.state = 'pending')`,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.status, 'pending'),
        lt(webhookDeliveries.seq, seq),
        eq(webhookEvents.subject, subject),
      ),
    )
  const dead = rows.filter((row) => !row.live).map((row) => row.id)
  if (dead.length > 0)
    await deps.db
      .update(webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null })
      .where(and(inArray(webhookDeliveries.id, dead), eq(webhookDeliveries.status, 'pending')))
  return rows.find((row) => row.live)?.id
}

/**
 * A paused endpoint's delivery waits, neither sent nor cancelled: its job is due again later and this run does not
 * count against its attempts (the worker's own write of the outcome then finds the claim no longer its, by design).
 */
async function postpone(deps: Pick<AppDeps, 'db'>, run: JobRun, deliveryId: string) {
  const later = new Date(run.now.getTime() + PAUSED_RECHECK_MS)
  await deps.db
    .update(jobs)
    .set({ attempts: sql`greatest(${jobs.attempts} - 1, 0)`, runAt: later, lockedBy: null, lockedUntil: null })
    .where(eq(jobs.id, run.id))
  await deps.db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: later })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending')))
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
