import { afterAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { call, createVendor, makeApp, type TestApp } from '../harness'
import { quietLogger, redisRun } from '../redis-harness'

/*
 * Issue 21: the per-account login lockout (decision 084) holds across API processes when they share their counts
 * through Redis (decision 102). Two apps on the same database, each with a Redis limiter on its own connection,
 * stand for two processes behind one load balancer.
 */

const run = redisRun()
afterAll(() => run.cleanUp())

/** One "process": the real app with a Redis limiter of its own. */
async function apiProcess(redisUrl?: string): Promise<TestApp> {
  const { limiter } = await run.open(redisUrl ? { redisUrl, logger: quietLogger } : {})
  return makeApp({ rateLimiter: limiter, logger: quietLogger })
}

const login = (t: TestApp, email: string, password: string, ip: string) => call(t.app, endpoints.login, { body: { email, password }, ip })

describe('login lockout across two API processes', () => {
  it('evaluates 5 wrong passwords in all when two processes receive them alternately, then refuses the right one', async () => {
    const processes = [await apiProcess(), await apiProcess()]
    const { owner } = await createVendor()
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) statuses.push((await login(processes[i % 2]!, owner.email, `wrong-${i}`, `10.21.${i}.1`)).status)
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429])
    for (const t of processes) {
      const right = await login(t, owner.email, owner.password, '10.21.99.1')
      expect(right.status).toBe(429)
      expect(right.body.code).toBe('RATE_LIMITED')
    }
  })

  it('evaluates at most 5 of 40 concurrent guesses split between the two processes', async () => {
    const processes = [await apiProcess(), await apiProcess()]
    const { owner } = await createVendor()
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(processes[i % 2]!, owner.email, `wrong-${i}`, `10.22.${i}.1`)),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((s) => s === 401)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(35)
  })

  it('a right password on one process clears the failures counted by the other', async () => {
    const [a, b] = [await apiProcess(), await apiProcess()]
    const { owner } = await createVendor()
    for (let i = 0; i < 4; i++) expect((await login(a, owner.email, `wrong-${i}`, '10.23.0.1')).status).toBe(401)
    expect((await login(b, owner.email, owner.password, '10.23.0.2')).status).toBe(200)
    for (let i = 0; i < 4; i++) expect((await login(a, owner.email, `wrong-${i}`, '10.23.0.1')).status).toBe(401)
    expect((await login(b, owner.email, owner.password, '10.23.0.2')).status).toBe(200)
  })
})

describe('login while Redis cannot be reached', () => {
  it('answers 503 rather than checking a password uncounted; a cost-only limit keeps working', async () => {
    // Nothing listens on port 1: Redis is down for this process.
    const t = await apiProcess('redis://127.0.0.1:1')
    const { owner } = await createVendor()
    const refused = await login(t, owner.email, owner.password, '10.24.0.1')
    expect(refused.status).toBe(503)
    expect(refused.body).toEqual({ message: 'This is briefly unavailable, please try again in 30 seconds', code: 'LIMITS_UNAVAILABLE' })
    expect(refused.headers.get('retry-after')).toBe('30')
    // Forgot-password is limited for cost (each is an email we send), counted in this process meanwhile.
    const forgot = await call(t.app, endpoints.forgotPassword, { body: { email: owner.email }, ip: '10.24.0.1' })
    expect(forgot.status).toBe(200)
  })
})
