import type { Context } from 'hono'

import type { AppDeps } from '../deps'

/**
 * Whether this request reached us over HTTPS: its own URL, or, behind our own proxy (TRUST_PROXY=1), the scheme
 * the proxy saw in X-Forwarded-Proto. Without TRUST_PROXY the header is the client's word and is ignored.
 */
export function cameOverHttps(c: Context, trustProxy: boolean): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true
  if (!trustProxy) return false
  // Behind one proxy the last entry is the one it appended, as for X-Forwarded-For (client-ip.ts).
  const proto = c.req.header('x-forwarded-proto')?.split(',').at(-1)?.trim().toLowerCase()
  return proto === 'https'
}

/**
 * Whether the site is HTTPS for this request: it came over HTTPS, or PUBLIC_URL says the site is (TLS may end at a
 * proxy we are not told to trust). What HSTS and the Secure flag on our cookies both go by, so they never disagree.
 */
export function servedOverHttps(c: Context, deps: Pick<AppDeps, 'trustProxy' | 'publicUrl'>): boolean {
  return (deps.publicUrl?.startsWith('https:') ?? false) || cameOverHttps(c, deps.trustProxy)
}
