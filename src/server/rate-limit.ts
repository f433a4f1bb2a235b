import type { ErrorCode } from '#contract/error-codes'

import { type Clock, MINUTE_MS, systemClock } from './clock'
import { ApiError } from './errors'

export interface RateLimitRule {
  /** Namespaces the key, so one limiter serves every rule. */
  name: string
  limit: number
  windowMs: number
  /**
   * What a limiter shared through Redis does when Redis cannot answer (decision 102). 'refuse' answers 503: for the
   * limits that alone bound guesses at a password a person chose. 'local' counts in this process meanwhile (with N
   * processes, at most N times the limit): for limits on cost and nuisance, or on secrets nobody can guess.
   */
  onOutage: 'refuse' | 'local'
}

export interface RateLimitState {
  allowed: boolean
  remaining: number
  /** Seconds until the window resets; 0 when nothing is counted. */
  retryAfterSeconds: number
}

/**
 * Counts attempts per key in a window. Async so a Redis implementation (shared by several API processes)
 * can replace the in-memory one without touching callers.
 */
export interface RateLimiter {
  /** Counts one attempt and answers whether it was within the limit. */
  hit(rule: RateLimitRule, key: string): Promise<RateLimitState>
  /** Answers without counting: used to refuse before doing work, counting only failures afterwards. */
  peek(rule: RateLimitRule, key: string): Promise<RateLimitState>
  reset(rule: RateLimitRule, key: string): Promise<void>
}

const WINDOW = 15 * MINUTE_MS

export const LIMITS = {
  loginPerIp: { name: 'login-ip', limit: 20, windowMs: WINDOW, onOutage: 'refuse' },
  /** Every sign-in attempt on an account from a device not known to it, counted before the password is checked. */
  loginFailuresPerAccount: { name: 'login-account', limit: 5, windowMs: WINDOW, onOutage: 'refuse' },
  /** A known device's own attempts (decision 084): its own small allowance, untouched by strangers' guesses. */
  loginFailuresPerKnownDevice: { name: 'login-device', limit: 5, windowMs: WINDOW, onOutage: 'refuse' },
  forgotPasswordPerIp: { name: 'forgot-ip', limit: 10, windowMs: WINDOW, onOutage: 'local' },
  forgotPasswordPerAccount: { name: 'forgot-account', limit: 3, windowMs: WINDOW, onOutage: 'local' },
  resetPasswordPerIp: { name: 'reset-ip', limit: 20, windowMs: WINDOW, onOutage: 'local' },
  passwordChangeFailuresPerUser: { name: 'password-change', limit: 5, windowMs: WINDOW, onOutage: 'refuse' },
  /** Real providers bill each name enquiry, and unlimited lookups would let a session enumerate account names. */
  nameEnquiryPerUser: { name: 'name-enquiry', limit: 30, windowMs: WINDOW, onOutage: 'local' },
  /** A bulk payout's review resolves up to MAX_BATCH_ROWS names at once (decision 192): a few reviews per window. */
  payoutBatchPerUser: { name: 'payout-batch', limit: 5, windowMs: WINDOW, onOutage: 'local' },
  /** Each PIN-change OTP is an SMS we pay for and a code someone could be flooded with. */
  pinOtpPerUser: { name: 'pin-otp', limit: 5, windowMs: WINDOW, onOutage: 'local' },
  /** The invitee's two public calls. Codes are unguessable; these bound scripted probing and scrypt work. */
  inviteDetailsPerIp: { name: 'invite-details-ip', limit: 30, windowMs: WINDOW, onOutage: 'local' },
  inviteAcceptPerIp: { name: 'invite-accept-ip', limit: 20, windowMs: WINDOW, onOutage: 'local' },
  /**
   * Invitations and resends, per vendor: each one is an SMS we pay for to any number the caller types, and each
   * try tells whether an email has an account. Per vendor, so several team managers do not multiply it.
   */
  invitationsPerVendor: { name: 'invitations', limit: 30, windowMs: WINDOW, onOutage: 'local' },
  /** Registration scrypt-hashes a password and sends an SMS we pay for: bounded per address like login. */
  registerPerIp: { name: 'register-ip', limit: 20, windowMs: WINDOW, onOutage: 'local' },
  /** Phone verification codes, per vendor: one a minute (the app's countdown) and five an hour (each is an SMS). */
  phoneOtpGapPerVendor: { name: 'phone-otp-gap', limit: 1, windowMs: MINUTE_MS, onOutage: 'local' },
  phoneOtpPerVendor: { name: 'phone-otp', limit: 5, windowMs: 60 * MINUTE_MS, onOutage: 'local' },
  /** Wrong operator keys, per address: the key is long and random; this stops anyone trying at line speed. */
  operatorKeyFailuresPerIp: { name: 'operator-key-ip', limit: 10, windowMs: WINDOW, onOutage: 'local' },
  /** Each domain check asks DNS on the vendor's behalf: bounded so a script cannot use us to hammer a resolver. */
  domainVerifyPerVendor: { name: 'domain-verify', limit: 20, windowMs: WINDOW, onOutage: 'local' },
  /**
   * Pay-link checkouts (decision 111): each makes a pending order and may use up a coupon, with no session. Per
   * address for one visitor, and per link so many addresses together cannot drain a coupon or flood one shop.
   */
  payLinkCheckoutPerIp: { name: 'paylink-checkout-ip', limit: 20, windowMs: WINDOW, onOutage: 'local' },
  payLinkCheckoutPerLink: { name: 'paylink-checkout-link', limit: 100, windowMs: WINDOW, onOutage: 'local' },
  /**
   * Storefront carts (decision 176, 188). Per address they count with the pay links' (payLinkCheckoutPerIp); per
   * shop and address, so one visitor cannot fill one shop's orders, and a few addresses using theirs up refuse no
   * other customer. The per-shop ceiling is far above what a few addresses can reach (each adds at most its own
   * 10): it only bounds a flood from many addresses at once.
   */
  cartCheckoutPerShopAndIp: { name: 'cart-checkout-shop-ip', limit: 10, windowMs: WINDOW, onOutage: 'local' },
  cartCheckoutPerShop: { name: 'cart-checkout-shop', limit: 1_000, windowMs: WINDOW, onOutage: 'local' },
} satisfies Record<string, RateLimitRule>

