import { purgeKnownDevices } from './auth/known-devices'
import { type JobLeadership, soleLeadership } from './db/job-lock'
import type { AppDeps, Logger } from './deps'
import { purgeIdempotencyKeys } from './http/idempotency'
import { purgeNameEnquiries } from './money/name-enquiry'
import { recoverPendingTransfers } from './money/transfers'

export const DEFAULT_JOB_INTERVAL_MS = 15_000

export interface MoneyJobOptions {
  /**
   * This process alone serves the database (PGlite) and started at this instant: a transfer left pending before
   * it was left by a process that is gone, so it is recovered at once instead of after RECOVER_AFTER_MS.
   */
  soleSince?: Date
  /**
   * Who runs a round when several processes share the database (decision 104). Default: this process alone, as
   * on PGlite.
   */
  leadership?: JobLeadership
}

/** One round of background work: settle transfers left pending, then forget expired keys, enquiries and devices. */
export async function runMoneyJobs(deps: AppDeps, options: MoneyJobOptions = {}): Promise<void> {
  const report = await recoverPendingTransfers(deps, { madeBefore: options.soleSince })
  if (report.checked > 0) deps.logger.info('[jobs] pending transfers:', JSON.stringify(report))
  const now = deps.clock.now()
  await purgeIdempotencyKeys(deps.db, now)
  await purgeNameEnquiries(deps.db, now)
  await purgeKnownDevices(deps.db, now)
}

export interface JobLoop {
  intervalMs: number
  round: () => Promise<void>
  leadership: JobLeadership
  logger: Logger
}

/**
 * Runs `round` every `intervalMs`, never two at once, and only while `leadership` says this process leads: of
 * several processes on one database, one runs the rounds and the others only ask for the lock at each tick.
 * Answers a stop function that waits for a round in progress (so the database is not closed under it), then gives
 * the lock up, so another process takes over at its next tick rather than when this one's connection closes.
 */
export function startJobLoop({ intervalMs, round, leadership, logger }: JobLoop): () => Promise<void> {
  let running: Promise<void> | undefined
  let stopped = false
  const tick = () => {
    running ??= (async () => {
      if (!(await leadership.lead()) || stopped) return
      await round()
    })()
      .catch((error) => logger.error('[jobs] round failed:', error))
      .finally(() => {
        running = undefined
      })
  }
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return async () => {
    stopped = true
    clearInterval(timer)
    await running
    await leadership.release()
  }
}

/** The money jobs (runMoneyJobs) on a timer; see startJobLoop. */
export function startMoneyJobs(deps: AppDeps, intervalMs = DEFAULT_JOB_INTERVAL_MS, options: MoneyJobOptions = {}): () => Promise<void> {
  return startJobLoop({
    intervalMs,
    round: () => runMoneyJobs(deps, options),
    leadership: options.leadership ?? soleLeadership,
    logger: deps.logger,
  })
}
