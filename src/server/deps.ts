import { DEV_WEBHOOK_SECRET } from './banking/signature'
import type { BankingProvider } from './banking/provider'
import { SandboxBankingProvider } from './banking/sandbox'
import { type Clock, systemClock } from './clock'
import type { Db } from './db/client'
import type { Notifier } from './notifier'
import { MemoryRateLimiter, type RateLimiter } from './rate-limit'

export type Logger = Pick<Console, 'info' | 'warn' | 'error'>

/** Everything a handler may reach outside its request. Tests swap any of them. */
export interface AppDeps {
  db: Db
  notifier: Notifier
  rateLimiter: RateLimiter
  clock: Clock
  /** Name enquiry, transfers and their status. Default: the sandbox bank. */
  banking: BankingProvider
  /** HMAC key of inbound bank notices (X-Provider-Signature). */
  webhookSecret: string
  /** How long a send waits for the bank before answering "pending" and leaving the outcome to recovery. */
  transferTimeoutMs: number
  /** Validate every handler's data against the endpoint's response schema (tests turn this on). */
  checkResponses: boolean
  /** Take the client IP from X-Forwarded-For (only behind a proxy we run; otherwise it is client-controlled). */
  trustProxy: boolean
  logger: Logger
}

export type AppOptions = Pick<AppDeps, 'db' | 'notifier'> & Partial<Omit<AppDeps, 'db' | 'notifier'>>

export const DEFAULT_TRANSFER_TIMEOUT_MS = 20_000

export function resolveDeps(options: AppOptions): AppDeps {
  const clock = options.clock ?? systemClock
  return {
    db: options.db,
    notifier: options.notifier,
    clock,
    rateLimiter: options.rateLimiter ?? new MemoryRateLimiter(clock),
    banking: options.banking ?? new SandboxBankingProvider(),
    webhookSecret: options.webhookSecret ?? (process.env.BANK_WEBHOOK_SECRET || DEV_WEBHOOK_SECRET),
    transferTimeoutMs: options.transferTimeoutMs ?? DEFAULT_TRANSFER_TIMEOUT_MS,
    checkResponses: options.checkResponses ?? false,
    trustProxy: options.trustProxy ?? false,
    logger: options.logger ?? console,
  }
}
