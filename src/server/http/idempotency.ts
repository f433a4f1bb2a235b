import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

import { successStatusOf } from '#contract/endpoint'
import { type Endpoints, endpoints } from '#contract/index'

import { sha256 } from '../auth/secrets'
import { HOUR_MS } from '../clock'
import type { Db } from '../db/client'
import { preparedOnce } from '../db/prepared'
import { leaseIsGone } from '../db/process-lease'
import { idempotencyKeys } from '../db/schema'
import { DEFAULT_TRANSFER_TIMEOUT_MS } from '../deps'
import { ApiError } from '../errors'

/*
 * Idempotency-Key for money calls (docs/decisions/007-idempotency-keys.md). The first request with a key claims
 * it with one INSERT … ON CONFLICT DO NOTHING, so of any number of concurrent requests exactly one runs the
 * handler; the rest see the claim. The claimant stores its answer; replays get that answer back.
 *
 * A claimant that died before storing its answer (a crash, a SIGKILL) leaves a claim with no answer. Once that
 * claim is stale, the next replay resolves it (docs/decisions/072-stale-idempotency-claims.md): the endpoint's
 * ClaimRecovery looks for the money effect, which commits in one database transaction with the key on its
 * transaction row; found, it becomes the stored answer; not found, the replay takes the claim over and runs.
 * On PostgreSQL a claim also records its process's lease (db/process-lease.ts, decision 125): once that lease is
 * gone the claim is stale at once, so a send retried after a crash is not kept waiting for its age.
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
    throw new ApiError(400, 'IDEMPOTENCY_KEY_INVALID', 'The Idempotency-Key header must be 1 to 100 letters, digits, or . _ : -')
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
const otherUser = () =>
  new ApiError(
    409,
    'IDEMPOTENCY_KEY_OTHER_USER',
    'This Idempotency-Key was used by another person on your team; use a new key for a new request',
  )
export const inProgress = () =>
  new ApiError(409, 'IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still being processed; wait a moment and retry')

/**
 * A claim with no answer this old belongs to a request that cannot still be running: the longest a request runs
 * is a send waiting for the bank (transferTimeoutMs, 20 s), plus a margin for a busy database.
 */
export const STALE_CLAIM_MS = DEFAULT_TRANSFER_TIMEOUT_MS + 10_000

/** The endpoints that take an Idempotency-Key. */
export type IdempotentEndpoint = {
  [K in keyof Endpoints]: Endpoints[K] extends { idempotent: true } ? K : never
}[keyof Endpoints]

type KeyId = { vendorId: string; key: string }

/**
 * Finds what the request that claimed `key` did, once its claim is stale: the answer it would have given when its
 * effect committed, or null when nothing committed (then the request runs again). An endpoint without one is run
 * again, relying on its own guards against a second effect. `origin` is the replay's public origin, for answers
 * that carry public links (an order's pay page).
 */
export type ClaimRecovery = (db: Db, claim: KeyId & { origin: string }) => Promise<RecoveredAnswer | null>

/** A recovered success's `{ message, data }`; its status is the endpoint's, from the contract (decision 163). */
export interface RecoveredAnswer {
  body: unknown
}

const recoveries = new Map<string, ClaimRecovery>()

/** Registered next to each call's code (money/transfers.ts, outlets/transfers.ts, routes/orders.ts). */
export function recoverStaleClaimsWith(endpoint: IdempotentEndpoint, recovery: ClaimRecovery): void {
  recoveries.set(endpoint, recovery)
}

/**
 * Databases this process alone serves (PGlite: its data directory is locked to one process), with the instant
 * it opened them: a claim made before that was made by a process that is gone, so it is stale at once.
 */
const soleSince = new WeakMap<Db, Date>()

/** `null` forgets the mark (a test that set it on a database the worker's later files share). */
export function claimsBeforeAreAbandoned(db: Db, since: Date | null): void {
  if (since) soleSince.set(db, since)
  else soleSince.delete(db)
}

/** The lease this process writes on its claims (PostgreSQL, decision 125); none on PGlite or in most tests. */
const leases = new WeakMap<Db, { current(): number | null }>()

export function claimsHeldUnder(db: Db, lease: { current(): number | null } | null): void {
  if (lease) leases.set(db, lease)
  else leases.delete(db)
}

async function isStale(db: Db, claim: { createdAt: Date; ownerLease: number | null }, now: Date): Promise<boolean> {
  if (now.getTime() - claim.createdAt.getTime() >= STALE_CLAIM_MS) return true
  const since = soleSince.get(db)
  if (since !== undefined && claim.createdAt < since) return true
  // Its process's lease gone: PostgreSQL saw that process's connection close, so its request is not running.
  return claim.ownerLease !== null && (await leaseIsGone(db, claim.ownerLease))
}

/**
 * The claims this process holds, by the claim time it wrote: saving or releasing touches only that claim, so a
 * request that outlived its claim (taken over as stale) cannot overwrite or delete the answer of the one that
 * took it over.
 */
const held = new Map<string, Date>()
const heldKey = (id: KeyId) => `${id.vendorId}\u0000${id.key}`

function ours(id: KeyId) {
  const where = and(eq(idempotencyKeys.vendorId, id.vendorId), eq(idempotencyKeys.key, id.key))
  const at = held.get(heldKey(id))
  held.delete(heldKey(id))
  return at ? and(where, eq(idempotencyKeys.createdAt, at)) : where
}

