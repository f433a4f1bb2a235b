import { DAY_MS, MINUTE_MS } from '../clock'
import type { Db } from '../db/client'
import { enqueue, type JobKind, type JobPayloads } from './queue'

/*
 * Recurring jobs (decision 141): every worker enqueues the current period's job at each tick, under a dedupe key
 * naming the kind and the period's start, so however many processes tick, a period has one job, run once.
 */

/** Africa/Lagos is UTC+1 all year (analytics.ts says why a fixed offset is exact). */
const LAGOS_OFFSET_MS = 60 * MINUTE_MS

export type Recurrence = { everyMs: number } | { dailyAtLagos: `${number}:${number}` }

export interface Recurring<K extends JobKind = JobKind> {
  kind: K
  payload: JobPayloads[K]
  recurrence: Recurrence
  maxAttempts?: number
}

/** Typed at the call, so a schedule's payload is its kind's. */
export const recurring = <K extends JobKind>(schedule: Recurring<K>): Recurring => schedule as unknown as Recurring

function dailyOffsetMs(at: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(at)
  const hours = Number(match?.[1])
  const minutes = Number(match?.[2])
  if (!match || hours > 23 || minutes > 59) throw new Error(`dailyAtLagos must be HH:MM, got ${at}`)
  return (hours * 60 + minutes) * MINUTE_MS
}

/** The start of the period `now` falls in: a multiple of everyMs since the epoch, or the latest HH:MM in Lagos. */
export function periodStart(recurrence: Recurrence, now: Date): Date {
  const t = now.getTime()
  if ('everyMs' in recurrence) {
    if (!(recurrence.everyMs >= 1000)) throw new Error(`everyMs must be at least 1000, got ${recurrence.everyMs}`)
    return new Date(t - (t % recurrence.everyMs))
  }
  // In Lagos wall-clock milliseconds, the day's HH:MM is `offset` past midnight; before it, the period began yesterday.
  const offset = dailyOffsetMs(recurrence.dailyAtLagos)
  const local = t + LAGOS_OFFSET_MS - offset
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) + offset - LAGOS_OFFSET_MS)
}

/** The dedupe key of a schedule's job for the period `now` falls in. */
export const periodKey = (schedule: Recurring, now: Date) => `${schedule.kind}@${periodStart(schedule.recurrence, now).toISOString()}`

/**
 * Enqueues each schedule's job for the current period, if no process has yet. `done` holds the keys this worker
 * already enqueued (or found), so a worker polling every second writes once per period, not once per poll.
 */
export async function enqueueRecurring(db: Db, schedules: readonly Recurring[], now: Date, done: Set<string> = new Set()): Promise<void> {
  for (const schedule of schedules) {
    const key = periodKey(schedule, now)
    if (done.has(key)) continue
    await enqueue(db, {
      kind: schedule.kind,
      payload: schedule.payload,
      runAt: periodStart(schedule.recurrence, now),
      dedupeKey: key,
      maxAttempts: schedule.maxAttempts,
    })
    // Only the current periods are kept: a worker runs for months.
    for (const old of done) if (old.startsWith(`${schedule.kind}@`)) done.delete(old)
    done.add(key)
  }
}
