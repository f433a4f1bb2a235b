import { createHash } from 'node:crypto'

import { afterAll, describe, expect, it } from 'vitest'

import { ApiError } from '#server/errors'
import { MemoryRateLimiter, type RateLimiter, type RateLimitRule } from '#server/rate-limit'

import { RedisRelay, redisRun, untilReachable } from '../redis-harness'

/*
 * Issue 21: rate limits shared by several API processes through Redis (docs/decisions/102). Against a real Redis
 * (TEST_REDIS_URL, default the machine's own on 6379); each limiter here has a connection of its own, as each
 * API process would.
 */

const run = redisRun()
afterAll(() => run.cleanUp())

let ruleCount = 0
/** A rule of its own per test, so no test sees another's counts. */
const rule = (limit: number, windowMs = 60_000, onOutage: RateLimitRule['onOutage'] = 'refuse'): RateLimitRule => ({
  name: `rule-${++ruleCount}`,
  limit,
  windowMs,
  onOutage,
})
const redisKey = (r: RateLimitRule, key: string) => `${run.prefix}${r.name}:${createHash('sha256').update(key).digest('base64url')}`
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

describe('RedisRateLimiter counts as MemoryRateLimiter does', () => {
  it('answers the same states for the same hits, peeks and resets', async () => {
    const { limiter } = await run.open()
    const memory = new MemoryRateLimiter()
    const r = rule(3)
    const steps: Array<(l: RateLimiter) => Promise<unknown>> = [
      (l) => l.peek(r, 'k'),
      (l) => l.hit(r, 'k'),
      (l) => l.peek(r, 'k'),
      (l) => l.hit(r, 'k'),
      (l) => l.hit(r, 'k'),
      (l) => l.peek(r, 'k'),
      (l) => l.hit(r, 'k'),
      (l) => l.hit(r, 'k'),
      (l) => l.peek(r, 'k'),
      (l) => l.reset(r, 'k'),
      (l) => l.peek(r, 'k'),
      (l) => l.hit(r, 'k'),
    ]
    for (const step of steps) expect(await step(limiter)).toEqual(await step(memory))
  })

  it('counts a hit and answers allowed while the count is within the limit, with the wait in whole seconds', async () => {
    const { limiter } = await run.open()
    const r = rule(2)
    expect(await limiter.hit(r, 'a')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 60 })
    expect(await limiter.hit(r, 'a')).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 60 })
    expect(await limiter.hit(r, 'a')).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 60 })
    // Keys are separate counters.
    expect(await limiter.hit(r, 'b')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 60 })
    expect(await run.raw.get(redisKey(r, 'a'))).toBe('3')
  })

  it('peek does not count, and refuses once the limit is used up', async () => {
    const { limiter } = await run.open()
    const r = rule(2)
    expect(await limiter.peek(r, 'p')).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 })
    for (let i = 0; i < 5; i++) await limiter.peek(r, 'p')
    expect(await run.raw.exists(redisKey(r, 'p'))).toBe(0)
    await limiter.hit(r, 'p')
    for (let i = 0; i < 5; i++) expect(await limiter.peek(r, 'p')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 60 })
    await limiter.hit(r, 'p')
    expect(await limiter.peek(r, 'p')).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 60 })
    expect(await run.raw.get(redisKey(r, 'p'))).toBe('2')
  })

  it('reset clears the count for every process', async () => {
    const one = await run.open()
    const two = await run.open()
    const r = rule(1)
    await one.limiter.hit(r, 'r')
    expect((await two.limiter.hit(r, 'r')).allowed).toBe(false)
    await two.limiter.reset(r, 'r')
    expect(await one.limiter.peek(r, 'r')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 })
    expect((await one.limiter.hit(r, 'r')).allowed).toBe(true)
  })

  it('ends the window when its time is up, and the next hit starts a new one', async () => {
    const { limiter } = await run.open()
    const r = rule(2, 300)
    await limiter.hit(r, 'w')
    await limiter.hit(r, 'w')
    const refused = await limiter.hit(r, 'w')
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1 })
    await sleep(450)
    expect(await limiter.peek(r, 'w')).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 })
    expect(await limiter.hit(r, 'w')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 1 })
    // A hit inside the window does not extend it: the window is fixed from its first hit.
    await sleep(200)
    await limiter.hit(r, 'w')
    await sleep(200)
    expect(await limiter.hit(r, 'w')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 1 })
  })
})

