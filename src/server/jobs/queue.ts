import { and, eq, inArray, isNull } from 'drizzle-orm'

import { MINUTE_MS } from '../clock'
import type { Db, Tx } from '../db/client'
import { jobs } from '../db/platform-schema'
import type { MessageJob } from '../messages/message-job'

/*
 * The one durable job queue (decision 141): background work that must survive a restart goes in the `jobs` table,
 * enqueued in the caller's transaction when there is one, and is run once by whichever worker claims it
 * (worker.ts). Features name their kinds here, with the payload each carries, so a handler and its enqueuers agree.
 */

/**
 * Each job kind and its payload (JSON). A feature adds its kind here (or augments this interface from its own
 * module: `declare module '#server/jobs/queue' { interface JobPayloads { 'my-kind': { … } } }`).
 */
export interface JobPayloads {
  /** Settle transfers left pending (decision 008). Recurring. */
  'recover-pending-transfers': Record<string, never>
  /** Forget expired Idempotency-Keys, name enquiries and known devices. Recurring. */
  'purge-expired': Record<string, never>
  /** Ask the provider for a wallet's virtual account (decision 142). */
  'assign-virtual-account': { walletId: string }
  /** Compare yesterday (Lagos) of the ledger with the provider's records (decision 146). Recurring, daily. */
  'reconcile-yesterday': Record<string, never>
  /** Ask the provider again for an open order's own account (decision 148). */
  'create-order-account': { orderId: string }
  /** An SMS or e-mail to a person, tried at once in the request and retried here (decisions 149, 150). */
  'send-message': MessageJob
  /** Text the owner a credit that arrived while the app was closed (decision 151). */
  'payment-received-sms': { vendorId: string; transactionId: string }
  /** POST one webhook delivery to its endpoint, retried over 3 days (decision 169). */
  'deliver-webhook': { deliveryId: string }
}

export type JobKind = keyof JobPayloads & string

export const DEFAULT_MAX_ATTEMPTS = 5

export interface NewJob<K extends JobKind> {
  kind: K
  payload: JobPayloads[K]
  /** Not before this instant. Default: now (the database's clock). */
  runAt?: Date
  /** Enqueueing again with the same key is the same job, whatever became of the first: it is not enqueued twice. */
  dedupeKey?: string
  /** Claims before the job is marked failed. Default DEFAULT_MAX_ATTEMPTS. */
  maxAttempts?: number
}

export interface Enqueued {
  id: string
  /** False when the dedupe key named a job already there (that job's id is answered). */
  created: boolean
}

/**
 * Puts a job in the queue. Given a transaction, the job exists exactly when the transaction commits, so work that
 * must follow a change (a wallet's virtual account after an approval) can neither be lost nor run for a change
 * rolled back.
 */
export async function enqueue<K extends JobKind>(db: Db | Tx, job: NewJob<K>): Promise<Enqueued> {
  const maxAttempts = job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error(`maxAttempts must be a positive integer, got ${maxAttempts}`)
  const [inserted] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      maxAttempts,
      dedupeKey: job.dedupeKey ?? null,
      ...(job.runAt ? { runAt: job.runAt } : {}),
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id })
  if (inserted) return { id: inserted.id, created: true }
  const [existing] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.dedupeKey, job.dedupeKey!))
  if (!existing) throw new Error(`Job ${job.dedupeKey} was neither inserted nor found`)
  return { id: existing.id, created: false }
}

/**
 * Takes jobs no worker has claimed out of the queue, by their dedupe keys, in the caller's transaction: work a change
 * made pointless (the rows of a cancelled batch) leaves instead of waiting for its time to do nothing. A job a worker
 * holds is left to run, so its handler must still find nothing to do. A withdrawn key may be enqueued again; the
 * caller's own state must refuse that (a cancelled batch is never confirmed again). Answers how many were withdrawn.
 */
export async function withdraw(db: Db | Tx, dedupeKeys: string[]): Promise<number> {
  if (dedupeKeys.length === 0) return 0
  const gone = await db
    .delete(jobs)
    .where(and(inArray(jobs.dedupeKey, dedupeKeys), eq(jobs.state, 'pending'), isNull(jobs.lockedBy)))
    .returning({ id: jobs.id })
  return gone.length
}

export interface Backoff {
  /** The wait after the first failure; each further failure doubles it. */
  baseMs: number
  /** The longest wait. */
  capMs: number
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 5_000, capMs: 60 * MINUTE_MS }

/** The wait before attempt `attempts + 1`, after `attempts` failed ones: base · 2^(attempts−1), at most cap. */
export function backoffDelay(attempts: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30)
  return Math.min(backoff.capMs, backoff.baseMs * 2 ** exponent)
}
