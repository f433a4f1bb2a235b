import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The caller's IP, for rate limits. X-Forwarded-For is honoured only with TRUST_PROXY=1: otherwise any client
 * could claim a fresh IP per request. Behind one proxy the last entry is the one that proxy appended; entries
 * to its left come from the client and are not trusted.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')
    const last = forwarded?.split(',').at(-1)?.trim()
    if (last) return last
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // app.request() in tests has no Node socket behind it.
    return 'unknown'
  }
}
