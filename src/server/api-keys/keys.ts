import { randomBytes } from 'node:crypto'

import { and, count, desc, eq, isNull } from 'drizzle-orm'

import {
  API_KEY_PREFIX,
  API_KEY_ROTATION_OVERLAP_HOURS,
  API_KEY_SCOPE_LABELS,
  type ApiKey,
  type apiKeyEndpoints,
  type ApiKeyScope,
  MAX_API_KEYS,
} from '#contract/api-keys'
import type { BodyOf } from '#contract/endpoint'

import { sha256 } from '../auth/secrets'
import { tellApiKeyCreated } from '../auth/security-notices'
import type { Auth } from '../auth/sessions'
import { HOUR_MS } from '../clock'
import { type ApiKeyRow, apiKeys } from '../db/api-keys-schema'
import type { Db } from '../db/client'
import { users, vendors } from '../db/schema'
import type { AppDeps } from '../deps'
import { ApiError, notFound } from '../errors'
import { validationError } from '../http/register'
import { verifyPin } from '../money/pin'
import { checkAccountPassword } from '../routes/pin'
import { allowListEntry } from './ip-allow-list'

/** The secret's characters shown in lists: the prefix and five of its random ones. */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 5

/** 256 random bits after the prefix; only its SHA-256 is stored. */
function newSecret(): { secret: string; hash: string; prefix: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
  return { secret, hash: sha256(secret), prefix: secret.slice(0, SHOWN_CHARACTERS) }
}

function checkAllowList(allowedIps: readonly string[]): string[] {
  const entries = [...new Set(allowedIps)]
  entries.forEach((entry, index) => {
    if (!allowListEntry(entry)) {
      throw validationError([{ path: `allowedIps.${index}`, message: 'must be an IP address or a range such as 203.0.113.0/24' }])
    }
  })
  return entries
}

/**
 * A key that sends money needs the owner, and the owner's PIN: the PIN is the owner's consent that this key may move
 * money without a person at the app (decision 168). A member never gets one, whatever they hold.
 */
async function consentToScopes(db: Db, auth: Auth, scopes: readonly ApiKeyScope[], pin: string | undefined): Promise<void> {
  if (scopes.includes('orders:write') && !auth.permissions.includes('VENDOR_ORDERS')) {
    throw new ApiError(403, 'PERMISSION_NOT_HELD', 'scopes: you cannot give a key orders:write without the orders permission yourself')
  }
  if (!scopes.includes('transfers')) return
  if (auth.role !== 'owner') throw new ApiError(403, 'OWNER_ONLY', 'Only the business owner can make a key that sends money')
  if (pin === undefined) throw validationError([{ path: 'pin', message: 'is required for a key with the transfers scope' }])
  await verifyPin(db, auth.user, pin)
}

async function ensureRoomForKey(db: Db, vendorId: string): Promise<void> {
  const [live] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.vendorId, vendorId), isNull(apiKeys.revokedAt)))
  if ((live?.n ?? 0) >= MAX_API_KEYS) {
    throw validationError([{ path: 'name', message: `a business can have at most ${MAX_API_KEYS} keys; revoke one first` }])
  }
}

/**
 * A key outlives sign-out, so making one needs the account password, as the first PIN does (a session alone, a
 * tablet left signed in, must not), and the owner is told. The limit is counted under the vendor row's lock, as
 * POST /invite does, so two creates at once cannot both take the last place.
 */
export async function createApiKey(
  deps: Pick<AppDeps, 'db' | 'rateLimiter' | 'notifier' | 'logger' | 'clock'>,
  auth: Auth,
  body: BodyOf<typeof apiKeyEndpoints.createApiKey>,
): Promise<{ key: ApiKey; secret: string }> {
  const { db } = deps
  const scopes = [...new Set<ApiKeyScope>(['read', ...body.scopes])]
  const allowedIps = checkAllowList(body.allowedIps)
  // Before the password and the PIN: a full list costs no try of either.
  await ensureRoomForKey(db, auth.vendorId)
  await checkAccountPassword(deps, auth.user, body.password)
  // Outside the transaction: a wrong PIN's counted try must not be rolled back with it.
  await consentToScopes(db, auth, scopes, body.pin)
  const { secret, hash, prefix } = newSecret()
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, auth.vendorId)).for('no key update')
    await ensureRoomForKey(tx, auth.vendorId)
    const [made] = await tx
      .insert(apiKeys)
      .values({ vendorId: auth.vendorId, userId: auth.userId, name: body.name, scopes, allowedIps, prefix, secretHash: hash })
      .returning()
    return made!
  })
  const what = scopes.map((scope) => API_KEY_SCOPE_LABELS[scope].toLowerCase()).join(', ')
  await tellApiKeyCreated(deps, auth.vendorId, auth.vendor.name, { name: row.name, what, by: auth.user.name })
  return { key: keyOf(row, auth.user.name, new Date(0)), secret }
}

