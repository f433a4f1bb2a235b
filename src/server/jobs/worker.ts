import { randomUUID } from 'node:crypto'

import { and, eq, isNotNull, lt, sql } from 'drizzle-orm'

import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { type JobRow, jobs } from '../db/platform-schema'
import type { Logger } from '../deps'
import { type Backoff, backoffDelay, DEFAULT_BACKOFF, type JobKind, type JobPayloads } from './queue'
import { enqueueRecurring, type Recurring } from './schedule'

/*
 * Runs the queue's jobs (decision 141). A worker claims one due job at a time with FOR UPDATE SKIP LOCKED, so two
 * workers (two processes, or two in one) never claim the same row; the claim is a lease (locked_until), so a job
 * whose process died is claimed again once the lease is over. Only kinds this worker has handlers for are claimed.
 */

/** What a handler learns about the run besides its payload. */
export interface JobRun {
  id: string
  kind: string
  /** This run's number: 1 on the first. */
  attempt: number
  maxAttempts: number
  /** The worker's clock at the claim. */
  now: Date
}

/** Thrown by a handler for a job that no retry can do (a message whose code expired): failed now, attempts left or not. */
export class GiveUp extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'GiveUp'
  }
}

export type JobHandler<K extends JobKind> = (payload: JobPayloads[K], run: JobRun) => Promise<void>

export interface HandlerOptions {
  backoff?: Backoff
  /** How long a claim lasts: a run still going after this may be claimed by another worker. Default 5 minutes. */
  leaseMs?: number
}

export const DEFAULT_LEASE_MS = 5 * 60_000

interface Registered {
  handler: JobHandler<JobKind>
  backoff: Backoff
  leaseMs: number
}

/** Handlers by kind: what a worker can run. */
export class JobHandlers {
  private readonly byKind = new Map<string, Registered>()

  register<K extends JobKind>(kind: K, handler: JobHandler<K>, options: HandlerOptions = {}): this {
    if (this.byKind.has(kind)) throw new Error(`A handler for job kind ${kind} is already registered`)
    this.byKind.set(kind, {
      handler: handler as unknown as JobHandler<JobKind>,
      backoff: options.backoff ?? DEFAULT_BACKOFF,
      leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    })
    return this
  }

  get(kind: string): Registered | undefined {
    return this.byKind.get(kind)
  }

  kinds(): string[] {
    return [...this.byKind.keys()]
  }

  /** These kinds' handlers alone: a worker that runs only them (a test on a database other work shares, too). */
  only(...kinds: JobKind[]): JobHandlers {
    const picked = new JobHandlers()
    for (const kind of kinds) {
      const registered = this.byKind.get(kind)
      if (!registered) throw new Error(`No handler for job kind ${kind}`)
      picked.byKind.set(kind, registered)
    }
    return picked
  }
}

export interface JobWorkerOptions {
  db: Db
  handlers: JobHandlers
  clock: Clock
  logger: Logger
  /** Enqueued once per period by every tick (schedule.ts). */
  schedules?: readonly Recurring[]
  /** Names this worker on its claims. Default: pid and a random part. */
  id?: string
  /** How often start() looks for due jobs. Default 1 s. */
  pollMs?: number
  /** At most this many jobs per runDueJobs, so a stop is not kept waiting behind a long queue. Default 50. */
  batch?: number
  /**
   * This process alone serves the database (PGlite): a claim found at the first pass was made by a process that is
   * gone, so its job is claimable at once instead of when its lease ends (as decision 072).
   */
  sole?: boolean
  /** Counts each run's outcome by kind (GET /metrics, decision 154). */
  metrics?: { jobRan: (kind: string, outcome: keyof RunReport) => void }
}

export interface RunReport {
  done: number
  retried: number
  failed: number
}

export class JobWorker {
  readonly id: string
  private timer: NodeJS.Timeout | undefined
  private running: Promise<RunReport> | undefined
  private stopped = false
  private freedStale = false
  /** The recurring jobs' period keys this worker has enqueued (schedule.ts). */
  private readonly periods = new Set<string>()

  constructor(private readonly options: JobWorkerOptions) {
    this.id = options.id ?? `pid${process.pid}-${randomUUID().slice(0, 8)}`
  }

  /** Enqueues the schedules' jobs for this period, then runs due jobs until none is left (or `batch` have run). */
  runDueJobs(): Promise<RunReport> {
    // One pass at a time per worker: a tick that comes while one runs waits for it rather than racing it.
    this.running ??= this.pass().finally(() => {
      this.running = undefined
    })
    return this.running
  }

  /** Polls every pollMs. */
  start(): void {
    const tick = () => {
      if (this.stopped) return
      this.runDueJobs().catch((error) => this.options.logger.error('[jobs] a pass failed:', error))
    }
    this.timer = setInterval(tick, this.options.pollMs ?? 1_000)
    this.timer.unref()
    tick()
  }

