import { createHash } from 'node:crypto'

import { Redis } from 'ioredis'

import { type Clock, systemClock } from './clock'
import type { Logger } from './deps'
import { ApiError } from './errors'
import { MemoryRateLimiter, type RateLimiter, type RateLimitRule, type RateLimitState, refusalWithWait } from './rate-limit'

/*
 * Rate limits shared by several API processes through Redis (issue 21, decision 102). Same fixed windows and the
 * same answers as MemoryRateLimiter; the window is timed by Redis (PEXPIRE), not by the app's clock, so every
 * process agrees on when it ends.
 */

/**
 * One atomic step per attempt, so concurrent hits from any number of processes are counted exactly. The window
 * starts with the key's first hit: a key without a TTL gets one (a new key; and, should anything ever strip it,
 * the key is mended rather than left to live for ever). Answers the count and the milliseconds left.
 */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`

/** The count and time left without counting; in one script so the key cannot expire between the two reads. */
const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
return {tonumber(count), redis.call('PTTL', KEYS[1])}`

type Counters = Redis & {
  rateLimitHit(key: string, windowMs: number): Promise<[number, number]>
  rateLimitPeek(key: string): Promise<[number, number]>
}

export const DEFAULT_KEY_PREFIX = 'rl:'

export interface RedisRateLimiterOptions {
  /** Starts every key; tests give each run its own. Default `rl:`. */
  keyPrefix?: string
  /** Counts the rules marked onOutage 'local' while Redis cannot answer. Default: in memory. */
  fallback?: RateLimiter
  clock?: Clock
  logger?: Logger
}

export class RedisRateLimiter implements RateLimiter {
  private readonly counters: Counters
  private readonly keyPrefix: string
  private readonly fallback: RateLimiter
  private readonly logger: Logger
  /** Whether the last call to Redis failed: the log says when sharing stops and starts again, not every call. */
  private down = false

  constructor(redis: Redis, options: RedisRateLimiterOptions = {}) {
    redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT })
    redis.defineCommand('rateLimitPeek', { numberOfKeys: 1, lua: PEEK, readOnly: true })
    this.counters = redis as Counters
    this.keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX
    this.fallback = options.fallback ?? new MemoryRateLimiter(options.clock ?? systemClock)
    this.logger = options.logger ?? console
  }

  async hit(rule: RateLimitRule, key: string): Promise<RateLimitState> {
    let answer: [number, number]
    try {
      answer = await this.counters.rateLimitHit(this.keyOf(rule, key), rule.windowMs)
    } catch (error) {
      this.failed(error)
      return this.unshared(rule).hit(rule, key)
    }
    this.answered()
    const [count, ttl] = answer
    return stateOf(rule, count, ttl, count <= rule.limit)
  }

  async peek(rule: RateLimitRule, key: string): Promise<RateLimitState> {
    let answer: [number, number]
    try {
      answer = await this.counters.rateLimitPeek(this.keyOf(rule, key))
    } catch (error) {
      this.failed(error)
      return this.unshared(rule).peek(rule, key)
    }
    this.answered()
    const [count, ttl] = answer
    if (count === 0) return { allowed: true, remaining: rule.limit, retryAfterSeconds: 0 }
    return stateOf(rule, count, ttl, count < rule.limit)
  }

  /**
   * Never throws: callers reset after the work succeeded (a right password), and a failed reset only leaves the
   * count to end with its window. The local count is cleared too, in case it was counting during an outage.
   */
  async reset(rule: RateLimitRule, key: string): Promise<void> {
    await this.fallback.reset(rule, key)
    try {
      await this.counters.del(this.keyOf(rule, key))
      this.answered()
    } catch (error) {
      this.failed(error)
    }
  }

  /**
   * Keys are hashed: bounded in length whatever the caller sends (an email can be 254 characters, a header far
   * more), and Redis, a second store with its own access and dumps, holds no email addresses or IPs.
   */
  private keyOf(rule: RateLimitRule, key: string): string {
    return `${this.keyPrefix}${rule.name}:${createHash('sha256').update(key).digest('base64url')}`
  }

  /** Where an attempt goes when Redis cannot answer: refused for the password limits, else counted here. */
  private unshared(rule: RateLimitRule): RateLimiter {
    if (rule.onOutage === 'refuse') throw limitsUnavailable()
    return this.fallback
  }

  private failed(error: unknown): void {
    if (this.down) return
    this.down = true
    const reason = error instanceof Error ? error.message : String(error)
    this.logger.error(
      `[rate-limit] Redis cannot be reached (${reason}): sign-in and password checks answer 503, other limits count per process until it answers`,
    )
  }

  private answered(): void {
    if (!this.down) return
    this.down = false
    this.logger.info('[rate-limit] Redis answers again: limits are shared across processes again')
  }
}

