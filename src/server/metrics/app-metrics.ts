import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/*
 * What an operator watches (issue 37, decision 154), in Prometheus' text format at GET /metrics. One registry per app,
 * never prom-client's global one: tests make many apps in one process, and each must count only its own.
 *
 * Two kinds of number. Counters and histograms are this process's since it started (each process is scraped at its
 * own address; PromQL's rate() and sum() put them together and take restarts in their stride). Gauges of shared state
 * (jobs waiting, transfers pending) are read from the database at scrape time (scrape.ts), so every process answers
 * the same, whichever is asked.
 */

export const METRIC_PREFIX = 'vbo_'

/** The provider a process sends through (provider.ts): a label on what it counts. */
export type ProviderName = 'sandbox' | 'paystack' | 'other'

/** Whose notice: the sandbox bank's signed notice (POST /api/webhooks/bank/inbound) or Paystack's webhook. */
export type NoticeSource = 'bank' | 'paystack'
export type NoticeOutcome = 'accepted' | 'duplicate' | 'refused'
export type JobOutcome = 'done' | 'retried' | 'failed'

/** Seconds, from a fast JSON answer to a send that waited for the bank (20 s timeout). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25]

export class AppMetrics {
  readonly registry = new Registry()
  /** Set by mountMetrics from deps.banking (provider.ts; not here: deps.ts imports this file, and Paystack's imports deps). */
  provider: ProviderName = 'sandbox'

  readonly httpRequests: Counter<'method' | 'route' | 'status'>
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>
  readonly transfers: Counter<'provider' | 'state'>
  readonly notices: Counter<'source' | 'outcome'>
  readonly noticeToCredit: Histogram<'source'>
  readonly jobRuns: Counter<'kind' | 'outcome'>
  readonly messageFirstTryFailures: Counter<'channel'>
  readonly reconciliations: Counter<'result'>
  readonly reconciliationMismatches: Gauge

  // Read at scrape time (scrape.ts).
  readonly jobs: Gauge<'kind' | 'state'>
  readonly jobsOldestDue: Gauge<'kind'>
  readonly transfersPending: Gauge<'provider'>
  readonly transfersPendingOldest: Gauge<'provider'>
  readonly dbPool: Gauge<'state'>
  readonly dbScrapeQuery: Gauge
  readonly eventStreams: Gauge

  constructor() {
    const registers = [this.registry]
    const name = (n: string) => `${METRIC_PREFIX}${n}`
    this.httpRequests = new Counter({
      name: name('http_requests_total'),
      help: 'Requests answered, by method, matched route pattern (never the raw path) and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    })
    this.httpDuration = new Histogram({
      name: name('http_request_duration_seconds'),
      help: 'Time from a request reaching the app to its answer being ready, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    })
    this.transfers = new Counter({
      name: name('transfers_total'),
      help: 'Transfers to a bank decided by this process (the pending row settled as success or reversed as failed), by provider.',
      labelNames: ['provider', 'state'],
      registers,
    })
    this.notices = new Counter({
      name: name('webhook_notices_total'),
      help: 'Inbound money notices: accepted (credited), duplicate (already credited), refused (answered 4xx: signature, body, account).',
      labelNames: ['source', 'outcome'],
      registers,
    })
    this.noticeToCredit = new Histogram({
      name: name('notice_to_credit_seconds'),
      help: 'From a verified money notice being read to its credit committed and announced to the live streams.',
      labelNames: ['source'],
      buckets: LATENCY_BUCKETS,
      registers,
    })
    this.jobRuns = new Counter({
      name: name('job_runs_total'),
      help: 'Job runs by this process by kind: done, retried (failed, tried again later) or failed (no attempt left).',
      labelNames: ['kind', 'outcome'],
      registers,
    })
    this.messageFirstTryFailures = new Counter({
      name: name('message_first_try_failures_total'),
      help: "Messages whose first try (the request's own, before any job run) failed, by channel (email, sms); retries are job_runs_total's.",
      labelNames: ['channel'],
      registers,
    })
    this.reconciliations = new Counter({
      name: name('reconciliation_runs_total'),
      help: "The daily reconciliation's runs by this process: ok, or mismatch (the ledger and the provider's records differ).",
      labelNames: ['result'],
      registers,
    })
    this.reconciliationMismatches = new Gauge({
      name: name('reconciliation_mismatches'),
      help: 'Differences found by the last reconciliation this process ran (absent until it ran one).',
      registers,
    })
    this.jobs = new Gauge({
      name: name('jobs'),
      help: 'Rows of the job queue by kind and state (pending, done, failed), read from the database at scrape time.',
      labelNames: ['kind', 'state'],
      registers,
    })
    this.jobsOldestDue = new Gauge({
      name: name('jobs_oldest_due_seconds'),
      help: 'Per kind, how long the longest-waiting due pending job has been due (0 when none is due).',
      labelNames: ['kind'],
      registers,
    })
    this.transfersPending = new Gauge({
      name: name('transfers_pending'),
      help: 'Transfers to a bank still pending, read from the database at scrape time.',
      labelNames: ['provider'],
      registers,
    })
    this.transfersPendingOldest = new Gauge({
      name: name('transfers_pending_oldest_seconds'),
      help: 'Age of the oldest pending transfer to a bank (0 when none is pending).',
      labelNames: ['provider'],
      registers,
    })
    this.dbPool = new Gauge({
      name: name('db_pool_connections'),
      help: 'PostgreSQL pool of this process: total, idle, waiting (requests queued for a connection) and max. PGlite: one connection, total only.',
      labelNames: ['state'],
      registers,
    })
    this.dbScrapeQuery = new Gauge({
      name: name('db_scrape_query_seconds'),
      help: "How long this scrape's own database reads took: a slow or saturated database shows here on PGlite and PostgreSQL alike.",
      registers,
    })
    this.eventStreams = new Gauge({
      name: name('event_stream_clients'),
      help: 'Live payment-alert streams open on this process (GET /api/events).',
      registers,
    })
  }

  /** Which webhook a notice came through: the label of this process's banking provider. */
  get source(): NoticeSource {
    return this.provider === 'paystack' ? 'paystack' : 'bank'
  }

  /** A pending transfer this process moved to its final state (money/transfers.ts settle). */
  transferDecided(state: 'success' | 'failed'): void {
    this.transfers.inc({ provider: this.provider, state })
  }

  notice(outcome: NoticeOutcome, source: NoticeSource = this.source): void {
    this.notices.inc({ source, outcome })
  }

  /** A notice credited: `startedAt` is performance.now() when the verified notice was read. */
  noticeCredited(startedAt: number): void {
    this.notice('accepted')
    this.noticeToCredit.observe({ source: this.source }, (performance.now() - startedAt) / 1000)
  }

  jobRan(kind: string, outcome: JobOutcome): void {
    this.jobRuns.inc({ kind, outcome })
  }

  messageFirstTryFailed(channel: string): void {
    this.messageFirstTryFailures.inc({ channel })
  }

  reconciled(mismatches: number): void {
    this.reconciliations.inc({ result: mismatches === 0 ? 'ok' : 'mismatch' })
    this.reconciliationMismatches.set(mismatches)
  }
}

/** prom-client's process metrics (CPU, memory, event-loop lag, handles) into this app's registry: once per process. */
export function collectProcessMetrics(metrics: AppMetrics): void {
  collectDefaultMetrics({ register: metrics.registry, prefix: METRIC_PREFIX })
}
