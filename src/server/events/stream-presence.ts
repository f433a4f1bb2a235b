import { randomUUID } from 'node:crypto'

import { and, eq, gte, isNull, lt, lte, sql } from 'drizzle-orm'

import type { Clock } from '../clock'
import { DAY_MS } from '../clock'
import type { Db, Tx } from '../db/client'
import { eventStreamPresence } from '../db/platform-schema'
import type { Logger } from '../deps'

/*
 * Whether a person's app is open, as every process sees it (decision 151): each open event stream keeps a row (the
 * vendor and the signed-in user), written when it opens, pushed forward at each of its heartbeats and closed when it
 * ends. The payment SMS (payment-sms.ts) asks whether a stream of the owner was open at any moment between a credit
 * and now, on
 * whichever process: a process's streams live only in its memory, so the database is the one place all see.
 */

/** A stream whose process died stops counting this long after its last heartbeat: two missed beats and a margin. */
export const presenceFreshMs = (heartbeatMs: number) => 2 * heartbeatMs + 10_000

/** Closed or stale rows are kept a day (a credit's job looks back minutes), then purged with the other rows. */
const PRESENCE_KEPT_MS = DAY_MS

/** The row of one stream. Never throws: the stream works without it, and a stale row ends by itself. */
export class StreamPresence {
  private readonly id = randomUUID()
  private written: Promise<boolean>

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly vendorId: string,
    userId: string,
    private readonly heartbeatMs: number,
  ) {
    const now = clock.now()
    this.written = db
      .insert(eventStreamPresence)
      .values({ id: this.id, vendorId, userId, openedAt: now, seenUntil: this.until(now) })
      .then(
        () => true,
        (error) => this.failed('open', error),
      )
  }

  private until(now: Date): Date {
    return new Date(now.getTime() + presenceFreshMs(this.heartbeatMs))
  }

  private failed(what: string, error: unknown): false {
    this.logger.warn(`[events] could not ${what} the stream's presence:`, error instanceof Error ? error.message : String(error))
    return false
  }

  private mine() {
    return and(eq(eventStreamPresence.vendorId, this.vendorId), eq(eventStreamPresence.id, this.id), isNull(eventStreamPresence.closedAt))
  }

  /** At each heartbeat: still open. */
  async beat(): Promise<void> {
    if (!(await this.written)) return
    const now = this.clock.now()
    await this.db
      .update(eventStreamPresence)
      .set({ seenUntil: this.until(now) })
      .where(this.mine())
      .catch((error: unknown) => this.failed('refresh', error))
  }

  /** When the stream ends (the app closed, the session ended, the process leaves). */
  close(): void {
    const closing = this.written.then(async (written) => {
      if (!written) return
      const now = this.clock.now()
      await this.db
        .update(eventStreamPresence)
        .set({ closedAt: now, seenUntil: sql`least(${eventStreamPresence.seenUntil}, ${now.toISOString()}::timestamptz)` })
        .where(this.mine())
    })
    // A shutdown may close the database first: the row then lapses at seen_until, as a dead process's does.
    closing.catch((error: unknown) => this.failed('close', error))
  }
}

/**
 * Whether a stream of this user was open at some moment in [from, to], on any process: opened by `to`, and still
 * open (closed or last fresh) at `from` or later.
 */
export async function userAppOpenBetween(db: Db | Tx, userId: string, from: Date, to: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: eventStreamPresence.id })
    .from(eventStreamPresence)
    .where(
      and(
        eq(eventStreamPresence.userId, userId),
        lte(eventStreamPresence.openedAt, to),
        // A closed row's seen_until is its closing time (close()), so one column answers for both.
        gte(eventStreamPresence.seenUntil, from),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** Forgets rows closed or stale for a day (the purge-expired job). */
export async function purgeStreamPresence(db: Db, now: Date): Promise<void> {
  await db.delete(eventStreamPresence).where(lt(eventStreamPresence.seenUntil, new Date(now.getTime() - PRESENCE_KEPT_MS)))
}
