import { randomUUID } from 'node:crypto'

import { and, eq } from 'drizzle-orm'

import { CODE_TTL_MINUTES } from '../auth/codes'
import { type Clock, MINUTE_MS } from '../clock'
import type { Db } from '../db/client'
import { jobs } from '../db/platform-schema'
import type { Logger } from '../deps'
import { describeError } from '../errors'
import { backoffDelay, enqueue } from '../jobs/queue'
import type { Notification, Notifier } from '../notifier'
import {
  MESSAGE_BACKOFF,
  MESSAGE_LEASE_MS,
  MESSAGE_MAX_ATTEMPTS,
  type MessageJob,
  redactMessage,
  SEND_MESSAGE,
  supersedeCodes,
} from './message-job'

/*
 * The notifier of a running server (decision 150): each message is a job of the one queue, enqueued already
 * claimed by the request that sends it, and tried at once. The request waits a bounded time for that first try, so
 * it can tell the person "We could not send the code, try again" (MessageNotSent); a failed try is left to the
 * workers, who retry with back-off, after a restart too, each retry claimed by one process (FOR UPDATE SKIP LOCKED).
 */

/** How long a request waits for the first try before answering that the message could not be sent (yet). */
export const FIRST_ATTEMPT_WAIT_MS = 8_000

/**
 * The first try failed (`stillTrying` false: the person will not have it unless a retry succeeds) or was still
 * running when the request stopped waiting (`stillTrying` true: it may well arrive). Either way it is queued for
 * retries; a caller tells the person "not sent" only when it definitely failed (sentOrStillTrying).
 */
export class MessageNotSent extends Error {
  constructor(
    readonly jobId: string,
    reason: string,
    readonly stillTrying = false,
  ) {
    super(`The message could not be sent now (${reason}); it is queued for retries as job ${jobId}`)
    this.name = 'MessageNotSent'
  }
}

/**
 * Sends, and answers whether the person may count on the message: true when it went or its first try is still
 * running past the wait (queued, it will arrive); false, after logging, when the first try definitely failed, or
 * the send failed otherwise (a notifier without a queue, the queue's database), as before.
 */
export async function sentOrStillTrying(notifier: Notifier, message: Notification, logError: (error: unknown) => void): Promise<boolean> {
  try {
    await notifier.send(message)
    return true
  } catch (error) {
    logError(error)
    return error instanceof MessageNotSent && error.stillTrying
  }
}

export interface Transports {
  email: Notifier
  sms: Notifier
}

export interface DurableNotifierOptions {
  db: Db
  clock: Clock
  logger: Logger
  transports: Transports
  firstAttemptWaitMs?: number
  /** Counts a first try that failed (vbo_message_first_try_failures_total, decision 154). */
  metrics?: { messageFirstTryFailed: (channel: Notification['channel']) => void }
}

export class DurableNotifier implements Notifier {
  /** Names this process's first tries on their claims, like a worker's id. */
  private readonly claimer = `send-pid${process.pid}-${randomUUID().slice(0, 8)}`
  private readonly inFlight = new Set<Promise<unknown>>()

  constructor(private readonly options: DurableNotifierOptions) {}

  /** The provider's own send, no queue: what the queue's worker calls for a retry. */
  deliver(message: Notification): Promise<void> {
    return this.options.transports[message.channel].send(message)
  }

  async send(message: Notification): Promise<void> {
    const { db, clock } = this.options
    const now = clock.now()
    const expiry = message.expiresAt ?? (message.code ? new Date(now.getTime() + CODE_TTL_MINUTES * MINUTE_MS) : null)
    const expiresAt = expiry?.toISOString() ?? null
    const leaseEnd = new Date(now.getTime() + MESSAGE_LEASE_MS)
    const { channel, to, subject, text, code, purpose } = message
    const payload: MessageJob = { message: { channel, to, subject, text, code, purpose }, expiresAt }
    // Not due before the claim's end: no worker can take it between the insert and the claim below.
    const { id, created } = await enqueue(db, {
      kind: SEND_MESSAGE,
      payload,
      runAt: leaseEnd,
      maxAttempts: MESSAGE_MAX_ATTEMPTS,
      dedupeKey: message.dedupeKey,
    })
    // The same message is already queued, being tried, sent or given up: not sent twice.
    if (!created) return
    if (message.code) await supersedeCodes(db, message, now, id)
    const [claimed] = await db
      .update(jobs)
      .set({ lockedBy: this.claimer, lockedUntil: leaseEnd, attempts: 1 })
      .where(and(eq(jobs.id, id), eq(jobs.state, 'pending'), eq(jobs.attempts, 0)))
      .returning({ id: jobs.id })
    if (!claimed) throw new Error(`Message job ${id} was claimed before its first try`)
    const attempt = this.firstAttempt(id, message)
    this.inFlight.add(attempt)
    void attempt.finally(() => this.inFlight.delete(attempt))
    let timer: NodeJS.Timeout | undefined
    const waited = new Promise<'waiting'>((resolve) => {
      timer = setTimeout(() => resolve('waiting'), this.options.firstAttemptWaitMs ?? FIRST_ATTEMPT_WAIT_MS)
    })
    const outcome = await Promise.race([attempt, waited])
    clearTimeout(timer)
    if (outcome === 'waiting') throw new MessageNotSent(id, 'the provider has not answered yet', true)
    if (outcome !== true) throw new MessageNotSent(id, outcome)
  }

  /** Sends, and writes the outcome if the claim is still this one's: true, or the reason it failed. Never rejects. */
  private async firstAttempt(id: string, message: Notification): Promise<true | string> {
    const { db, clock, logger } = this.options
    const ours = and(eq(jobs.id, id), eq(jobs.lockedBy, this.claimer), eq(jobs.attempts, 1))
    try {
      await this.deliver(message)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      this.options.metrics?.messageFirstTryFailed(message.channel)
      const retryAt = new Date(clock.now().getTime() + backoffDelay(1, MESSAGE_BACKOFF))
      logger.warn(`[messages] ${message.channel} message ${id} not sent (${reason}); retrying at ${retryAt.toISOString()}`)
      await db
        .update(jobs)
        .set({ runAt: retryAt, lastError: reason, lockedBy: null, lockedUntil: null })
        .where(ours)
        .catch((failure: unknown) => logger.error(`[messages] could not record the failure of ${id}:`, describeError(failure)))
      return reason
    }
    try {
      await db.update(jobs).set({ state: 'done', finishedAt: clock.now(), lockedBy: null, lockedUntil: null }).where(ours)
      await redactMessage(db, id)
    } catch (failure) {
      // Sent: the person has it. The claim's lease ends and a worker would send it again; said loudly.
      logger.error(`[messages] message ${id} was sent but its job could not be marked done:`, describeError(failure))
    }
    return true
  }

  /** Waits for first tries still running (a request that stopped waiting), then closes the transports. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.inFlight])
    for (const transport of new Set(Object.values(this.options.transports))) {
      ;(transport as { close?: () => void }).close?.()
    }
  }
}
