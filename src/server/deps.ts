import { SESSION_TTL_MS, SessionCache } from './auth/sessions'
import { BackgroundWork } from './background-work'
import { type Clock, HOUR_MS, systemClock } from './clock'
import type { Db } from './db/client'
import { dnsFromEnv, type DnsResolver } from './domains/dns'
import { MemoryEventBus } from './events/bus'
import { LiveEvents } from './events/live-events'
import type { RequestLine } from './logging'
import { AppMetrics } from './metrics/app-metrics'
import { metricsTokenFromEnv } from './metrics/token'
import type { BankingProvider, RealMoneyProvider } from './money/bank-provider'
import { SandboxBankingProvider } from './money/sandbox-bank'
import { webhookSecretFor } from './money/webhook-signature'
import type { Notifier } from './notifier'
import type { ServerMode } from './production'
import { MemoryRateLimiter, type RateLimiter } from './rate-limit'
import { MemoryStorage, type Storage } from './storage'

export type Logger = Pick<Console, 'info' | 'warn' | 'error'> & {
  /** Only when requests are logged (LOG_FORMAT=json, logging.ts): called once per answered request. */
  request?: (line: RequestLine) => void
}

/** Where the process is in its life; GET /api/ready answers 503 unless it is serving. */
export type ServerPhase = 'starting' | 'serving' | 'stopping'

/** What GET /api/ready answers for besides the database (http/probes.ts, decision 104). */
export interface Readiness {
  /** Rejects (or never settles) when the shared rate-limit store is unreachable; null when there is none. */
  redisPing: (() => Promise<void>) | null
  /**
   * 'starting' while startServer still seeds (the port is open, the demo not yet there), 'stopping' from SIGTERM
   * on, so a load balancer sends nothing before the process is ready or once it is leaving.
   */
  phase: () => ServerPhase
}

/** Everything a handler may reach outside its request. Tests swap any of them. */
export interface AppDeps {
  db: Db
  notifier: Notifier
  rateLimiter: RateLimiter
  clock: Clock
  /** Name enquiry, transfers and their status. Default: the sandbox bank, its records in `db` (decision 103). */
  banking: BankingProvider
  /**
   * Where wallets' virtual accounts come from (decision 142). Default: `banking`. Apart from it so that a test can
   * take this one call down.
   */
  virtualAccounts: Pick<RealMoneyProvider, 'assignVirtualAccount'>
  /**
   * Each open order's own temporary account (issue 36, decisions 147/148). Default: `banking` (the sandbox, or
   * Paystack's charge with bank_transfer); apart from it for the same reason.
   */
  paymentAccounts: PaymentAccountProvider
  /** TXT lookups that verify custom domains. Default: the sandbox DNS in development, real DNS with a public PUBLIC_URL. */
  dns: DnsResolver
  /** What X-Operator-Key must be for the operator's calls (npm run admin); null turns those calls off. */
  operatorKey: string | null
  /** HMAC key of inbound bank notices (X-Provider-Signature). */
  webhookSecret: string
  /** How long a send waits for the bank before answering "pending" and leaving the outcome to recovery. */
  transferTimeoutMs: number
  /** A session unused this long ends (SESSION_IDLE_HOURS, default 12 h), within its absolute 30 days (decision 085). */
  sessionIdleMs: number
  /**
   * How long a new settlement account, or a raised send limit, waits before it applies (SETTLEMENT_COOLING_HOURS,
   * default 24 h; decisions 143, 144).
   */
  settlementCoolingMs: number
  /** Sessions of GET requests, kept a moment in memory (decision 098). Default: SESSION_CACHE_MS. */
  sessionCache: SessionCache
  /** Validate every handler's data against the endpoint's response schema (tests turn this on). */
  checkResponses: boolean
  /** Take the client IP from X-Forwarded-For (only behind a proxy we run; otherwise it is client-controlled). */
  trustProxy: boolean
  logger: Logger
  /** Uploaded files, served at /api/files/{key}. Default: in memory (startServer: PostgreSQL, else DATA_DIR/uploads). */
  storage: Storage
  /**
   * Origin of the links customers open (pay links and their QR codes), e.g. https://shop.example.ng. Null: the
   * origin of the request that made the link.
   */
  publicUrl: string | null
  readiness: Readiness
  /** Live payment alerts: this process's event streams and the bus between processes (decision 107). Default: in memory. */
  events: LiveEvents
  /** NODE_ENV=production, and whether it is a staging server (production.ts, decision 153). Default: development. */
  serverMode: ServerMode
  /** This app's Prometheus registry and metrics (decision 154). Default: a new one, so apps in one process never share counters. */
  metrics: AppMetrics
  /** The bearer token of GET /metrics (METRICS_TOKEN, at least 32 characters); null: /metrics is a 404. */
  metricsToken: string | null
  /** Work started after an answer and not awaited by it (low-stock notices of a credit); awaited on close. */
  background: BackgroundWork
}