/** The key of this vendor by id, or 404 (another vendor's id included). */
async function liveKey(db: Db, vendorId: string, id: string): Promise<ApiKeyRow> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.vendorId, vendorId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
  if (!row) throw notFound('API key')
  return row
}

/**
 * A new secret for one of the caller's own keys (a member must not obtain the secret of a key that is bounded by
 * someone else's permissions). The secret it replaces works until the overlap ends; a second rotation within the
 * overlap ends the oldest one at once, so at most two secrets work.
 */
export async function rotateApiKey(
  deps: Pick<AppDeps, 'db' | 'rateLimiter'>,
  auth: Auth,
  body: { id: string; password: string; pin?: string | undefined },
  now: Date,
) {
  const { db } = deps
  const { id, pin } = body
  const row = await liveKey(db, auth.vendorId, id)
  if (row.userId !== auth.userId) throw new ApiError(403, 'FORBIDDEN', 'Only the person who made this key can rotate it')
  // A rotation hands over a secret that outlives the session, as a new key does.
  await checkAccountPassword(deps, auth.user, body.password)
  await consentToScopes(db, auth, row.scopes as ApiKeyScope[], pin)
  const { secret, hash, prefix } = newSecret()
  const [updated] = await db
    .update(apiKeys)
    .set({
      secretHash: hash,
      prefix,
      previousSecretHash: row.secretHash,
      previousPrefix: row.prefix,
      previousExpiresAt: new Date(now.getTime() + API_KEY_ROTATION_OVERLAP_HOURS * HOUR_MS),
      rotatedAt: now,
    })
    // Only over the secret read above: of two rotations at once, the second would otherwise drop the first one's
    // new secret, handed to its caller, without a trace. The second is told instead.
    .where(and(eq(apiKeys.vendorId, auth.vendorId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt), eq(apiKeys.secretHash, row.secretHash)))
    .returning()
  if (!updated) {
    throw new ApiError(409, 'API_KEY_CHANGED', 'This key was rotated or revoked at the same moment; refresh the list and try again')
  }
  return { key: keyOf(updated, auth.user.name, now), secret }
}

/** Revoked in the database: every process reads keys afresh on each call (no cache), so it holds at once. */
export async function revokeApiKey(db: Db, vendorId: string, id: string, now: Date): Promise<void> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.vendorId, vendorId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id })
  if (revoked.length === 0) throw notFound('API key')
}

/**
 * Every live key a person made, revoked: on a password reset (the proof a key was made with is gone) and when a
 * member is deactivated (so reactivating them does not bring their keys back). In the caller's transaction.
 */
export async function revokeUserKeys(db: Db, user: { vendorId: string; id: string }, now: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.vendorId, user.vendorId), eq(apiKeys.userId, user.id), isNull(apiKeys.revokedAt)))
}

export async function listApiKeys(db: Db, vendorId: string, now: Date): Promise<ApiKey[]> {
  const rows = await db
    .select({ key: apiKeys, createdBy: users.name })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.vendorId, vendorId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
  return rows.map((row) => keyOf(row.key, row.createdBy, now))
}

function keyOf(row: ApiKeyRow, createdBy: string | null, now: Date): ApiKey {
  const previous =
    row.previousPrefix && row.previousExpiresAt && row.previousExpiresAt > now
      ? { prefix: row.previousPrefix, expiresAt: row.previousExpiresAt.toISOString() }
      : null
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    allowedIps: row.allowedIps,
    createdAt: row.createdAt.toISOString(),
    createdBy: createdBy ?? '',
    createdById: row.userId,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    previous,
  }
}
