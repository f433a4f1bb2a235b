import { randomUUID } from 'node:crypto'

import type { MiddlewareHandler } from 'hono'

import type { Logger } from '../deps'
import { requestScope } from '../logging'

export const REQUEST_ID_HEADER = 'X-Request-Id'

/**
 * An id a proxy or client may already have given the request: kept when it is short and made only of characters
 * that cannot break a log line or a header (UUIDs, hex and base64 ids, `trace:span` pairs); anything else is
 * replaced rather than cleaned, so one id never means two things.
 */
const SANE_ID = /^[A-Za-z0-9._:@+=/-]{1,128}$/

/** Probes answer every few seconds per load balancer; their line is written only when they fail. */
const PROBES = new Set(['/api/health', '/api/ready'])

/**
 * Every answer carries X-Request-Id: the caller's, when sane, else a new UUID, so a support request can quote it.
 * When the logger logs requests (LOG_FORMAT=json) the request runs in `requestScope`, so whatever it logs carries
 * the id, and one line is written when its answer is ready; otherwise nothing more is done (no line per request
 * in the default console log).
 */
export function requestId(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const given = c.req.header(REQUEST_ID_HEADER)
    const id = given && SANE_ID.test(given) ? given : randomUUID()
    const log = logger.request
    if (!log) {
      await next()
      c.res.headers.set(REQUEST_ID_HEADER, id)
      return
    }
    const started = performance.now()
    await requestScope.run({ requestId: id }, next)
    c.res.headers.set(REQUEST_ID_HEADER, id)
    const status = c.res.status
    if (PROBES.has(c.req.path) && status < 500) return
    log({ requestId: id, method: c.req.method, path: c.req.path, status, ms: Math.round((performance.now() - started) * 10) / 10 })
  }
}
