import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, Hono, MiddlewareHandler, Next } from 'hono'

import { CONTENT_SECURITY_POLICY } from './security-headers'

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

/** The prerendered login page the build writes beside index.html (decision 099, src/app/first-screen/build/login-page.ts). */
const LOGIN_PAGE = 'login.html'

/**
 * The app's policy, plus a built page's own inline scripts allowed by their hashes: the login page's signed-in
 * redirect, which must run before the page paints, and index.html's first-screen preload (decision 115), which must
 * run before the entry. Still no other inline script can run there.
 */
function pagePolicy(html: string): string {
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  )
  return CONTENT_SECURITY_POLICY.replace("script-src 'self'", ["script-src 'self'", ...hashes].join(' '))
}

/**
 * Serves the built PWA from one origin with the API, as the brotli or gzip copy the build wrote when the browser
 * accepts one (src/app/first-screen/build/precompress.ts). Hashed files under /assets are cached for a year; the
 * service worker, manifest and index.html are revalidated every time so an update is picked up. Only page
 * navigations fall back to index.html: a missing /assets/x.js must be a 404, or the browser would run HTML as
 * a script and the service worker would precache garbage. `/` is the prerendered login page when the build wrote
 * one: it paints and signs in without the app's JS (decision 099).
 */
export function mountPwa(app: Hono, distDir: string): void {
  const indexFile = join(distDir, 'index.html')
  const serveFile = withCacheControl(serveStatic({ root: distDir, precompressed: true }), (c) =>
    c.req.path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
  )
  const serveIndex = withCacheControl(serveStatic({ path: indexFile, precompressed: true }), () => REVALIDATE)
  const loginFile = join(distDir, LOGIN_PAGE)
  const loginPolicy = existsSync(loginFile) ? pagePolicy(readFileSync(loginFile, 'utf8')) : null
  const indexPolicy = existsSync(indexFile) ? pagePolicy(readFileSync(indexFile, 'utf8')) : null
  const serveLogin = withCacheControl(serveStatic({ path: loginFile, precompressed: true }), () => REVALIDATE)

  // serveStatic calls its `next` when the file is missing; a no-op there lets us fall through to the 404.
  const missing = async () => {}
  app.get('*', async (c, next) => {
    if (c.req.path === '/api' || c.req.path.startsWith('/api/') || c.req.path === '/metrics') return next()
    let res: Response | void = undefined
    // The page's own policy goes with it wherever it is served from: the service worker precaches /login.html and
    // /index.html, and answers navigations with them offline, headers included.
    let policy: string | null = null
    if (looksLikeFile(c.req.path)) {
      res = await serveFile(c, missing)
      policy = c.req.path === `/${LOGIN_PAGE}` ? loginPolicy : c.req.path === '/index.html' ? indexPolicy : null
    } else if (c.req.path === '/' && loginPolicy && isNavigation(c)) {
      res = await serveLogin(c, missing)
      policy = loginPolicy
    } else if (isNavigation(c) && existsSync(indexFile)) {
      res = await serveIndex(c, missing)
      policy = indexPolicy
    }
    if (policy && res instanceof Response && res.ok) res.headers.set('Content-Security-Policy', policy)
    return res ?? next()
  })
  app.get('*', (c) => c.text('Not found', 404))
}
