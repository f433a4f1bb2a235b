import { sql } from 'drizzle-orm'
import type { Hono } from 'hono'

import type { AppDeps } from '../deps'

/*
 * GET /api/health and GET /api/ready, for a load balancer in front of several API processes (issue 21, decision
 * 104). Outside the contract: the app never calls them, and their answers are the bare `{ status }` load balancers
 * and orchestrators expect, not the `{ message, data }` envelope. Public, never rate limited, never cached.
 */

/** A check slower than this fails: a load balancer's probe would time out anyway, and then it knows nothing. */
export const READY_CHECK_TIMEOUT_MS = 2_000

type CheckState = 'ok' | 'error' | 'timeout'

async function check(run: () => Promise<unknown>, timeoutMs: number): Promise<{ state: CheckState; reason?: string }> {
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)))
  try {
    const outcome = await Promise.race([run().then(() => 'ok' as const), timedOut])
    return outcome === 'ok' ? { state: 'ok' } : { state: 'timeout', reason: `no answer within ${timeoutMs} ms` }
  } catch (error) {
    return { state: 'error', reason: error instanceof Error ? error.message : String(error) }
  } finally {
    clearTimeout(timer)
  }
}

export function mountProbes(
  api: Hono,
  deps: Pick<AppDeps, 'db' | 'readiness' | 'logger'>,
  { timeoutMs = READY_CHECK_TIMEOUT_MS }: { timeoutMs?: number } = {},
): void {
  // The process answers: nothing else is looked at, so a slow database never gets a live process restarted.
  api.get('/health', (c) => c.json({ status: 'ok' }))

  // What was wrong at the last probe, so a database that stays down is logged once, not at every probe.
  let lastProblem: string | null = null
  api.get('/ready', async (c) => {
    // First and without a query: before the start is done and from SIGTERM on, the load balancer is to send nothing.
    const phase = deps.readiness.phase()
    if (phase !== 'serving') return c.json({ status: phase === 'starting' ? 'starting' : 'shutting_down' }, 503)
    const { redisPing } = deps.readiness
    const [database, redis] = await Promise.all([
      check(() => deps.db.execute(sql`select 1`), timeoutMs),
      redisPing ? check(redisPing, timeoutMs) : undefined,
    ])
    const checks = { database: database.state, ...(redis ? { redis: redis.state } : {}) }
    // The reason goes to the log only: an unauthenticated caller learns which dependency failed, not host names.
    const problem = [database.reason && `database: ${database.reason}`, redis?.reason && `redis: ${redis.reason}`]
      .filter(Boolean)
      .join('; ')
    if (problem && problem !== lastProblem) deps.logger.warn(`[ready] not ready: ${problem}`)
    if (!problem && lastProblem) deps.logger.info('[ready] ready again')
    lastProblem = problem || null
    return c.json({ status: problem ? 'unavailable' : 'ready', checks }, problem ? 503 : 200)
  })
}

const probeSchema = (statuses: string[], checks: boolean) => ({
  type: 'object',
  required: ['status'],
  properties: {
    status: { enum: statuses },
    ...(checks
      ? {
          checks: {
            type: 'object',
            description: 'Each dependency checked: ok, error or timeout. `redis` only when the rate limits live in Redis.',
            properties: { database: { enum: ['ok', 'error', 'timeout'] }, redis: { enum: ['ok', 'error', 'timeout'] } },
          },
        }
      : {}),
  },
})

const probe = (operationId: string, summary: string, responses: Record<string, [string, object]>) => ({
  get: {
    operationId,
    summary,
    description: 'Public: no sign-in needed, never rate limited. Answers `{ status }`, not the `{ message, data }` envelope.',
    tags: ['operations'],
    'x-access': 'public',
    security: [],
    responses: Object.fromEntries(
      Object.entries(responses).map(([code, [description, schema]]) => [
        code,
        { description, content: { 'application/json': { schema } } },
      ]),
    ),
  },
})

/** The probes in the OpenAPI document (http/openapi.ts), beside the contract's endpoints. */
export const PROBE_PATHS = {
  '/health': probe('health', 'The process is up and answering. Touches no database: for liveness checks.', {
    '200': ['Up', probeSchema(['ok'], false)],
  }),
  '/ready': probe('ready', 'The process can serve requests: the database answers `select 1` and, when configured, Redis answers PING.', {
    '200': ['Ready', probeSchema(['ready'], true)],
    '503': [
      'A dependency failed (`unavailable`, named in `checks`), or the process is `starting` or `shutting_down` (no `checks`)',
      probeSchema(['unavailable', 'starting', 'shutting_down'], true),
    ],
  }),
}
