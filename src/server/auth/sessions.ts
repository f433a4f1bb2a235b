import { and, eq, gt, isNull, ne, sql, type SQLWrapper } from 'drizzle-orm'

import { type Permission, PERMISSIONS } from '#contract/permissions'

import type { Clock } from '../clock'
import { DAY_MS, MINUTE_MS } from '../clock'
import type { Db } from '../db/client'
import { preparedOnce } from '../db/prepared'
import { sessions, type UserRow, users, type VendorRow, vendors } from '../db/schema'
import { newSessionToken, sha256 } from './secrets'

export const SESSION_TTL_MS = 30 * DAY_MS
/** last_seen_at is advisory; writing it on every request would turn every read into a write. */
const LAST_SEEN_GRANULARITY_MS = MINUTE_MS

/**
 * A user who may sign in. The users check constraint (users_credentials_when_active) gives every active user an
 * email and a password; only a member who never accepted an invitation lacks them. isActiveUser is the one place
 * that narrows a row to this.
 */
export type ActiveUser = UserRow & { status: 'active'; email: string; passwordHash: string }

export function isActiveUser(user: UserRow): user is ActiveUser {
  return user.status === 'active' && user.email !== null && user.passwordHash !== null
}

/** Who is calling, resolved from the bearer token. Handlers scope every query by `vendorId`. */
export interface Auth {
  sessionId: string
  userId: string
  vendorId: string
  role: UserRow['role']
  permissions: Permission[]
  user: ActiveUser
  vendor: VendorRow
  /** Set when the caller is an API key (api-keys/authenticate.ts): the key, acting within its maker's permissions. */
  apiKeyId?: string
}

/** The owner holds every permission, including ones added after the account was made. */
export function effectivePermissions(user: Pick<UserRow, 'role' | 'permissions'>): Permission[] {
  if (user.role === 'owner') return [...PERMISSIONS]
  return PERMISSIONS.filter((permission) => user.permissions.includes(permission))
}

export async function createSession(db: Db, clock: Clock, user: Pick<UserRow, 'id' | 'vendorId'>): Promise<string> {
  const token = newSessionToken()
  const now = clock.now()
  await db.insert(sessions).values({
    vendorId: user.vendorId,
    userId: user.id,
    tokenHash: sha256(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  })
  return token
}

/**
 * A live session for this token, or null if it is unknown, expired, idle for `idleMs` or longer, revoked, or its
 * user is inactive. Idle expiry slides: each use (recorded at most once a minute in last_seen_at) renews it, up to
 * the absolute 30 days (docs/decisions/085). A shared tablet left signed in ends its session by itself.
 */
export async function resolveSession(db: Db, clock: Clock, token: string, idleMs: number): Promise<Auth | null> {
  return (await lookupSession(db, clock, sha256(token), idleMs))?.auth ?? null
}

/** A session with its user and vendor: what every lookup of a live session reads. */
const sessionRows = (db: Db) =>
  db
    .select({ session: sessions, user: users, vendor: vendors })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.vendorId, sessions.vendorId)))
    .innerJoin(vendors, eq(vendors.id, sessions.vendorId))

/** Not revoked, not past its absolute expiry, used since `idleSince`: the one definition of a live session. */
const liveAt = (now: Date | SQLWrapper, idleSince: Date | SQLWrapper) =>
  and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince))

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionRows>['execute']>>[number]

function authOf({ session, user, vendor }: SessionRow & { user: ActiveUser }): Auth {
  return {
    sessionId: session.id,
    userId: user.id,
    vendorId: vendor.id,
    role: user.role,
    permissions: effectivePermissions(user),
    user,
    vendor,
  }
}

/** Every request that is not answered from the session cache runs this: built once a database, prepared. */
const sessionLookup = preparedOnce((db) =>
  sessionRows(db)
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), liveAt(sql.placeholder('now'), sql.placeholder('idleSince'))))
    .prepare('session_lookup'),
)