/** The part of a real-money provider that makes an order's payment account. */
export type PaymentAccountProvider = Pick<RealMoneyProvider, 'createPaymentAccount'>

export type AppOptions = Pick<AppDeps, 'db' | 'notifier'> & Partial<Omit<AppDeps, 'db' | 'notifier'>>

export const DEFAULT_TRANSFER_TIMEOUT_MS = 20_000
export const DEFAULT_SESSION_IDLE_MS = 12 * HOUR_MS

/** PUBLIC_URL's origin. A value that is not an http(s) URL stops the start rather than printing dead links. */
export function publicUrlFromEnv(value = process.env.PUBLIC_URL): string | null {
  const trimmed = value?.trim()
  if (!trimmed) return null
  const url = URL.canParse(trimmed) ? new URL(trimmed) : null
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`PUBLIC_URL must be an http(s) URL such as https://shop.example.ng, got ${value}`)
  }
  return url.origin
}

/**
 * SESSION_IDLE_HOURS as milliseconds. A value that is not a positive number stops the start, and so does one past
 * the absolute 30 days: it would change nothing, and a huge one ("1e10" to mean "never") made every signed-in
 * request a 500 (the idle cut-off fell outside the dates JavaScript can hold).
 */
export function sessionIdleFromEnv(value = process.env.SESSION_IDLE_HOURS): number {
  const trimmed = value?.trim()
  if (!trimmed) return DEFAULT_SESSION_IDLE_MS
  const hours = Number(trimmed)
  if (!Number.isFinite(hours) || hours <= 0) {
    throw new Error(`SESSION_IDLE_HOURS must be a positive number of hours such as 12, got ${value}`)
  }
  if (hours * HOUR_MS > SESSION_TTL_MS) {
    throw new Error(`SESSION_IDLE_HOURS must be at most ${SESSION_TTL_MS / HOUR_MS} (a session's 30 days), got ${value}`)
  }
  return Math.round(hours * HOUR_MS)
}

export const DEFAULT_SETTLEMENT_COOLING_MS = 24 * HOUR_MS

/**
 * SETTLEMENT_COOLING_HOURS as milliseconds. Not a number, negative, or past 30 days stops the start: a typo must not
 * silently switch off the wait that protects payouts. 0 is allowed (a test deployment) and means no wait.
 */
export function settlementCoolingFromEnv(value = process.env.SETTLEMENT_COOLING_HOURS): number {
  const trimmed = value?.trim()
  if (!trimmed) return DEFAULT_SETTLEMENT_COOLING_MS
  const hours = Number(trimmed)
  if (!Number.isFinite(hours) || hours < 0 || hours > 720) {
    throw new Error(`SETTLEMENT_COOLING_HOURS must be a number of hours from 0 to 720 such as 24, got ${value}`)
  }
  return Math.round(hours * HOUR_MS)
}

export function resolveDeps(options: AppOptions): AppDeps {
  const clock = options.clock ?? systemClock
  const publicUrl = options.publicUrl === undefined ? publicUrlFromEnv() : options.publicUrl
  // One provider for every call unless a test takes one call down (virtualAccounts, paymentAccounts).
  const banking = options.banking ?? new SandboxBankingProvider(options.db, clock)
  return {
    db: options.db,
    notifier: options.notifier,
    clock,
    rateLimiter: options.rateLimiter ?? new MemoryRateLimiter(clock),
    banking,
    virtualAccounts: options.virtualAccounts ?? banking,
    paymentAccounts: options.paymentAccounts ?? banking,
    operatorKey: options.operatorKey ?? null,
    // startServer passes the key it checked for its database; an app made without one is on PGlite's terms.
    webhookSecret: options.webhookSecret ?? webhookSecretFor(undefined),
    transferTimeoutMs: options.transferTimeoutMs ?? DEFAULT_TRANSFER_TIMEOUT_MS,
    sessionIdleMs: options.sessionIdleMs ?? sessionIdleFromEnv(),
    settlementCoolingMs: options.settlementCoolingMs ?? settlementCoolingFromEnv(),
    sessionCache: options.sessionCache ?? new SessionCache(),
    checkResponses: options.checkResponses ?? false,
    trustProxy: options.trustProxy ?? false,
    logger: options.logger ?? console,
    storage: options.storage ?? new MemoryStorage(),
    publicUrl,
    dns: options.dns ?? dnsFromEnv(options.db, publicUrl),
    readiness: options.readiness ?? { redisPing: null, phase: () => 'serving' },
    events: options.events ?? new LiveEvents({ bus: new MemoryEventBus() }),
    serverMode: options.serverMode ?? { production: false, staging: false },
    metrics: options.metrics ?? new AppMetrics(),
    metricsToken: options.metricsToken === undefined ? metricsTokenFromEnv() : options.metricsToken,
    background: options.background ?? new BackgroundWork(),
  }
}
