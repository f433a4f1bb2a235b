import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { type RunningServer, startServer } from '#server/start-server'

import { quietLogger, TEST_REDIS_URL } from '../redis-harness'

/*
 * startServer's REDIS_URL (decision 102): the real server takes its rate limiter from it, starts even when Redis
 * is down, and hands out a ping for a readiness check. Nothing here counts an attempt in the shared Redis: the
 * server's keys are not under a test prefix, and another server on this machine may be counting in them.
 */

const options = { port: 0, hostname: '127.0.0.1', dataDir: 'memory', distDir: null, seed: false, logger: quietLogger }
let withRedis: RunningServer
let redisDown: RunningServer

// Started together in the hook (each migrates a fresh database, seconds under load), not inside a test's timeout.
beforeAll(async () => {
  // Nothing listens on port 1.
  ;[withRedis, redisDown] = await Promise.all([
    startServer({ ...options, redisUrl: TEST_REDIS_URL }),
    startServer({ ...options, redisUrl: 'redis://127.0.0.1:1' }),
  ])
})
afterAll(async () => {
  await Promise.all([withRedis?.close(), redisDown?.close()])
})

const login = (server: RunningServer) =>
  fetch(`${server.url}/api/auth/vendor/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'nobody@test.ng', password: 'whatever-password' }),
  })

describe('startServer with a Redis URL', () => {
  it('pings Redis for a readiness check', async () => {
    // Two PGlite servers starting at once can hold the event loop past the 2 s the start waits for Redis; the
    // connection then completes in the background, and the ping answers once it has.
    await vi.waitUntil(
      () =>
        withRedis.redis!.ping().then(
          () => true,
          () => false,
        ),
      { timeout: 10_000, interval: 100 },
    )
    await expect(withRedis.redis!.ping()).resolves.toBeUndefined()
  })

  it('starts while Redis is down, and its sign-in answers 503 until Redis answers', async () => {
    await expect(redisDown.redis!.ping()).rejects.toThrow()
    const res = await login(redisDown)
    expect(res.status).toBe(503)
    expect(((await res.json()) as { code: string }).code).toBe('LIMITS_UNAVAILABLE')
  })
})
