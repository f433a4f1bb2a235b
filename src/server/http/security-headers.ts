import type { MiddlewareHandler } from 'hono'

import type { AppDeps } from '../deps'
import { cameOverHttps, servedOverHttps } from './https'

/*
 * Scripts only from our origin, never inline: an injected <script> cannot run. Styles allow 'unsafe-inline'
 * because the UI kit sets style attributes at runtime; styles cannot exfiltrate a bearer token. data:/blob:
 * images are QR codes and generated PDFs.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * Uploaded files (/api/files) are never a page: nothing may load from them, and `sandbox` makes even a file a
 * browser mistook for HTML an opaque origin with no scripts, forms or plug-ins (decision 070). Inline styles
 * only let a browser's own image viewer lay the picture out.
 */
export const FILE_CONTENT_SECURITY_POLICY = ["default-src 'none'", "style-src 'unsafe-inline'", "frame-ancestors 'none'", 'sandbox'].join(
  '; ',
)

/**
 * A year of "HTTPS only" for this host. No includeSubDomains: vendors' shops may live on subdomains we do not
 * serve, and pinning them to HTTPS is not ours to decide.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000'

/**
 * Every response, errors included. A route may set a stricter Content-Security-Policy of its own (the files
 * route's); the app's policy fills in wherever none was set. Strict-Transport-Security goes on when the request
 * came over HTTPS (browsers ignore it over plain HTTP anyway) or PUBLIC_URL says the site is HTTPS: behind a
 * proxy that terminates TLS, our own connection is plain HTTP. In production (decision 153) only what the request
 * proves counts: its own https URL, or X-Forwarded-Proto: https from our proxy (TRUST_PROXY=1). RFC 6797 §7.2
 * forbids the header on an answer over plain HTTP, and a production server always sits behind a TLS proxy it
 * is told to trust.
 */
export function securityHeaders(deps: Pick<AppDeps, 'trustProxy' | 'publicUrl' | 'serverMode'>): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const headers = c.res.headers
    if (deps.serverMode.production ? cameOverHttps(c, deps.trustProxy) : servedOverHttps(c, deps)) {
      headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY)
    }
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('Referrer-Policy', 'no-referrer')
    headers.set('X-Frame-Options', 'DENY')
    headers.set('Cross-Origin-Opener-Policy', 'same-origin')
    // The camera for the order form's barcode scanner, on our own pages only (decision 175).
    headers.set('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()')
  }
}
