import { randomUUID } from 'node:crypto'
import { createServer, type Server, Socket } from 'node:net'

import { Redis } from 'ioredis'

import { openRateLimiter, type OpenRateLimiterOptions, type RateLimits } from '#server/rate-limit-redis'

/*
 * The Redis the rate-limit tests count in: TEST_REDIS_URL, else the machine's own. Each test file works under a key
 * prefix of its own and deletes its keys afterwards, so files running in parallel (and anything else using that
 * Redis) never see each other's counts.
 */

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379'

export const quietLogger = { info: () => {}, warn: () => {}, error: () => {} }

export interface RedisRun {
  prefix: string
  /** A plain client on the same Redis, to look at the keys the limiters wrote. */
  raw: Redis
  /** A limiter on its own connection, as another API process would have. */
  open(options?: OpenRateLimiterOptions): Promise<RateLimits>
  /** Closes every limiter opened and deletes every key under the prefix. */
  cleanUp(): Promise<void>
}

export function redisRun(): RedisRun {
  const prefix = `rl-test-${randomUUID()}:`
  const raw = new Redis(TEST_REDIS_URL, { lazyConnect: true })
  const opened: RateLimits[] = []
  return {
    prefix,
    raw,
    async open(options = {}) {
      const limits = await openRateLimiter({ redisUrl: TEST_REDIS_URL, keyPrefix: prefix, logger: quietLogger, ...options })
      opened.push(limits)
      return limits
    },
    async cleanUp() {
      await Promise.all(opened.map((limits) => limits.close()))
      let cursor = '0'
      do {
        const [next, keys] = await raw.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500)
        if (keys.length) await raw.del(...keys)
        cursor = next
      } while (cursor !== '0')
      await raw.quit()
    },
  }
}

/**
 * A TCP relay in front of Redis that a test can break the way networks break: refuse connections (Redis down),
 * or hold every byte a client sends (Redis, or the path to it, alive but silent) and deliver it later, in order.
 */
export class RedisRelay {
  private refusing = false
  private holding = false
  private readonly held: Array<() => void> = []
  private readonly sockets = new Set<Socket>()
  private readonly server: Server
  /** Where a limiter finds Redis through this relay; known once it listens. */
  url = ''

  private constructor(private readonly target: URL) {
    this.server = createServer((client) => this.accept(client))
  }

  static async start(target = new URL(TEST_REDIS_URL)): Promise<RedisRelay> {
    const relay = new RedisRelay(target)
    await new Promise<void>((done) => relay.server.listen(0, '127.0.0.1', done))
    relay.url = `redis://127.0.0.1:${(relay.server.address() as { port: number }).port}`
    return relay
  }

  /** Drops every connection and refuses new ones, as a stopped Redis would. */
  refuse(): void {
    this.refusing = true
    for (const socket of this.sockets) socket.destroy()
  }

  /** Holds whatever clients send from now on: their commands get no answer. */
  hold(): void {
    this.holding = true
  }

  /** Accepts connections again and delivers anything held. */
  restore(): void {
    this.refusing = false
    this.holding = false
    for (const deliver of this.held.splice(0)) deliver()
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise((done) => this.server.close(done))
  }

  private accept(client: Socket): void {
    if (this.refusing) return void client.destroy()
    const upstream = new Socket()
    upstream.connect(Number(this.target.port || 6379), this.target.hostname)
    for (const socket of [client, upstream]) {
      this.sockets.add(socket)
      socket.on('close', () => {
        this.sockets.delete(socket)
        client.destroy()
        upstream.destroy()
      })
      socket.on('error', () => {})
    }
    client.on('data', (chunk) => {
      if (this.holding) this.held.push(() => upstream.write(chunk))
      else upstream.write(chunk)
    })
    upstream.on('data', (chunk) => client.write(chunk))
  }
}

/** Resolves once ping answers (the client reconnects in the background), failing after `ms`. */
export async function untilReachable(limits: RateLimits, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms
  for (;;) {
    try {
      return await limits.ping()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((done) => setTimeout(done, 50))
    }
  }
}