/** The session and the instant it ends by itself (absolute expiry or idleness), whichever comes first. */
async function lookupSession(db: Db, clock: Clock, tokenHash: string, idleMs: number): Promise<{ auth: Auth; endsAt: number } | null> {
  const now = clock.now()
  const idleSince = new Date(now.getTime() - idleMs)
  // Timestamps as ISO text: a placeholder's value in `where` reaches the driver as it is (db/prepared.ts).
  const [row] = await sessionLookup(db).execute({ tokenHash, now: now.toISOString(), idleSince: idleSince.toISOString() })
  if (!row || !isActiveUser(row.user)) return null
  let lastSeen = row.session.lastSeenAt.getTime()
  // Never coarser than half the idle time, or a short SESSION_IDLE_HOURS would end sessions in use.
  if (now.getTime() - lastSeen > Math.min(LAST_SEEN_GRANULARITY_MS, idleMs / 2)) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.vendorId, row.session.vendorId), eq(sessions.id, row.session.id)))
    lastSeen = now.getTime()
  }
  return { auth: authOf({ ...row, user: row.user }), endsAt: Math.min(row.session.expiresAt.getTime(), lastSeen + idleMs) }
}

/**
 * The session behind a stream (events/live-events.ts) as it stands now, by its id, or null once it is revoked
 * (sign-out), expired or idle, its user deactivated or its vendor no longer approved. Read-only: unlike a request,
 * an open stream does not count as use, so a device left open still reaches its idle limit (decision 085).
 */
export async function liveSessionById(db: Db, clock: Clock, sessionId: string, idleMs: number): Promise<Auth | null> {
  const now = clock.now()
  const [row] = await sessionRows(db).where(and(eq(sessions.id, sessionId), liveAt(now, new Date(now.getTime() - idleMs))))
  if (!row || !isActiveUser(row.user) || row.vendor.status !== 'approved') return null
  return authOf({ ...row, user: row.user })
}

/** How long a resolved session may answer GET requests from memory (docs/decisions/098). */
export const SESSION_CACHE_MS = 2_000
/** More live tokens than this in one window and the cache starts over: memory stays bounded. */
const SESSION_CACHE_ENTRIES = 10_000

/**
 * Sessions resolved for GET requests, by token hash, for at most `ttlMs` (docs/decisions/098). Reads only: a
 * request that may write (any other method) never reads this cache, and when it finishes, before its answer is
 * sent, it clears the cache, so a sign-out, password or PIN change, member removal or permission change made by
 * this process holds for the very next request. The generation keeps a lookup that read the database before such
 * a write committed from storing what it read after the clear. Another process's change is seen within `ttlMs`.
 */
export class SessionCache {
  private readonly entries = new Map<string, { auth: Auth; until: number }>()
  private generation = 0

  constructor(readonly ttlMs = SESSION_CACHE_MS) {}

  /** Forgets every cached session. */
  clear(): void {
    this.generation += 1
    this.entries.clear()
  }

  /** The session of this token for a GET request: from memory within its window, else from the database. */
  async resolve(db: Db, clock: Clock, token: string, idleMs: number): Promise<Auth | null> {
    const tokenHash = sha256(token)
    const now = clock.now().getTime()
    const hit = this.entries.get(tokenHash)
    if (hit && now < hit.until) return hit.auth
    if (hit) this.entries.delete(tokenHash)
    const generation = this.generation
    const found = await lookupSession(db, clock, tokenHash, idleMs)
    if (!found || this.ttlMs <= 0 || generation !== this.generation) return found?.auth ?? null
    if (this.entries.size >= SESSION_CACHE_ENTRIES) this.entries.clear()
    // Shared by concurrent requests: frozen, so no handler can change what another one sees.
    const auth = Object.freeze({ ...found.auth, permissions: Object.freeze(found.auth.permissions) as Permission[] })
    Object.freeze(auth.user)
    Object.freeze(auth.vendor)
    this.entries.set(tokenHash, { auth, until: Math.min(now + this.ttlMs, found.endsAt) })
    return auth
  }
}

/** Revokes one session; the caller then announces it with `deps.events.endSessions`, as for revokeUserSessions. */
export async function revokeSession(db: Db, clock: Clock, vendorId: string, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.vendorId, vendorId), eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

/**
 * Revokes every live session of a user, except `keepSessionId` when given (the caller's own). Once the change has
 * committed, the caller announces it with `deps.events.endSessions`, so the sessions' open event streams end too.
 */
export async function revokeUserSessions(
  db: Db,
  clock: Clock,
  user: Pick<UserRow, 'id' | 'vendorId'>,
  keepSessionId?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(
      and(
        eq(sessions.vendorId, user.vendorId),
        eq(sessions.userId, user.id),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    )
}
