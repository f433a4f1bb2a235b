import { existsSync } from 'node:fs'
import { join } from 'node:path'

import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, Hono, MiddlewareHandler, Next } from 'hono'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

/** The last path segment has an extension: a file request, never a page. */
const looksLikeFile = (path: string) => /\.[A-Za-z0-9]+$/.test(path.split('/').at(-1) ?? '')

/** Browsers label page loads; a fetch() for a missing resource gets a 404 rather than the app shell. */
function isNavigation(c: Context): boolean {
  const mode = c.req.header('sec-fetch-mode')
  return mode === undefined || mode === 'navigate'
}

function withCacheControl(serve: MiddlewareHandler, cacheControl: (c: Context) => string) {
  return async (c: Context, next: Next) => {
    const res = await serve(c, next)
    if (res instanceof Response && res.ok) res.headers.set('Cache-Control', cacheControl(c))
    return res
  }
}

/**
 * Serves the built PWA from one origin with the API, as the brotli or gzip copy the build wrote when the browser
 * accepts one (src/app/precompress.config.ts). Hashed files under /assets are cached for a year; the
 * service worker, manifest and index.html are revalidated every time so an update is picked up. Only page
 * navigations fall back to index.html: a missing /assets/x.js must be a 404, or the browser would run HTML as
 * a script and the service worker would precache garbage.
 */
export function mountPwa(app: Hono, distDir: string): void {
  const indexFile = join(distDir, 'index.html')
  const serveFile = withCacheControl(serveStatic({ root: distDir, precompressed: true }), (c) =>
    c.req.path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
  )
  const serveIndex = withCacheControl(serveStatic({ path: indexFile, precompressed: true }), () => REVALIDATE)

  // serveStatic calls its `next` when the file is missing; a no-op there lets us fall through to the 404.
  const missing = async () => {}
  app.get('*', async (c, next) => {
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) return next()
    let res: Response | void = undefined
    if (looksLikeFile(c.req.path)) res = await serveFile(c, missing)
    else if (isNavigation(c) && existsSync(indexFile)) res = await serveIndex(c, missing)
    return res ?? next()
  })
  app.get('*', (c) => c.text('Not found', 404))
}
