/** The one durable job queue (decision 141): what other areas use. */
export { appJobHandlers, appJobWorker, DEFAULT_JOB_INTERVAL_MS, purgeExpiredRows } from './app-jobs'
export { type Backoff, backoffDelay, enqueue, type Enqueued, type JobKind, type JobPayloads, type NewJob, withdraw } from './queue'
export { periodStart, type Recurrence, type Recurring, recurring } from './schedule'
export { GiveUp, type HandlerOptions, type JobHandler, JobHandlers, type JobRun, JobWorker, type RunReport } from './worker'
