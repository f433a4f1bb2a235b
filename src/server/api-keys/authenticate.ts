import { and, eq, gt, isNull, or } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'

import { apiKeyScopeOf } from '#contract/api-keys'
import type { EndpointDef } from '#contract/endpoint'

import { sha256 } from '../auth/secrets'
import { type Auth, effectivePermissions, isActiveUser } from '../auth/sessions'
import { MINUTE_MS } from '../clock'
import { type ApiKeyRow, apiKeys } from '../db/api-keys-schema'
import { users, vendors } from '../db/schema'
import type { AppDeps } from '../deps'
import { ApiError, unauthenticated } from '../errors'
import { clientIp } from '../http/client-ip'
import { rateLimited, type RateLimitRule } from '../rate-limit'
import { type KeyRefusal, recordKeyCall, recordKeyRefusal } from './calls'
import { ipAllowed, plainIp } from './ip-allow-list'

/**
 * Calls per key, in a window shared by every API process through the project's limiter (Redis when REDIS_URL is set,
 * decision 102). Apart from the people's limits: an integration's burst never locks a person out, nor the reverse.
 * A key is unguessable, so an outage of Redis counts per process rather than refusing the vendor's integration.
 */
export const API_KEY_CALLS: RateLimitRule = { name: 'api-key-calls', limit: 300, windowMs: MINUTE_MS, onOutage: 'local' }

/**
 * Calls refused by a key's allow-list, counted apart from API_KEY_CALLS: a leaked key used from the wrong address
 * must not spend the real integration's quota. Over it, the wrong address gets 429 instead of 403.
 */
export const API_KEY_REFUSED_CALLS: RateLimitRule = { name: 'api-key-refused', limit: 300, windowMs: MINUTE_MS, onOutage: 'local' }

/** last_used_at is for people reading the list: written at most once a minute, not on every call. */
const LAST_USED_GRANULARITY_MS = MINUTE_MS

/**
 * The key a request identified itself with, for the audit line written once its answer is known: `refused` when the
 * call was refused before the key's limit counted it (then it only adds to a per-minute count).
 */
const keyOfRequest = new WeakMap<Context, { key: Pick<ApiKeyRow, 'id' | 'vendorId'>; refused: KeyRefusal | null }>()

/**
 * The caller behind `Authorization: Bearer vbo_sk_…`, as an Auth of the person who made the key, or a refusal. Read
 * from the database on every call (no cache), so a revoke holds at once on every process. In order: the key (401
 * when unknown, revoked or its previous secret past its overlap, or its person deactivated), its IP allow-list (first,
 * so a wrong address never spends the key's quota), the key's rate limit, then what the endpoint asks of a key (apiKeyScopeOf). register() then checks the vendor's
 * approval and the person's own permissions, as for a session: a member's key never exceeds the member.
 */
export async function authenticateKey(c: Context, endpoint: EndpointDef, deps: AppDeps, secret: string): Promise<Auth> {
  const now = deps.clock.now()
  const hash = sha256(secret)
  const [row] = await deps.db
    .select({ key: apiKeys, user: users, vendor: vendors })
    .from(apiKeys)
    .innerJoin(users, and(eq(users.id, apiKeys.userId), eq(users.vendorId, apiKeys.vendorId)))
    .innerJoin(vendors, eq(vendors.id, apiKeys.vendorId))
    .where(
      and(
        isNull(apiKeys.revokedAt),
        or(eq(apiKeys.secretHash, hash), and(eq(apiKeys.previousSecretHash, hash), gt(apiKeys.previousExpiresAt, now))),
      ),
    )
  if (!row || !isActiveUser(row.user)) throw unauthenticated()
  const { key, user, vendor } = row

  // The address before the limit: calls from off the allow-list have a bucket of their own (API_KEY_REFUSED_CALLS).
  const ip = plainIp(clientIp(c, deps.trustProxy))
  if (!ipAllowed(key.allowedIps, ip)) {
    keyOfRequest.set(c, { key, refused: 'address' })
    const refusedState = await deps.rateLimiter.hit(API_KEY_REFUSED_CALLS, key.id)
    if (!refusedState.allowed) throw rateLimited(refusedState.retryAfterSeconds)
    throw new ApiError(403, 'API_KEY_NOT_ALLOWED', `This API key may not be used from ${ip}; add the address to its allow-list`)
  }
  const state = await deps.rateLimiter.hit(API_KEY_CALLS, key.id)
  if (!state.allowed) {
    keyOfRequest.set(c, { key, refused: 'rate_limited' })
    throw rateLimited(state.retryAfterSeconds)
  }
  keyOfRequest.set(c, { key, refused: null })
  const scope = apiKeyScopeOf(endpoint)
  if (scope === false) {
    throw new ApiError(403, 'API_KEY_NOT_ALLOWED', 'API keys cannot call this; a person must do it in the app')
  }
  if (!key.scopes.includes(scope)) {
    throw new ApiError(403, 'API_KEY_SCOPE_MISSING', `This API key does not have the ${scope} scope`)
  }

  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_GRANULARITY_MS) {
    await deps.db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.vendorId, key.vendorId), eq(apiKeys.id, key.id)))
  }
  return {
    // Not a session: nothing that ends sessions (sign-out) is reachable by key, and the id names the key in logs.
    sessionId: `api-key:${key.id}`,
    userId: user.id,
    vendorId: vendor.id,
    role: user.role,
    permissions: effectivePermissions(user),
    user,
    vendor,
    apiKeyId: key.id,
  }
}

/**
 * Writes the audit line of every call a key made once the answer's status is known: a counted call (a wrong scope
 * included) is a line; a call refused before it was counted (429, an address off the list) adds to its minute's
 * count. A failure to write it is logged, never the caller's problem.
 */
export function auditKeyCalls(deps: AppDeps): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const seen = keyOfRequest.get(c)
    if (!seen) return
    const call = {
      vendorId: seen.key.vendorId,
      keyId: seen.key.id,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ip: plainIp(clientIp(c, deps.trustProxy)),
      at: deps.clock.now(),
    }
    try {
      await (seen.refused ? recordKeyRefusal(deps.db, call, seen.refused) : recordKeyCall(deps.db, call))
    } catch (error) {
      deps.logger.error('[api-keys] the audit line of a call could not be written:', error)
    }
  }
}