interface Bucket {
  count: number
  resetAt: number
}

/**
 * Fixed-window counters in process memory: right for one API process (the default deployment). Several processes
 * share RedisRateLimiter (rate-limit-redis.ts), which behaves the same.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly buckets = new Map<string, Bucket>()

  constructor(private readonly clock: Clock = systemClock) {}

  async hit(rule: RateLimitRule, key: string): Promise<RateLimitState> {
    const now = this.clock.now().getTime()
    const id = `${rule.name}:${key}`
    let bucket = this.live(id, now)
    if (!bucket) {
      this.sweep(now)
      bucket = { count: 0, resetAt: now + rule.windowMs }
      this.buckets.set(id, bucket)
    }
    bucket.count += 1
    return this.state(rule, bucket, now, bucket.count <= rule.limit)
  }

  async peek(rule: RateLimitRule, key: string): Promise<RateLimitState> {
    const now = this.clock.now().getTime()
    const bucket = this.live(`${rule.name}:${key}`, now)
    if (!bucket) return { allowed: true, remaining: rule.limit, retryAfterSeconds: 0 }
    return this.state(rule, bucket, now, bucket.count < rule.limit)
  }

  async reset(rule: RateLimitRule, key: string): Promise<void> {
    this.buckets.delete(`${rule.name}:${key}`)
  }

  private live(id: string, now: number): Bucket | undefined {
    const bucket = this.buckets.get(id)
    return bucket && bucket.resetAt > now ? bucket : undefined
  }

  private state(rule: RateLimitRule, bucket: Bucket, now: number, allowed: boolean): RateLimitState {
    return {
      allowed,
      remaining: Math.max(0, rule.limit - bucket.count),
      retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt - now) / 1000)),
    }
  }

  /** Keeps memory bounded under a flood of distinct keys (e.g. one per spoofed email). */
  private sweep(now: number): void {
    if (this.buckets.size < 10_000) return
    for (const [id, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(id)
  }
}

/**
 * The wait a refusal promises, once, for both its Retry-After header and its words, so the two cannot disagree (a
 * message saying "1 minute" beside a header saying 6 s, issue 35). Under two minutes it is said in seconds; longer
 * waits are said in whole minutes, and the header is rounded up to the same minutes: a client that waits as long
 * as either says is let in.
 */
export function waitOf(retryAfterSeconds: number): { seconds: number; words: string } {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
  if (seconds < 120) return { seconds, words: `${seconds} ${seconds === 1 ? 'second' : 'seconds'}` }
  const minutes = Math.ceil(seconds / 60)
  return { seconds: minutes * 60, words: `${minutes} minutes` }
}

/** An ApiError whose message says the wait (`sentence` gets it in words) and whose Retry-After is that wait. */
export function refusalWithWait(
  status: 429 | 503,
  code: ErrorCode,
  retryAfterSeconds: number,
  sentence: (wait: string) => string,
): ApiError {
  const { seconds, words } = waitOf(retryAfterSeconds)
  return new ApiError(status, code, sentence(words), { headers: { 'Retry-After': String(seconds) } })
}

export function rateLimited(retryAfterSeconds: number): ApiError {
  return refusalWithWait(429, 'RATE_LIMITED', retryAfterSeconds, (wait) => `Too many attempts. Try again in ${wait}.`)
}

/** 429 for something that may be asked for again after a wait ("You can ask for a new code in 45 seconds"). */
export function tooSoon(retryAfterSeconds: number, what: string): ApiError {
  return refusalWithWait(429, 'RATE_LIMITED', retryAfterSeconds, (wait) => `You can ${what} in ${wait}`)
}

/** Counts an attempt and throws 429 when over the limit. */
export async function enforce(limiter: RateLimiter, rule: RateLimitRule, key: string): Promise<void> {
  const state = await limiter.hit(rule, key)
  if (!state.allowed) throw rateLimited(state.retryAfterSeconds)
}

/** Throws 429 when the limit is already used up, without counting this attempt. */
export async function ensureNotLimited(limiter: RateLimiter, rule: RateLimitRule, key: string): Promise<void> {
  const state = await limiter.peek(rule, key)
  if (!state.allowed) throw rateLimited(state.retryAfterSeconds)
}
