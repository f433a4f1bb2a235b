import { and, eq, lt } from 'drizzle-orm'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { sha256 } from '../auth/secrets'
import { HOUR_MS } from '../clock'
import type { Db } from '../db/client'
import { idempotencyKeys } from '../db/schema'
import { ApiError } from '../errors'

/*
 * Idempotency-Key for money calls (docs/decisions/007-idempotency-keys.md). The first request with a key claims
 * it with one INSERT … ON CONFLICT DO NOTHING, so of any number of concurrent requests exactly one runs the
 * handler; the rest see the claim. The claimant stores its answer; replays get that answer back.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key'
/** UUIDs, ULIDs and the like; no spaces or control characters. */
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/
/** How long an answer is kept for replay (Stripe keeps 24 hours too). */
export const IDEMPOTENCY_TTL_MS = 24 * HOUR_MS

export function idempotencyKeyOf(c: Context): string {
  const key = c.req.header(IDEMPOTENCY_HEADER)?.trim()
  if (!key) {
    throw new ApiError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'The Idempotency-Key header is required for this request')
  }
  if (!KEY_PATTERN.test(key)) {
    throw new ApiError(
      400,
      'IDEMPOTENCY_KEY_INVALID',
      'The Idempotency-Key header must be 1 to 100 letters, digits, or . _ : -',
    )
  }
  return key
}

/**
 * Secrets never enter the stored hash: a 4-digit PIN hashed beside known fields falls to 10,000 guesses.
 * A wrong PIN releases the key anyway, so a replay only ever carries the PIN that was accepted.
 */
const SECRET_FIELDS = new Set(['pin', 'password'])

/** Object keys sorted at every depth, so `{a,b}` and `{b,a}` hash alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .filter((key) => !SECRET_FIELDS.has(key))
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    )
  }
  return value
}

/** What makes two requests "the same": the endpoint and its validated input. */
export function requestHash(endpoint: string, query: unknown, body: unknown): string {
  return sha256(JSON.stringify(canonical({ endpoint, query: query ?? null, body: body ?? null })))
}

export interface StoredResponse {
  status: ContentfulStatusCode
  body: unknown
}

const mismatch = () =>
  new ApiError(
    409,
    'IDEMPOTENCY_MISMATCH',
    'This Idempotency-Key was already used for a different request; use a new key for a new request',
  )
const inProgress = () =>
  new ApiError(
    409,
    'IDEMPOTENCY_IN_PROGRESS',
    'A request with this Idempotency-Key is still being processed; wait a moment and retry',
  )

/**
 * Claims the key for this request (answers null: go ahead and run it) or answers the stored response of the
 * request that claimed it first. 409 when the key belongs to a different request or its first use is in flight.
 */
export async function claimIdempotencyKey(
  db: Db,
  claim: { vendorId: string; key: string; endpoint: string; hash: string; now: Date },
): Promise<StoredResponse | null> {
  const where = and(eq(idempotencyKeys.vendorId, claim.vendorId), eq(idempotencyKeys.key, claim.key))
  // The row can vanish between our failed insert and the read (its request released it): claim again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimed = await db
      .insert(idempotencyKeys)
      .values({
        vendorId: claim.vendorId,
        key: claim.key,
        endpoint: claim.endpoint,
        requestHash: claim.hash,
        createdAt: claim.now,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
    if (claimed.length === 1) return null
    const [existing] = await db.select().from(idempotencyKeys).where(where)
    if (!existing) continue
    if (existing.endpoint !== claim.endpoint || existing.requestHash !== claim.hash) throw mismatch()
    if (existing.statusCode === null) throw inProgress()
    return { status: existing.statusCode as ContentfulStatusCode, body: existing.response }
  }
  throw inProgress()
}

export async function saveIdempotentResponse(
  db: Db,
  id: { vendorId: string; key: string },
  response: StoredResponse,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode: response.status, response: response.body })
    .where(and(eq(idempotencyKeys.vendorId, id.vendorId), eq(idempotencyKeys.key, id.key)))
}

/** Frees a key whose request changed nothing (it was refused), so the client may retry it with corrected input. */
export async function releaseIdempotencyKey(db: Db, id: { vendorId: string; key: string }): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.vendorId, id.vendorId), eq(idempotencyKeys.key, id.key)))
}

/** Housekeeping: forget answers older than the replay window. */
export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
}
