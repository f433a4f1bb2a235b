import * as v from 'valibot'

import { pin } from './banking'
import { id, page, pageQuery } from './common'
import { accessOf, endpoint, type EndpointDef, permissionsOf } from './endpoint'
import { accountPassword } from './pin'

/*
 * API keys (issue 40, decision 168): an integration calls the same endpoints as the app with
 * `Authorization: Bearer vbo_sk_…`. What a key may call is decided here, from the endpoint's own declaration, so the
 * server (http/register.ts), the OpenAPI document and the tests read one rule.
 */

/** Every secret starts so: a leaked one is recognisable (secret scanners), and the server tells it from a session. */
export const API_KEY_PREFIX = 'vbo_sk_'

/**
 * What a key may be given. `read`: every GET a key may reach (always held). `orders:write`: create and change orders
 * and disputes. `transfers`: calls that send money out (Send Money, refunds, outlet transfers); the owner's alone,
 * given with the owner's PIN.
 */
export const API_KEY_SCOPES = ['read', 'orders:write', 'transfers'] as const
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read',
  'orders:write': 'Create and update orders',
  transfers: 'Send money',
}

/** How long a rotated key's previous secret keeps working, so an integration can switch without a gap. */
export const API_KEY_ROTATION_OVERLAP_HOURS = 24
export const MAX_API_KEY_NAME = 60
/** Addresses or ranges on one key's allow-list. */
export const MAX_API_KEY_IPS = 20
/** Live (not revoked) keys per vendor. */
export const MAX_API_KEYS = 20
/**
 * How long the audit list keeps a call made by key. By age, not by count: a count would let a leaked key push its
 * own earlier calls out with cheap ones (decision 168).
 */
export const API_KEY_CALLS_KEPT_DAYS = 90

/**
 * The scope an endpoint asks of a key, or false when no key may call it. Declared on the endpoint (`apiKey`), else
 * derived: only 'vendor' endpoints; never team or developer (keys, webhooks) calls; a read needs `read`; a write
 * that moves money out (VENDOR_TRANSFERS, VENDOR_REFUNDS) needs `transfers`; an orders write needs `orders:write`;
 * any other write is for people only. The PIN, settlement and limit calls declare `apiKey: false` themselves.
 */
export function apiKeyScopeOf(e: EndpointDef): ApiKeyScope | false {
  if (e.apiKey !== undefined) return e.apiKey
  if (accessOf(e) !== 'vendor') return false
  const permissions = permissionsOf(e)
  if (permissions.includes('VENDOR_TEAM') || permissions.includes('VENDOR_DEVELOPERS')) return false
  if (e.method === 'GET') return 'read'
  if (permissions.includes('VENDOR_TRANSFERS') || permissions.includes('VENDOR_REFUNDS')) return 'transfers'
  if (permissions.includes('VENDOR_ORDERS')) return 'orders:write'
  return false
}

const ipEntry = v.pipe(
  v.string('must be text'),
  v.trim(),
  v.regex(/^[0-9a-fA-F:.]+(\/\d{1,3})?$/, 'must be an IP address or a range such as 203.0.113.0/24'),
)

export const ApiKey = v.object({
  id: v.string(),
  name: v.string(),
  /** The secret's first characters ("vbo_sk_3f9a…"): enough to tell keys apart, useless to call with. */
  prefix: v.string(),
  scopes: v.array(v.picklist(API_KEY_SCOPES)),
  allowedIps: v.array(v.string()),
  createdAt: v.string(),
  createdBy: v.string(),
  /** The person who made it: the only one who may rotate it. */
  createdById: v.string(),
  lastUsedAt: v.nullable(v.string()),
  /** After a rotation: the previous secret's prefix and when it stops working; null once it has. */
  previous: v.nullable(v.object({ prefix: v.string(), expiresAt: v.string() })),
})
export type ApiKey = v.InferOutput<typeof ApiKey>

/** A key as made or rotated: the only answer that ever holds its secret. */
const KeyWithSecret = v.object({ key: ApiKey, secret: v.string() })

export const ApiKeyCall = v.object({
  keyId: v.string(),
  keyName: v.string(),
  /**
   * 1 for a call that was answered. Calls refused before they were counted (over the key's limit, or from an address
   * off its allow-list) are one line per key, refusal and minute, with how many there were.
   */
  calls: v.number(),
  method: v.string(),
  path: v.string(),
  status: v.number(),
  ip: v.string(),
  at: v.string(),
})
export type ApiKeyCall = v.InferOutput<typeof ApiKeyCall>

export const apiKeyEndpoints = {
  listApiKeys: endpoint({
    method: 'GET',
    path: '/developers/keys',
    summary: 'The business’s live API keys (never their secrets), newest first.',
    permission: 'VENDOR_DEVELOPERS',
    response: v.array(ApiKey),
  }),
  createApiKey: endpoint({
    method: 'POST',
    path: '/developers/keys',
    summary:
      'Make an API key, with your account password (a session alone must not make a key that outlives it). Its secret is in this answer only. `transfers` is for the owner only, with the owner’s PIN; `read` is always included. The owner is told.',
    permission: 'VENDOR_DEVELOPERS',
    errors: ['OWNER_ONLY', 'PERMISSION_NOT_HELD', 'INVALID_PASSWORD', 'INVALID_PIN', 'PIN_LOCKED', 'PIN_NOT_SET', 'RATE_LIMITED'],
    status: 201,
    body: v.object({
      name: v.pipe(
        v.string('is required'),
        v.trim(),
        v.nonEmpty('is required'),
        v.maxLength(MAX_API_KEY_NAME, `must be at most ${MAX_API_KEY_NAME} characters`),
      ),
      scopes: v.optional(v.array(v.picklist(API_KEY_SCOPES, 'must be read, orders:write or transfers')), ['read']),
      allowedIps: v.optional(v.pipe(v.array(ipEntry), v.maxLength(MAX_API_KEY_IPS, `must be at most ${MAX_API_KEY_IPS}`)), []),
      password: accountPassword,
      pin: v.optional(pin),
    }),
    response: KeyWithSecret,
  }),
  rotateApiKey: endpoint({
    method: 'POST',
    path: '/developers/keys/rotate',
    summary: `Give one of your keys a new secret (in this answer only), with your account password. The old one keeps working for ${API_KEY_ROTATION_OVERLAP_HOURS} hours; 409 when another rotation got there first.`,
    permission: 'VENDOR_DEVELOPERS',
    errors: ['NOT_FOUND', 'API_KEY_CHANGED', 'OWNER_ONLY', 'INVALID_PASSWORD', 'INVALID_PIN', 'PIN_LOCKED', 'PIN_NOT_SET', 'RATE_LIMITED'],
    body: v.object({ id, password: accountPassword, pin: v.optional(pin) }),
    response: KeyWithSecret,
  }),
  revokeApiKey: endpoint({
    method: 'DELETE',
    path: '/developers/keys',
    summary: 'Revoke a key: its secrets stop working at once, on every server process.',
    permission: 'VENDOR_DEVELOPERS',
    errors: ['NOT_FOUND'],
    query: v.object({ id }),
    response: v.null(),
  }),
  apiKeyCalls: endpoint({
    method: 'GET',
    path: '/developers/keys/calls',
    summary: `Every call made with the business's keys, newest first (kept ${API_KEY_CALLS_KEPT_DAYS} days); refused ones counted per minute.`,
    permission: 'VENDOR_DEVELOPERS',
    query: v.object({ ...pageQuery, keyId: v.optional(id) }),
    response: page(ApiKeyCall),
  }),
}