/**
 * Claims the key for this request (answers null: go ahead and run it) or answers the stored response of the
 * request that claimed it first. 409 when the key was claimed by another user of the vendor (their stored answer
 * is theirs: a member must not read, or take over, another's send), belongs to a different request, or its first
 * use is in flight. A stale claim (its request died) is resolved here, see the top of this file.
 */
export async function claimIdempotencyKey(
  db: Db,
  claim: { vendorId: string; userId: string; key: string; endpoint: string; hash: string; now: Date; origin: string },
): Promise<StoredResponse | null> {
  const where = and(eq(idempotencyKeys.vendorId, claim.vendorId), eq(idempotencyKeys.key, claim.key))
  const ownerLease = leases.get(db)?.current() ?? null
  // The row can vanish between our failed insert and the read (its request released it), or a stale claim be
  // resolved by another replay while we looked at it: read again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimed = await claimStatement(db).execute({
      vendorId: claim.vendorId,
      key: claim.key,
      userId: claim.userId,
      endpoint: claim.endpoint,
      hash: claim.hash,
      createdAt: claim.now,
      ownerLease,
    })
    if (claimed.length === 1) {
      held.set(heldKey(claim), claim.now)
      return null
    }
    const [existing] = await db.select().from(idempotencyKeys).where(where)
    if (!existing) continue
    // Checked first, so another user learns nothing of the request either. A null claimant is a key claimed
    // before keys were scoped to users; it ages out within IDEMPOTENCY_TTL_MS.
    if (existing.userId !== null && existing.userId !== claim.userId) throw otherUser()
    if (existing.endpoint !== claim.endpoint || existing.requestHash !== claim.hash) throw mismatch()
    if (existing.statusCode !== null) return { status: existing.statusCode as ContentfulStatusCode, body: existing.response }
    if (!(await isStale(db, existing, claim.now))) throw inProgress()

    // Only the replay whose update still finds the claim as it was read resolves it; the others read again. As it was
    // read means its lease too: a replay that took it over in the same millisecond (a test's clock that does not
    // move) leaves createdAt as it was, but not the lease.
    const unchanged = and(
      where,
      isNull(idempotencyKeys.statusCode),
      eq(idempotencyKeys.createdAt, existing.createdAt),
      sql`${idempotencyKeys.ownerLease} is not distinct from ${existing.ownerLease}`,
    )
    const recovery = recoveries.get(existing.endpoint)
    const recovered = recovery ? await recovery(db, claim) : null
    if (recovered) {
      const effect = { status: successStatusOf(endpoints[existing.endpoint as IdempotentEndpoint]), body: recovered.body }
      const saved = await db
        .update(idempotencyKeys)
        .set({ statusCode: effect.status, response: effect.body })
        .where(unchanged)
        .returning({ key: idempotencyKeys.key })
      if (saved.length === 1) return effect
      continue
    }
    const taken = await db
      .update(idempotencyKeys)
      .set({ createdAt: claim.now, ownerLease })
      .where(unchanged)
      .returning({ key: idempotencyKeys.key })
    if (taken.length === 1) {
      held.set(heldKey(claim), claim.now)
      return null
    }
  }
  throw inProgress()
}

/** Every money call runs these two (decision 110): prepared, see db/prepared.ts. */
const claimStatement = preparedOnce((db) =>
  db
    .insert(idempotencyKeys)
    .values({
      vendorId: sql.placeholder('vendorId'),
      key: sql.placeholder('key'),
      userId: sql.placeholder('userId'),
      endpoint: sql.placeholder('endpoint'),
      requestHash: sql.placeholder('hash'),
      createdAt: sql.placeholder('createdAt'),
      ownerLease: sql.placeholder('ownerLease'),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
    .prepare('idempotency_claim'),
)

const saveStatement = preparedOnce((db) =>
  db
    .update(idempotencyKeys)
    .set({ statusCode: sql`${sql.placeholder('status')}`, response: sql`${sql.placeholder('response')}::jsonb` })
    .where(
      and(
        eq(idempotencyKeys.vendorId, sql.placeholder('vendorId')),
        eq(idempotencyKeys.key, sql.placeholder('key')),
        eq(idempotencyKeys.createdAt, sql.placeholder('claimedAt')),
      ),
    )
    .prepare('idempotency_save'),
)

export async function saveIdempotentResponse(db: Db, id: KeyId, response: StoredResponse): Promise<void> {
  const claimedAt = held.get(heldKey(id))
  if (!claimedAt) {
    await db.update(idempotencyKeys).set({ statusCode: response.status, response: response.body }).where(ours(id))
    return
  }
  held.delete(heldKey(id))
  // Placeholders inside sql`` and in `where` reach the driver as they are: JSON and ISO text (db/prepared.ts).
  await saveStatement(db).execute({
    ...id,
    status: response.status,
    response: JSON.stringify(response.body),
    claimedAt: claimedAt.toISOString(),
  })
}

/**
 * Frees a key whose request changed nothing (it was refused), so the client may retry it with corrected input.
 * Never an answered key: that answer is what every replay must get.
 */
export async function releaseIdempotencyKey(db: Db, id: KeyId): Promise<void> {
  await db.delete(idempotencyKeys).where(and(ours(id), isNull(idempotencyKeys.statusCode)))
}

/** Housekeeping: forget answers older than the replay window. */
export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
}
