import type { Context } from 'hono'

import type { AppDeps } from '../deps'

/**
 * The origin customers open public pages on (pay links, shareable orders): PUBLIC_URL when set, else the origin
 * this request came to. Forwarded headers are not trusted for it.
 */
export const publicOrigin = ({ deps, c }: { deps: AppDeps; c: Context }): string => deps.publicUrl ?? new URL(c.req.url).origin
