import type { Hono } from 'hono'

import type { AppDeps } from '../deps'
import { errorBody } from '../errors'
import { isPublicStorageKey } from '../storage'
import { FILE_CONTENT_SECURITY_POLICY } from './security-headers'

/** A key names one file forever (keys are random and never reused), so browsers and CDNs may keep it a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * GET /files/:key — uploaded files (product images, pay-link QR codes). Public: these are what customers see on a
 * pay link or storefront, and the random key is the only way to reach one. Private uploads (KYC documents, whose
 * keys start with `private-`) are never served here, even to someone who learnt the key.
 *
 * Only images are served, with the type their bytes were sniffed as (never the uploader's word), nosniff (set for
 * every response), a sandboxing policy and an inline disposition naming the key, so a file that is also HTML or
 * script (a polyglot) cannot run as either (decision 070).
 */
export function mountFiles(api: Hono, deps: Pick<AppDeps, 'storage'>): void {
  api.get('/files/:key', async (c) => {
    const key = c.req.param('key')
    const file = isPublicStorageKey(key) ? await deps.storage.get(key) : null
    if (!file) return c.json(errorBody('NOT_FOUND', 'File not found'), 404)
    return c.body(new Uint8Array(file.data), 200, {
      'Content-Type': file.contentType,
      'Content-Security-Policy': FILE_CONTENT_SECURITY_POLICY,
      'Content-Disposition': `inline; filename="${key}"`,
      'Cache-Control': IMMUTABLE,
      'Content-Length': String(file.data.byteLength),
    })
  })
}
