import { DEFAULT_POOL_SIZE } from './db/client'
import { DEFAULT_JOB_INTERVAL_MS } from './jobs/app-jobs'
import { metricsTokenFromEnv } from './metrics/token'
import { DEFAULT_PAYSTACK_BASE_URL } from './money/paystack/client'

/*
 * The environment variables that shape one API process among several (issue 21, decision 104). Each is read once
 * by main(); a value that is not what the README says stops the start with its name, as PORT does, rather than
 * running with a silently different setting.
 */

export type LogFormat = 'text' | 'json'

export interface ProcessEnv {
  /** LOG_FORMAT: 'text' (what `npm start` prints) or 'json' (one object per line, with a line per request). */
  logFormat: LogFormat
  /** DB_POOL_SIZE: connections of the PostgreSQL pool. */
  poolSize: number
  /** DB_STATEMENT_TIMEOUT_MS: PostgreSQL's statement_timeout on the pool's connections; null: none. */
  statementTimeoutMs: number | null
  /** SHUTDOWN_TIMEOUT_MS: how long SIGTERM waits for requests in flight before the process gives up on them. */
  shutdownTimeoutMs: number
  /**
   * SHUTDOWN_DELAY_MS: on SIGTERM, how long the process goes on accepting connections (answering each with
   * `Connection: close`) after /api/ready turns 503, so the proxy takes it out of the rotation before its port closes.
   */
  shutdownDelayMs: number
  /** JOB_INTERVAL_MS: the period of the recurring jobs (pending-transfer recovery, purges) on the job queue. */
  jobIntervalMs: number
  /** SEED_DEMO: whether the demo vendor is seeded at start (`1`/`0`); default on for PGlite, off with DATABASE_URL. */
  seedDemo: boolean
}

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000
/** Two of the proxy's readiness intervals (docs/deploy/haproxy.cfg checks every second, out after one failure). */
export const DEFAULT_SHUTDOWN_DELAY_MS = 2_000

/** setTimeout's and PostgreSQL's limit: a larger delay would fire at once (Node) or be refused (statement_timeout). */
const MAX_MS = 2_147_483_647

function wholeNumber(name: string, value: string | undefined, fallback: number, min: number, max: number, unit: string): number {
  const trimmed = value?.trim()
  if (!trimmed) return fallback
  const parsed = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
    throw new Error(`${name} must be a whole number of ${unit} from ${min} to ${max}, got ${value}`)
  }
  return parsed
}

export function logFormatFromEnv(value = process.env.LOG_FORMAT): LogFormat {
  const trimmed = value?.trim()
  if (!trimmed || trimmed === 'text') return 'text'
  if (trimmed === 'json') return 'json'
  throw new Error(`LOG_FORMAT must be json or text, got ${value}`)
}

/**
 * SEED_DEMO as a yes or no. The demo vendor has a public password, PIN 1234 and ₦1.6M (issue 35): a developer's
 * PGlite gets it unless told `0`; a PostgreSQL deployment only when told `1` (a staging server, the test suites).
 */
export function seedDemoFromEnv(value: string | undefined, databaseUrl: string | undefined): boolean {
  const trimmed = value?.trim()
  if (!trimmed) return !databaseUrl
  if (trimmed === '1') return true
  if (trimmed === '0') return false
  throw new Error(`SEED_DEMO must be 1 or 0, got ${value}`)
}

export function processEnv(env: NodeJS.ProcessEnv = process.env): ProcessEnv {
  const statementTimeoutMs = wholeNumber('DB_STATEMENT_TIMEOUT_MS', env.DB_STATEMENT_TIMEOUT_MS, 0, 0, MAX_MS, 'milliseconds (0: none)')
  const shutdownTimeoutMs = wholeNumber(
    'SHUTDOWN_TIMEOUT_MS',
    env.SHUTDOWN_TIMEOUT_MS,
    DEFAULT_SHUTDOWN_TIMEOUT_MS,
    1,
    MAX_MS,
    'milliseconds',
  )
  const shutdownDelayMs = wholeNumber('SHUTDOWN_DELAY_MS', env.SHUTDOWN_DELAY_MS, DEFAULT_SHUTDOWN_DELAY_MS, 0, MAX_MS, 'milliseconds')
  // The delay is part of the timeout: a delay as long leaves no time to answer what is in flight.
  if (shutdownDelayMs >= shutdownTimeoutMs) {
    throw new Error(`SHUTDOWN_DELAY_MS (${shutdownDelayMs}) must be less than SHUTDOWN_TIMEOUT_MS (${shutdownTimeoutMs})`)
  }
  // Checked here so a short one stops the start in plain text; resolveDeps reads it again (decision 154).
  metricsTokenFromEnv(env.METRICS_TOKEN)
  return {
    logFormat: logFormatFromEnv(env.LOG_FORMAT),
    // PostgreSQL allows 100 connections by default, shared by every process: a pool of thousands is a typo.
    poolSize: wholeNumber('DB_POOL_SIZE', env.DB_POOL_SIZE, DEFAULT_POOL_SIZE, 1, 1_000, 'connections'),
    statementTimeoutMs: statementTimeoutMs || null,
    shutdownTimeoutMs,
    shutdownDelayMs,
    jobIntervalMs: wholeNumber('JOB_INTERVAL_MS', env.JOB_INTERVAL_MS, DEFAULT_JOB_INTERVAL_MS, 1, MAX_MS, 'milliseconds'),
    seedDemo: seedDemoFromEnv(env.SEED_DEMO, env.DATABASE_URL),
  }
}

/** BANK_PROVIDER and what it needs: the sandbox bank (the default of `npm start`) or Paystack (decision 139). */
export type BankProviderChoice = { kind: 'sandbox' } | { kind: 'paystack'; secretKey: string; baseUrl: string }

/**
 * BANK_PROVIDER=sandbox|paystack, PAYSTACK_SECRET_KEY, PAYSTACK_BASE_URL. Paystack without its secret key stops the
 * start: every call would be refused, and no webhook could be checked.
 */
export function bankProviderFromEnv(env: NodeJS.ProcessEnv = process.env): BankProviderChoice {
  const kind = env.BANK_PROVIDER?.trim() || 'sandbox'
  if (kind === 'sandbox') return { kind }
  if (kind !== 'paystack') throw new Error(`BANK_PROVIDER must be sandbox or paystack, got ${env.BANK_PROVIDER}`)
  const secretKey = env.PAYSTACK_SECRET_KEY?.trim()
  if (!secretKey) {
    throw new Error(
      "BANK_PROVIDER=paystack needs PAYSTACK_SECRET_KEY (the secret key from Paystack's dashboard, Settings → API Keys & Webhooks)",
    )
  }
  if (!/^sk_(test|live)_\w+$/.test(secretKey)) {
    throw new Error('PAYSTACK_SECRET_KEY must be a Paystack secret key (sk_test_… or sk_live_…), not the public key')
  }
  const baseUrl = env.PAYSTACK_BASE_URL?.trim() || DEFAULT_PAYSTACK_BASE_URL
  const url = URL.canParse(baseUrl) ? new URL(baseUrl) : null
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error(`PAYSTACK_BASE_URL must be an http(s) URL such as ${DEFAULT_PAYSTACK_BASE_URL}, got ${env.PAYSTACK_BASE_URL}`)
  }
  return { kind, secretKey, baseUrl }
}