  /** Stops polling and waits for the job in progress (its lease is kept: it finishes, or another takes it later). */
  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.timer)
    await this.running?.catch(() => {})
  }

  private async pass(): Promise<RunReport> {
    const { db, clock } = this.options
    const report: RunReport = { done: 0, retried: 0, failed: 0 }
    const now = clock.now()
    if (this.options.sole && !this.freedStale) {
      await db
        .update(jobs)
        .set({ lockedBy: null, lockedUntil: null })
        .where(and(eq(jobs.state, 'pending'), isNotNull(jobs.lockedUntil)))
      this.freedStale = true
    }
    if (this.options.schedules?.length) await enqueueRecurring(db, this.options.schedules, now, this.periods)
    await this.failAbandoned(now)
    for (let i = 0; i < (this.options.batch ?? 50) && !this.stopped; i++) {
      const job = await this.claim()
      if (!job) break
      const outcome = await this.run(job)
      report[outcome]++
      this.options.metrics?.jobRan(job.kind, outcome)
    }
    return report
  }

  /** A job whose last claim ran out with no attempt left: its process died on the last try. Failed, and said. */
  private async failAbandoned(now: Date): Promise<void> {
    const failed = await this.options.db
      .update(jobs)
      .set({
        state: 'failed',
        finishedAt: now,
        lastError: sql`coalesce(${jobs.lastError} || '; ', '') || 'its last run never finished (lease expired)'`,
      })
      .where(and(eq(jobs.state, 'pending'), lt(jobs.lockedUntil, now), sql`${jobs.attempts} >= ${jobs.maxAttempts}`))
      .returning({ id: jobs.id, kind: jobs.kind })
    for (const job of failed) {
      this.options.logger.error(`[jobs] ${job.kind} ${job.id} failed: its last run never finished`)
      this.options.metrics?.jobRan(job.kind, 'failed')
    }
  }

  /** One due job of a kind this worker runs, claimed for its lease; undefined when none is due. */
  private async claim(): Promise<JobRow | undefined> {
    const { db, handlers, clock } = this.options
    const kinds = handlers.kinds()
    if (kinds.length === 0) return undefined
    const now = clock.now()
    // Each kind's lease is its own: computed in SQL from the claimed row's kind.
    const leases = sql.join(
      kinds.map((kind) => sql`when ${kind} then ${handlers.get(kind)!.leaseMs}::bigint`),
      sql` `,
    )
    const kindList = sql.join(
      kinds.map((kind) => sql`${kind}`),
      sql`, `,
    )
    const claimed = (await db.execute(sql`
      update jobs set
        locked_by = ${this.id},
        locked_until = ${now.toISOString()}::timestamptz + (case jobs.kind ${leases} end) * interval '1 millisecond',
        attempts = jobs.attempts + 1
      where jobs.id = (
        select id from jobs
        where state = 'pending' and kind in (${kindList}) and run_at <= ${now.toISOString()}::timestamptz
          and (locked_until is null or locked_until <= ${now.toISOString()}::timestamptz)
          and attempts < max_attempts
        order by run_at, id
        limit 1
        for update skip locked
      )
      returning id`)) as unknown as { rows: { id: string }[] }
    const id = claimed.rows[0]?.id
    if (!id) return undefined
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id))
    return row
  }

  private async run(job: JobRow): Promise<keyof RunReport> {
    const { db, handlers, clock, logger } = this.options
    const registered = handlers.get(job.kind)!
    // Only the claim that is still this worker's may write the outcome: a run past its lease lost the job.
    const ours = and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.id), eq(jobs.attempts, job.attempts))
    try {
      await registered.handler(job.payload as never, {
        id: job.id,
        kind: job.kind,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
        now: clock.now(),
      })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      const now = clock.now()
      if (job.attempts >= job.maxAttempts || error instanceof GiveUp) {
        await db.update(jobs).set({ state: 'failed', finishedAt: now, lastError: reason, lockedBy: null, lockedUntil: null }).where(ours)
        logger.error(`[jobs] ${job.kind} ${job.id} failed after ${job.attempts} attempts: ${reason}`)
        return 'failed'
      }
      const retryAt = new Date(now.getTime() + backoffDelay(job.attempts, registered.backoff))
      await db.update(jobs).set({ runAt: retryAt, lastError: reason, lockedBy: null, lockedUntil: null }).where(ours)
      logger.warn(
        `[jobs] ${job.kind} ${job.id} attempt ${job.attempts} of ${job.maxAttempts} failed (${reason}); retrying at ${retryAt.toISOString()}`,
      )
      return 'retried'
    }
    await db.update(jobs).set({ state: 'done', finishedAt: clock.now(), lockedBy: null, lockedUntil: null }).where(ours)
    return 'done'
  }
}
