import { and, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm'

import { MINUTE_MS } from '../clock'
import type { Db } from '../db/client'
import { jobs } from '../db/platform-schema'
import type { Backoff } from '../jobs/queue'
import { GiveUp, type JobRun } from '../jobs/worker'
import type { Notification } from '../notifier'

/*
 * A message as a job of the one queue (decision 150): the job is the message until it is sent. A one-time code must
 * not stay readable in the jobs table once it is of no use, so the payload loses its text and code (is redacted) as
 * soon as the message is sent, given up, superseded by a newer code, or past the code's expiry; a code is never sent
 * after its expiry.
 */

export const SEND_MESSAGE = 'send-message'

export interface MessageJob {
  message: Notification
  /** When the code the message carries stops working (ISO); null for a message without a code. */
  expiresAt: string | null
  /** Text and code removed: nothing left to send. */
  redacted?: boolean
}

/** A provider down for a while: 10 s, then doubling, at most 10 minutes apart; a code expires before the last try. */
export const MESSAGE_BACKOFF: Backoff = { baseMs: 10_000, capMs: 10 * MINUTE_MS }
export const MESSAGE_MAX_ATTEMPTS = 8
/** A send (SMTP conversation, Termii call) takes seconds; a claim older than this belongs to a process that is gone. */
export const MESSAGE_LEASE_MS = 2 * MINUTE_MS

/** The payload without the text and the code (jsonb, so one statement can redact many jobs). */
const redactedPayload = sql`jsonb_set(${jobs.payload} #- '{message,code}', '{message,text}', '""'::jsonb) || '{"redacted": true}'::jsonb`

export async function redactMessage(db: Db, id: string): Promise<void> {
  await db.update(jobs).set({ payload: redactedPayload }).where(eq(jobs.id, id))
}

/**
 * Older code messages of the same purpose to the same address that are still waiting for a retry: a newer code
 * replaced theirs (issuing a code voids the previous one of its purpose), so sending them later would only confuse.
 * Another purpose's code (a phone code while a password reset is asked) is still live and left alone, as is a claimed
 * one (in flight) and the new message's own job (`except`).
 */
export async function supersedeCodes(db: Db, message: Notification, now: Date, except: string): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'done', finishedAt: now, lastError: 'superseded by a newer code', payload: redactedPayload })
    .where(
      and(
        eq(jobs.kind, SEND_MESSAGE),
        eq(jobs.state, 'pending'),
        sql`${jobs.payload}->'message'->>'to' = ${message.to}`,
        sql`${jobs.payload}->'message'->>'channel' = ${message.channel}`,
        sql`${jobs.payload}->'message'->>'code' is not null`,
        sql`${jobs.payload}->'message'->>'purpose' is not distinct from ${message.purpose ?? null}::text`,
        ne(jobs.id, except),
        or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
      ),
    )
}

/**
 * The purge's sweep (app-jobs.ts): finished message jobs not yet redacted (a process that died on the last try
 * leaves one failed with its text) and codes past their expiry still waiting for a retry.
 */
export async function redactSpentMessages(db: Db, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ payload: redactedPayload })
    .where(
      and(
        eq(jobs.kind, SEND_MESSAGE),
        sql`not coalesce((${jobs.payload}->>'redacted')::boolean, false)`,
        or(inArray(jobs.state, ['done', 'failed']), sql`(${jobs.payload}->>'expiresAt')::timestamptz <= ${now.toISOString()}::timestamptz`),
      ),
    )
}

/**
 * The worker's run of a message job: skips what is redacted, sends, and redacts once sent or on the last failed
 * attempt. A failure throws, so the queue retries with MESSAGE_BACKOFF. A code that expired unsent is given up: a
 * failed run (job_runs_total's failed, the MessageSendFailures alert), not a done one, as the person never got it.
 */
export async function runMessageJob(
  db: Db,
  send: (message: Notification) => Promise<void>,
  logger: Pick<Console, 'warn'>,
  job: MessageJob,
  run: JobRun,
): Promise<void> {
  if (job.redacted) return
  if (job.expiresAt && new Date(job.expiresAt).getTime() <= run.now.getTime()) {
    await redactMessage(db, run.id)
    logger.warn(`[messages] ${job.message.channel} message ${run.id} not sent: its code expired before a try succeeded`)
    throw new GiveUp('its code expired before it could be sent')
  }
  try {
    await send(job.message)
  } catch (error) {
    if (run.attempt >= run.maxAttempts) await redactMessage(db, run.id)
    throw error
  }
  await redactMessage(db, run.id)
}
