import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Development default for BANK_WEBHOOK_SECRET, shared by the server and `npm run sandbox`. A deployment with a
 * real provider sets its own secret; anyone who knows this one can credit wallets.
 */
export const DEV_WEBHOOK_SECRET = 'sandbox-webhook-secret'

/** Shorter than this is guessable, and the key lets whoever holds it credit any wallet. */
export const MIN_WEBHOOK_SECRET_LENGTH = 16

/**
 * The key inbound notices are checked with: BANK_WEBHOOK_SECRET, else the public sandbox one, but only on PGlite
 * (one process, a developer's machine). With DATABASE_URL the server is a deployment: without a secret of its own
 * it refuses to start, as it does without PIN_PEPPER (issue 35), rather than let anyone who read this repository
 * credit wallets.
 */
export function webhookSecretFor(databaseUrl: string | undefined, fromEnv: string | undefined = process.env.BANK_WEBHOOK_SECRET): string {
  const secret = fromEnv?.trim()
  if (secret) {
    if (secret.length < MIN_WEBHOOK_SECRET_LENGTH) {
      throw new Error(`BANK_WEBHOOK_SECRET must be at least ${MIN_WEBHOOK_SECRET_LENGTH} characters`)
    }
    if (databaseUrl && secret === DEV_WEBHOOK_SECRET) {
      throw new Error('BANK_WEBHOOK_SECRET must not be the public sandbox secret when DATABASE_URL is used')
    }
    return secret
  }
  if (databaseUrl) {
    throw new Error(
      "BANK_WEBHOOK_SECRET must be set when DATABASE_URL is used: the sandbox secret is public, and a notice signed with it would credit any wallet (set the banking provider's signing key)",
    )
  }
  return DEV_WEBHOOK_SECRET
}

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