function stateOf(rule: RateLimitRule, count: number, ttlMs: number, allowed: boolean): RateLimitState {
  return {
    allowed,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
  }
}

/** 503, not 429: nothing was counted, so no wait can be promised; the client tries again shortly. */
export function limitsUnavailable(): ApiError {
  return refusalWithWait(503, 'LIMITS_UNAVAILABLE', 30, (wait) => `This is briefly unavailable, please try again in ${wait}`)
}

export interface RedisTimeouts {
  /** How long a connection attempt (and the first one at start) may take. Default 2 s. */
  connectTimeoutMs?: number
  /** How long a command may wait for its answer: a Redis that accepts but never answers. Default 1 s. */
  commandTimeoutMs?: number
}

/**
 * A client that never makes a request wait for a Redis that is not there: no offline queue (a command while
 * disconnected fails at once), no command resent after a lost connection (it may have counted already, and the
 * request it belonged to has had its answer), a bound on every command, and reconnection every 2 s at most.
 */
export function redisClient(url: string, timeouts: RedisTimeouts = {}): Redis {
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    connectTimeout: timeouts.connectTimeoutMs ?? 2000,
    commandTimeout: timeouts.commandTimeoutMs ?? 1000,
    retryStrategy: (times) => Math.min(times * 100, 2000),
  })
}

export interface RateLimits {
  limiter: RateLimiter
  /** Resolves when the shared counters answer (at once in memory): for a readiness check. */
  ping(): Promise<void>
  close(): Promise<void>
}

export interface OpenRateLimiterOptions extends RedisTimeouts {
  /** REDIS_URL. Unset: counters in this process's memory, as with one API process. */
  redisUrl?: string
  clock?: Clock
  logger?: Logger
  keyPrefix?: string
}

/**
 * The limiter startServer uses. With a Redis URL it waits for the first connection (at most connectTimeoutMs) but
 * starts without one: signed-in work (sales, sends) needs no limiter, and a process that refused to start would
 * take those down with sign-in. Until Redis answers, the limits follow their onOutage.
 */
export async function openRateLimiter(options: OpenRateLimiterOptions = {}): Promise<RateLimits> {
  const clock = options.clock ?? systemClock
  const logger = options.logger ?? console
  const url = options.redisUrl?.trim()
  if (!url) return { limiter: new MemoryRateLimiter(clock), ping: async () => {}, close: async () => {} }
  // Never echo the value: a Redis URL may hold its password.
  if (!/^rediss?:\/\//.test(url)) throw new Error('REDIS_URL must be a redis:// or rediss:// URL')

  const redis = redisClient(url, options)
  let connectionDown = false
  redis.on('error', (error: Error) => {
    // Every failed reconnection emits this; ioredis prints unhandled ones itself. Once per outage is enough.
    if (connectionDown) return
    connectionDown = true
    logger.warn(`[rate-limit] Redis connection: ${error.message}`)
  })
  redis.on('ready', () => (connectionDown = false))

  const connectTimeoutMs = options.connectTimeoutMs ?? 2000
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      redis.connect(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no answer in time')), connectTimeoutMs))),
    ])
  } catch (error) {
    logger.error(`[rate-limit] Redis cannot be reached at start (${(error as Error).message}); retrying in the background`)
  } finally {
    clearTimeout(timer)
  }

  const limiter = new RedisRateLimiter(redis, { keyPrefix: options.keyPrefix, clock, logger })
  let closing: Promise<void> | undefined
  return {
    limiter,
    ping: async () => {
      await redis.ping()
    },
    close: () =>
      (closing ??= redis.quit().then(
        () => {},
        // Not connected (quit cannot be sent): drop the socket and stop reconnecting.
        () => redis.disconnect(),
      )),
  }
}
