import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Development default for BANK_WEBHOOK_SECRET, shared by the server and `npm run sandbox`. A deployment with a
 * real provider sets its own secret; anyone who knows this one can credit wallets.
 */
export const DEV_WEBHOOK_SECRET = 'sandbox-webhook-secret'

/** Hex HMAC-SHA256 of the raw body: what the provider sends in X-Provider-Signature. */
export function signWebhookBody(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')
}

/** Constant-time check of a signature header against the raw body (never a re-serialised one). */
export function verifyWebhookSignature(rawBody: string, signature: string | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false
  const expected = Buffer.from(signWebhookBody(rawBody, secret), 'hex')
  return timingSafeEqual(expected, Buffer.from(signature.trim().toLowerCase(), 'hex'))
}
