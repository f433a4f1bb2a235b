import { randomBytes } from 'node:crypto'

import { and, count, desc, eq, isNull } from 'drizzle-orm'

import {
  API_KEY_PREFIX,
  API_KEY_ROTATION_OVERLAP_HOURS,
  type ApiKey,
  type apiKeyEndpoints,
  type ApiKeyScope,
  MAX_API_KEYS,
} from '#contract/api-keys'
import type { BodyOf } from '#contract/endpoint'

import { sha256 } from '../auth/secrets'
import type { Auth } from '../auth/sessions'
import { HOUR_MS } from '../clock'
import { type ApiKeyRow, apiKeys } from '../db/api-keys-schema'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { ApiError, notFound } from '../errors'
import { validationError } from '../http/register'
import { verifyPin } from '../money/pin'
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

export async function createApiKey(
  db: Db,
  auth: Auth,
  body: BodyOf<typeof apiKeyEndpoints.createApiKey>,
): Promise<{ key: ApiKey; secret: string }> {
  const scopes = [...new Set<ApiKeyScope>(['read', ...body.scopes])]
  const allowedIps = checkAllowList(body.allowedIps)
  const [live] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.vendorId, auth.vendorId), isNull(apiKeys.revokedAt)))
  if ((live?.n ?? 0) >= MAX_API_KEYS) {
    throw validationError([{ path: 'name', message: `a business can have at most ${MAX_API_KEYS} keys; revoke one first` }])
  }
  await consentToScopes(db, auth, scopes, body.pin)
  const { secret, hash, prefix } = newSecret()
  const [row] = await db
    .insert(apiKeys)
    .values({ vendorId: auth.vendorId, userId: auth.userId, name: body.name, scopes, allowedIps, prefix, secretHash: hash })
    .returning()
  return { key: keyOf(row!, auth.user.name, new Date(0)), secret }
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
export async function rotateApiKey(db: Db, auth: Auth, id: string, pin: string | undefined, now: Date) {
  const row = await liveKey(db, auth.vendorId, id)
  if (row.userId !== auth.userId) throw new ApiError(403, 'FORBIDDEN', 'Only the person who made this key can rotate it')
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
    .where(and(eq(apiKeys.vendorId, auth.vendorId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning()
  if (!updated) throw notFound('API key')
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
