/** The one durable job queue (decision 141): what other areas use. */
export { type Enqueued, enqueue, type JobKind, type JobPayloads, type NewJob, backoffDelay, type Backoff } from './queue'
export { type Recurrence, type Recurring, periodStart, recurring } from './schedule'
export { type HandlerOptions, type JobHandler, JobHandlers, type JobRun, JobWorker, type RunReport } from './worker'
export { appJobHandlers, appJobWorker, DEFAULT_JOB_INTERVAL_MS, purgeExpiredRows } from './app-jobs'
