import { createHmac, randomBytes } from 'node:crypto'

/*
 * Standard Webhooks signatures (https://www.standardwebhooks.com, decision 169): the secret is `whsec_` + base64
 * of random bytes, the key is those bytes, and `webhook-signature` is `v1,` + base64(HMAC-SHA256(key,
 * `${id}.${timestamp}.${body}`)). Tests check these with the `standardwebhooks` package, never with this file.
 */

const SECRET_PREFIX = 'whsec_'
/** 24 bytes: within the 24–64 the specification recommends. */
const SECRET_BYTES = 24

export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64')
}

export interface SignedHeaders {
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

/** The three headers of one attempt; `at` is the attempt's time (receivers refuse a timestamp minutes off). */
export function signWebhook(secret: string, id: string, at: Date, body: string): SignedHeaders {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64')
  const timestamp = String(Math.floor(at.getTime() / 1000))
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64')
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` }
}
