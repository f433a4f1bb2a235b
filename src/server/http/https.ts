import type { Context } from 'hono'

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
