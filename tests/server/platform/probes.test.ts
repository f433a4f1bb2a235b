import { beforeAll, describe, expect, it } from 'vitest'

import type { Db } from '#server/db/client'
import type { Logger, ServerPhase } from '#server/deps'

import { callRaw, captureLogger, makeApp, type TestApp, testDb } from '../harness'

/*
 * Issue 21: GET /api/health (the process answers) and GET /api/ready (it can serve: the database answers, Redis too
 * when the rate limits live there, and it is neither starting nor shutting down) for a load balancer. Public,
 * never rate limited, never cached (decision 104).
 */

let real: Db
beforeAll(async () => {
  real = await testDb()
})

/** A database that can be made to fail, as one restarting or out of reach does. */
function switchable() {
  const state = { down: false }
  const db = new Proxy(real, {
    get(target, prop, receiver) {
      if (state.down && prop === 'execute') return () => Promise.reject(new Error('connect ECONNREFUSED db.internal:5432'))
      return Reflect.get(target, prop, receiver)
    },
  })
  return { db, state }
}

async function appWith(options: { redisPing?: () => Promise<void>; phase?: ServerPhase; db?: Db; logger?: Logger } = {}): Promise<TestApp> {
  return makeApp({
    ...(options.db ? { db: options.db } : {}),
    logger: options.logger ?? captureLogger(),
    readiness: { redisPing: options.redisPing ?? null, phase: () => options.phase ?? 'serving' },
  })
}

describe('GET /api/health', () => {
  it('answers 200 { status: ok }, uncached, without a session, whatever the database', async () => {
    const { db, state } = switchable()
    const t = await appWith({ db })
    state.down = true
    const res = await callRaw(t.app, 'GET', '/health', { headers: { authorization: 'Bearer garbage' } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ status: 'ok' })
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('GET /api/ready', () => {
  it('answers 200 when the database answers', async () => {
    const res = await callRaw((await appWith()).app, 'GET', '/ready')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ status: 'ready', checks: { database: 'ok' } })
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('answers 503 naming the database while it is down, logs it once, and 200 again when it is back', async () => {
    const { db, state } = switchable()
    const logger = captureLogger()
    const t = await appWith({ db, logger })
    state.down = true
    for (let i = 0; i < 3; i++) {
      const res = await callRaw(t.app, 'GET', '/ready')
      expect(res.status).toBe(503)
      // Which dependency, not why: the reason (host names) goes to the log only.
      expect(res.body).toEqual({ status: 'unavailable', checks: { database: 'error' } })
    }
    expect(logger.lines).toEqual(['warn [ready] not ready: database: connect ECONNREFUSED db.internal:5432'])
    state.down = false
    expect((await callRaw(t.app, 'GET', '/ready')).status).toBe(200)
    expect(logger.lines.at(-1)).toBe('info [ready] ready again')
  })

  it('asks Redis when it is configured: 200 with both, 503 naming Redis when PING fails', async () => {
    let pings = 0
    const up = await appWith({ redisPing: async () => void pings++ })
    const ok = await callRaw(up.app, 'GET', '/ready')
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } })
    expect(pings).toBe(1)

    const down = await appWith({ redisPing: () => Promise.reject(new Error('Connection is closed.')) })
    const refused = await callRaw(down.app, 'GET', '/ready')
    expect(refused.status).toBe(503)
    expect(refused.body).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'error' } })
  })

  it('answers 503 timeout for a check that never answers, within about 2 s', async () => {
    const hung = await appWith({ redisPing: () => new Promise(() => {}) })
    const started = Date.now()
    const res = await callRaw(hung.app, 'GET', '/ready')
    expect(res.status).toBe(503)
    expect(res.body).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'timeout' } })
    expect(Date.now() - started).toBeLessThan(4_000)
  })

  it('answers 503 while the process starts and from the moment it shuts down, without asking the database', async () => {
    const { db, state } = switchable()
    state.down = true
    const stopping = await callRaw((await appWith({ db, phase: 'stopping' })).app, 'GET', '/ready')
    expect(stopping.status).toBe(503)
    expect(stopping.body).toEqual({ status: 'shutting_down' })
    const starting = await callRaw((await appWith({ db, phase: 'starting' })).app, 'GET', '/ready')
    expect(starting.status).toBe(503)
    expect(starting.body).toEqual({ status: 'starting' })
  })

  it('is never rate limited and answers HEAD', async () => {
    const t = await appWith()
    const answers = await Promise.all(Array.from({ length: 50 }, () => callRaw(t.app, 'GET', '/ready', { ip: '10.77.0.1' })))
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200))
    const head = await t.app.request('/api/ready', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })
})

describe('the probes in the API reference', () => {
  it('openapi.json and /api/docs list /health and /ready, public, with their answers', async () => {
    const t = await appWith()
    const spec = (await callRaw(t.app, 'GET', '/openapi.json')).body
    expect(spec.paths['/health'].get).toMatchObject({ operationId: 'health', security: [], tags: ['operations'] })
    expect(Object.keys(spec.paths['/ready'].get.responses)).toEqual(['200', '503'])
    const docs = await callRaw(t.app, 'GET', '/docs')
    expect(docs.body).toContain('<code>/api/ready</code>')
  })
})
