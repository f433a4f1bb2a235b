import { purgeKnownDevices } from './auth/known-devices'
import type { AppDeps } from './deps'
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

/**
 * Runs the jobs every `intervalMs`, never two rounds at once. Answers a stop function that waits for a round in
 * progress, so the database is not closed under it.
 */
export function startMoneyJobs(deps: AppDeps, intervalMs = DEFAULT_JOB_INTERVAL_MS, options: MoneyJobOptions = {}): () => Promise<void> {
  let running: Promise<void> | undefined
  const tick = () => {
    running ??= runMoneyJobs(deps, options)
      .catch((error) => deps.logger.error('[jobs] round failed:', error))
      .finally(() => {
        running = undefined
      })
  }
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