describe('the keys in Redis', () => {
  it('are namespaced by rule, bounded in length, hold no raw key, and always expire', async () => {
    const { limiter } = await run.open()
    const r = rule(5, 60_000)
    const email = `${'x'.repeat(5000)}@test.ng`
    await limiter.hit(r, email)
    const [key] = await run.raw.keys(`${run.prefix}${r.name}:*`)
    expect(key).toBe(redisKey(r, email))
    expect(key!.length).toBeLessThan(run.prefix.length + r.name.length + 50)
    expect(key).not.toContain('test.ng')
    const ttl = await run.raw.pttl(key!)
    expect(ttl).toBeGreaterThan(50_000)
    expect(ttl).toBeLessThanOrEqual(60_000)
  })

  it('mends a key that lost its expiry instead of letting it count for ever', async () => {
    const { limiter } = await run.open()
    const r = rule(5, 60_000)
    await limiter.hit(r, 'm')
    await run.raw.persist(redisKey(r, 'm'))
    expect(await run.raw.pttl(redisKey(r, 'm'))).toBe(-1)
    expect(await limiter.hit(r, 'm')).toEqual({ allowed: true, remaining: 3, retryAfterSeconds: 60 })
    expect(await run.raw.pttl(redisKey(r, 'm'))).toBeGreaterThan(50_000)
  })
})

describe('several processes on one Redis', () => {
  it('count 200 concurrent hits from 3 connections exactly: 5 allowed, 195 refused', async () => {
    const limiters = await Promise.all([run.open(), run.open(), run.open()])
    const r = rule(5)
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => limiters[i % 3]!.limiter.hit(r, 'burst')))
    expect(answers.filter((a) => a.allowed)).toHaveLength(5)
    expect(answers.filter((a) => !a.allowed)).toHaveLength(195)
    // Each allowed answer saw a different count: remaining 4, 3, 2, 1, 0 once each.
    expect(
      answers
        .filter((a) => a.allowed)
        .map((a) => a.remaining)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4])
    expect(await run.raw.get(redisKey(r, 'burst'))).toBe('200')
    for (const { limiter } of limiters) expect((await limiter.peek(r, 'burst')).allowed).toBe(false)
  })
})

describe('when Redis cannot answer', () => {
  const refusedQuickly = async (attempt: Promise<unknown>) => {
    const error = await attempt.then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 503, code: 'LIMITS_UNAVAILABLE', headers: { 'Retry-After': '30' } })
  }

  it('starts without it, refuses the password limits with 503, and counts the others in the process', async () => {
    const errors: string[] = []
    const logger = { info: () => {}, warn: () => {}, error: (line: string) => errors.push(line) }
    // Nothing listens on port 1.
    const limits = await run.open({ redisUrl: 'redis://127.0.0.1:1', logger })
    const password = rule(5, 60_000, 'refuse')
    await refusedQuickly(limits.limiter.hit(password, 'x'))
    await refusedQuickly(limits.limiter.peek(password, 'x'))
    await expect(limits.limiter.reset(password, 'x')).resolves.toBeUndefined()

    const cost = rule(2, 60_000, 'local')
    expect(await limits.limiter.hit(cost, 'y')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 60 })
    await limits.limiter.hit(cost, 'y')
    expect(await limits.limiter.hit(cost, 'y')).toMatchObject({ allowed: false })
    expect(await limits.limiter.peek(cost, 'y')).toMatchObject({ allowed: false })

    await expect(limits.ping()).rejects.toThrow()
    // Once when it stopped answering, not once per call.
    expect(errors.filter((line) => line.includes('Redis cannot be reached (')).length).toBe(1)
  })

  it('does not make a request wait on a Redis that takes commands and never answers', async () => {
    const relay = await RedisRelay.start()
    try {
      const limits = await run.open({ redisUrl: relay.url, commandTimeoutMs: 300 })
      const password = rule(5, 60_000, 'refuse')
      expect((await limits.limiter.hit(password, 'h')).allowed).toBe(true)
      relay.hold()
      // The command timeout answers; without it these would wait for ever (the test's own timeout would fail it).
      await refusedQuickly(limits.limiter.hit(password, 'h'))
      expect(await limits.limiter.hit(rule(5, 60_000, 'local'), 'h')).toMatchObject({ allowed: true })
      // Delivered late and in order, the held commands leave the connection usable: replies still match commands.
      relay.restore()
      await untilReachable(limits)
      const fresh = rule(5)
      expect(await limits.limiter.hit(fresh, 'h')).toEqual({ allowed: true, remaining: 4, retryAfterSeconds: 60 })
    } finally {
      await relay.close()
    }
  })

  it('shares the counts again once Redis is back, and says so in the log', async () => {
    const relay = await RedisRelay.start()
    try {
      const lines: string[] = []
      const logger = { info: (line: string) => lines.push(line), warn: () => {}, error: (line: string) => lines.push(line) }
      relay.refuse()
      const down = await run.open({ redisUrl: relay.url, logger })
      const up = await run.open()
      const r = rule(3)
      await refusedQuickly(down.limiter.hit(r, 'back'))
      relay.restore()
      await untilReachable(down)
      await down.limiter.hit(r, 'back')
      expect(await up.limiter.hit(r, 'back')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 60 })
      expect(lines.some((line) => line.includes('Redis answers again'))).toBe(true)
    } finally {
      await relay.close()
    }
  })

  it('refuses a REDIS_URL that is not a redis:// URL, without echoing it', async () => {
    await expect(run.open({ redisUrl: 'http://user:secret@host' })).rejects.toThrow(/^REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL$/)
  })
})
