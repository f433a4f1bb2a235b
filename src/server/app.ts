import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'

import { MAX_BODY_BYTES } from '#contract/common'
import type { EndpointDef } from '#contract/endpoint'
import { endpoints } from '#contract/index'

import { type AppOptions, resolveDeps } from './deps'
import { shopUrlForHost } from './domains/domains'
import { errorBody } from './errors'
import { mountEvents } from './events/route'
import { renderDocsPage } from './http/docs-page'
import { mountFiles } from './http/files'
import { apiDocument } from './http/openapi-document'
import { mountProbes } from './http/probes'
import { errorResponse, payloadTooLarge, register } from './http/register'
import { requestId } from './http/request-id'
import { securityHeaders } from './http/security-headers'
import type { Handler } from './http/types'
import { mountMetrics, requestMetrics } from './metrics'
import { guards, handlers } from './routes'

/** The API under /api, plus its OpenAPI document and reference page. The PWA is mounted by the caller. */
export function createApp(options: AppOptions): Hono {
  const deps = resolveDeps(options)
  const app = new Hono()
  // First, so every answer (the PWA's and errors included) carries its X-Request-Id and its time is all counted.
  app.use('*', requestId(deps.logger))
  app.use('*', requestMetrics(deps))
  app.use('*', securityHeaders(deps))
  // On the server's port outside /api, before the PWA's pages (decision 154).
  mountMetrics(app, deps)
  // A vendor's verified custom domain opens their shop: its root redirects to the storefront on the same host. The
  // platform's own host (PUBLIC_URL) is never looked up; a failed lookup serves the page as usual.
  const platform = deps.publicUrl ? [new URL(deps.publicUrl).hostname] : []
  app.get('/', async (c, next) => {
    const url = new URL(c.req.url)
    const shop = await shopUrlForHost(deps.db, url.hostname, platform).catch((error: unknown) => {
      deps.logger.error('[domains] host lookup failed', error)
      return null
    })
    if (!shop) return next()
    c.header('Cache-Control', 'no-store')
    return c.redirect(`/shop/${encodeURIComponent(shop)}${url.search}`, 302)
  })

  const api = new Hono()
  api.use('*', async (c, next) => {
    await next()
    // Answers carry private data and bearer-authenticated state: no shared or browser HTTP cache. Only a route
    // that says otherwise (uploaded files under random keys) is cached.
    // Set on the answer's own headers: c.header() after the answer is made copies it into a streamed Response,
    // which cost a list call about a sixth of its CPU (issue 20).
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
  })
  // Before the endpoints, and outside register(): no session, no rate limit, nothing read from the request.
  mountProbes(api, deps)
  mountEvents(api, deps)

  for (const [name, endpoint] of Object.entries(endpoints) as [string, EndpointDef][]) {
    // The typed map guarantees each handler matches its endpoint; the loop only needs the shared shape.
    const handler = handlers[name as keyof typeof handlers] as Handler<EndpointDef>
    register(api, name, endpoint, handler, deps, guards[name as keyof typeof guards])
  }

  let openApi: Record<string, unknown> | undefined
  let docsHtml: string | undefined
  const spec = () => (openApi ??= apiDocument())
  api.get('/openapi.json', (c) => c.json(spec()))
  api.get('/docs', (c) => c.html((docsHtml ??= renderDocsPage(spec()))))
  mountFiles(api, deps)

  // Each endpoint enforces its own body limit (register); anything unmatched gets the ordinary one.
  api.all('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: payloadTooLarge(MAX_BODY_BYTES) }), (c) =>
    c.json(errorBody('NOT_FOUND', `No such endpoint: ${c.req.method} ${c.req.path.slice(0, 200)}`), 404),
  )
  api.onError((error, c) => errorResponse(c, error, deps, `${c.req.method} ${c.req.path}`))
  app.route('/api', api)
  app.onError((error, c) => errorResponse(c, error, deps, `${c.req.method} ${c.req.path}`))
  return app
}
