import { createHash, timingSafeEqual } from 'node:crypto'

import type { Context, Hono, MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'

import { bankingEndpoints } from '#contract/banking'

import type { AppDeps } from '../deps'
import type { NoticeSource } from './app-metrics'
import { providerName } from './provider'
import { refreshGauges } from './scrape'

export const METRICS_PATH = '/metrics'

/** The webhook routes (as the router names them): a 4xx there is a refused notice. */
const NOTICE_ROUTES: Record<string, NoticeSource> = {
  [`/api${bankingEndpoints.bankInbound.path}`]: 'bank',
  [`/api${bankingEndpoints.paystackWebhook.path}`]: 'paystack',
}

/**
 * Counts every answer by its matched route pattern: after next(), the route of the handler that answered
 * ('/api/orders/:id', '/api/*' for an unknown endpoint, '/*' for a page), never the raw path, so the number of
 * series stays bounded whatever paths clients make up.
 */
export function requestMetrics(deps: Pick<AppDeps, 'metrics'>): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    const route = routePath(c) || 'unmatched'
    const status = c.res.status
    const labels = { method: c.req.method, route, status: String(status) }
    deps.metrics.httpRequests.inc(labels)
    deps.metrics.httpDuration.observe(labels, (performance.now() - started) / 1000)
    const source = NOTICE_ROUTES[route]
    if (source && status >= 400 && status < 500) deps.metrics.notice('refused', source)
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Whether the request carries `Authorization: Bearer <token>`; compared in constant time (on digests: equal lengths). */
function authorized(c: Context, token: string | null): boolean {
  if (!token) return false
  const header = c.req.header('authorization') ?? ''
  const match = /^Bearer (.+)$/i.exec(header.trim())
  if (!match) return false
  return timingSafeEqual(digest(match[1]!), digest(token))
}

/**
 * GET /metrics on the server's own port, outside /api. Without the right bearer token (or with METRICS_TOKEN unset)
 * it is a 404 like any unknown file, so a scan learns nothing about it. Registered before the PWA (createApp runs
 * before mountPwa), which also steps aside for this path (http/static-site.ts).
 */
export function mountMetrics(app: Hono, deps: AppDeps): void {
  deps.metrics.provider = providerName(deps.banking)
  app.get(METRICS_PATH, async (c) => {
    if (!authorized(c, deps.metricsToken)) return c.text('Not found', 404)
    await refreshGauges(deps, deps.metrics)
    const body = await deps.metrics.registry.metrics()
    return c.body(body, 200, { 'Content-Type': deps.metrics.registry.contentType, 'Cache-Control': 'no-store' })
  })
}
