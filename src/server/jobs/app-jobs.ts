import { and, inArray, lt } from 'drizzle-orm'

import { purgeKnownDevices } from '../auth/known-devices'
import { DAY_MS, MINUTE_MS } from '../clock'
import { jobs } from '../db/platform-schema'
import type { AppDeps } from '../deps'
import { purgeIdempotencyKeys } from '../http/idempotency'
import { purgeNameEnquiries } from '../money/name-enquiry'
import { recoverPendingTransfers } from '../money/transfers'
import { assignVirtualAccountJob } from '../money/virtual-accounts'
import { recurring } from './schedule'
import { JobHandlers, JobWorker } from './worker'

/*
 * The app's jobs on the one queue (decision 141): what used to be a timer's round (recovery and purges, decision
 * 104) is two recurring jobs, beside the jobs features enqueue.
 */

export const DEFAULT_JOB_INTERVAL_MS = 15_000

/** Finished jobs are kept this long (what ran, what failed and why), then purged; longer than any period. */
export const FINISHED_JOBS_KEPT_MS = 7 * DAY_MS

export interface AppJobOptions {
  /**
   * This process alone serves the database (PGlite) and started at this instant: a transfer left pending before
   * it was left by a process that is gone, so it is recovered at once instead of after RECOVER_AFTER_MS.
   */
  soleSince?: Date
  /** How often pending transfers are re-checked and expired rows purged (JOB_INTERVAL_MS). Default 15 s. */
  intervalMs?: number
}

/** Forgets expired Idempotency-Keys, name enquiries, known devices, and finished jobs past FINISHED_JOBS_KEPT_MS. */
export async function purgeExpiredRows(deps: AppDeps): Promise<void> {
  const now = deps.clock.now()
  await purgeIdempotencyKeys(deps.db, now)
  await purgeNameEnquiries(deps.db, now)
  await purgeKnownDevices(deps.db, now)
  await deps.db
    .delete(jobs)
    .where(and(inArray(jobs.state, ['done', 'failed']), lt(jobs.finishedAt, new Date(now.getTime() - FINISHED_JOBS_KEPT_MS))))
}

/** Every handler of the app, bound to its deps. */
export function appJobHandlers(deps: AppDeps, options: AppJobOptions = {}): JobHandlers {
  return (
    new JobHandlers()
      .register('recover-pending-transfers', async () => {
        const report = await recoverPendingTransfers(deps, { madeBefore: options.soleSince })
        if (report.checked > 0) deps.logger.info('[jobs] pending transfers:', JSON.stringify(report))
      })
      .register('purge-expired', () => purgeExpiredRows(deps))
      // The provider may be down for a while: every 10 s at first, then at most hourly (decision 142).
      .register('assign-virtual-account', ({ walletId }) => assignVirtualAccountJob(deps, walletId), {
        backoff: { baseMs: 10_000, capMs: 60 * MINUTE_MS },
      })
  )
}

/** The recurring jobs: recovery and purges, once per interval across all processes. */
export function appSchedules(intervalMs = DEFAULT_JOB_INTERVAL_MS) {
  const everyMs = Math.max(1_000, intervalMs)
  // A round that fails is simply the next period's to do: no retries piling up behind it.
  return [
    recurring({ kind: 'recover-pending-transfers', payload: {}, recurrence: { everyMs }, maxAttempts: 1 }),
    recurring({ kind: 'purge-expired', payload: {}, recurrence: { everyMs }, maxAttempts: 1 }),
  ]
}

/** The app's worker (startServer starts it): polls every second, and ticks the recurring jobs every interval. */
export function appJobWorker(deps: AppDeps, options: AppJobOptions = {}): JobWorker {
  return new JobWorker({
    db: deps.db,
    handlers: appJobHandlers(deps, options),
    clock: deps.clock,
    logger: deps.logger,
    schedules: appSchedules(options.intervalMs),
    pollMs: Math.min(1_000, options.intervalMs ?? 1_000),
    sole: options.soleSince !== undefined,
  })
}
