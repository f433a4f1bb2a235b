import { and, inArray, lt } from 'drizzle-orm'

import { lagosDate } from '../analytics'
import { purgeKeyCalls } from '../api-keys/calls'
import { purgeKnownDevices } from '../auth/known-devices'
import { fetchProductImageJob } from '../catalogue/image-fetch-job'
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../clock'
import { jobs } from '../db/platform-schema'
import type { AppDeps } from '../deps'
import { paymentSmsJob } from '../events/payment-sms'
import { purgeStreamPresence } from '../events/stream-presence'
import { purgeIdempotencyKeys } from '../http/idempotency'
import { DurableNotifier } from '../messages/durable-notifier'
import { MESSAGE_BACKOFF, MESSAGE_LEASE_MS, redactSpentMessages, runMessageJob } from '../messages/message-job'
import { purgeNameEnquiries } from '../money/name-enquiry'
import { sendPayoutRowJob } from '../money/payout-row-job'
import { reconcileDay } from '../money/reconcile'
import { formatReconciliation } from '../money/reconcile-report'
import { recoverPendingTransfers } from '../money/transfers'
import { assignVirtualAccountJob } from '../money/virtual-accounts'
import { paymentAccountJob } from '../orders/payment-accounts'
import { deliverWebhookJob, DELIVERY_BACKOFF, DELIVERY_LEASE_MS } from '../webhooks/delivery-job'
import { purgeWebhookLog } from '../webhooks/outbox'
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

/**
 * Forgets expired Idempotency-Keys, name enquiries, known devices, API-key calls past their kept days, and finished
 * jobs past FINISHED_JOBS_KEPT_MS.
 */
export async function purgeExpiredRows(deps: AppDeps): Promise<void> {
  const now = deps.clock.now()
  await purgeIdempotencyKeys(deps.db, now)
  await purgeNameEnquiries(deps.db, now)
  await purgeKnownDevices(deps.db, now)
  await purgeStreamPresence(deps.db, now)
  await purgeKeyCalls(deps.db, now)
  await deps.db
    .delete(jobs)
    .where(and(inArray(jobs.state, ['done', 'failed']), lt(jobs.finishedAt, new Date(now.getTime() - FINISHED_JOBS_KEPT_MS))))
  await redactSpentMessages(deps.db, now)
  await purgeWebhookLog(deps.db, now)
}

/** The daily reconciliation runs at 06:00 Lagos: after the night's transfers have settled, before the operator's morning. */
const RECONCILE_AT = '06:00'
const RECONCILE_AFTER_MS = 6 * HOUR_MS

/**
 * The operator's morning check as a job: yesterday's Lagos day against the provider's records, the report in the log
 * (an error when anything differs, so an alert on error lines catches it). `npm run reconcile` prints the same.
 */
export async function reconcileYesterday(deps: AppDeps): Promise<void> {
  // The day before the period's own day: a run made late (the server was down at 06:00) still checks that day.
  const day = lagosDate(new Date(deps.clock.now().getTime() - RECONCILE_AFTER_MS - DAY_MS))
  const result = await reconcileDay(deps, day)
  const report = formatReconciliation(result)
  deps.metrics.reconciled(result.mismatches)
  if (result.ok) deps.logger.info(`[jobs] reconciliation of ${day}: everything matches\n${report}`)
  else deps.logger.error(`[jobs] reconciliation of ${day}: MISMATCH\n${report}`)
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
      // The provider's lists may be unreachable for a while: a few tries, minutes apart.
      // The provider was down when the order was made: asked again, backed off, until the order is shown anyway.
      .register('create-order-account', ({ orderId }) => paymentAccountJob(deps, orderId), {
        backoff: { baseMs: 30_000, capMs: 30 * MINUTE_MS },
      })
      // An SMS gateway down for a while: retried 30 s apart, doubling; the presence check is made again each time.
      .register('payment-received-sms', (payload, run) => paymentSmsJob(deps, payload, run.now), {
        backoff: { baseMs: 30_000, capMs: 10 * MINUTE_MS },
      })
      // A vendor's webhook endpoint (decision 169): back-off over 3 days, one POST (10 s at most) per run.
      .register('deliver-webhook', ({ deliveryId }, run) => deliverWebhookJob(deps, deliveryId, run), {
        backoff: DELIVERY_BACKOFF,
        leaseMs: DELIVERY_LEASE_MS,
      })
      // An imported product's image by URL (decision 177): a few tries, a minute apart; a refused address is not retried.
      .register('fetch-product-image', (payload) => fetchProductImageJob(deps, payload), {
        backoff: { baseMs: 60_000, capMs: 10 * MINUTE_MS },
      })
      // A bulk payout's row (decision 192): its key makes a second run find the first's transfer, so retrying is safe.
      .register('send-payout-row', ({ rowId }) => sendPayoutRowJob(deps, rowId), { backoff: { baseMs: 10_000, capMs: 5 * MINUTE_MS } })
      .register('reconcile-yesterday', () => reconcileYesterday(deps), { backoff: { baseMs: 5 * MINUTE_MS, capMs: 60 * MINUTE_MS } })
      // A message whose first try failed (decision 150); a notifier without a queue (tests) sends it itself.
      .register(
        'send-message',
        (job, run) => {
          const { notifier } = deps
          const send = notifier instanceof DurableNotifier ? notifier.deliver.bind(notifier) : notifier.send.bind(notifier)
          return runMessageJob(deps.db, send, deps.logger, job, run)
        },
        { backoff: MESSAGE_BACKOFF, leaseMs: MESSAGE_LEASE_MS },
      )
  )
}

/** The recurring jobs: recovery and purges, once per interval across all processes. */
export function appSchedules(intervalMs = DEFAULT_JOB_INTERVAL_MS) {
  const everyMs = Math.max(1_000, intervalMs)
  // A round that fails is simply the next period's to do: no retries piling up behind it.
  return [
    recurring({ kind: 'recover-pending-transfers', payload: {}, recurrence: { everyMs }, maxAttempts: 1 }),
    recurring({ kind: 'purge-expired', payload: {}, recurrence: { everyMs }, maxAttempts: 1 }),
    recurring({ kind: 'reconcile-yesterday', payload: {}, recurrence: { dailyAtLagos: RECONCILE_AT }, maxAttempts: 4 }),
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
    metrics: deps.metrics,
  })
}
