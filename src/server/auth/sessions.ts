import { and, eq, gt, isNull, ne } from 'drizzle-orm'

import { type Permission, PERMISSIONS } from '#contract/permissions'

import type { Clock } from '../clock'
import { DAY_MS, MINUTE_MS } from '../clock'
import type { Db } from '../db/client'
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
  const now = clock.now()
  const idleSince = new Date(now.getTime() - idleMs)
  const [row] = await db
    .select({ session: sessions, user: users, vendor: vendors })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.vendorId, sessions.vendorId)))
    .innerJoin(vendors, eq(vendors.id, sessions.vendorId))
    .where(
      and(
        eq(sessions.tokenHash, sha256(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
      ),
    )
  if (!row || !isActiveUser(row.user)) return null
  // Never coarser than half the idle time, or a short SESSION_IDLE_HOURS would end sessions in use.
  if (now.getTime() - row.session.lastSeenAt.getTime() > Math.min(LAST_SEEN_GRANULARITY_MS, idleMs / 2)) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.vendorId, row.session.vendorId), eq(sessions.id, row.session.id)))
  }
  const user = row.user
  return {
    sessionId: row.session.id,
    userId: user.id,
    vendorId: row.vendor.id,
    role: user.role,
    permissions: effectivePermissions(user),
    user,
    vendor: row.vendor,
  }
}

export async function revokeSession(db: Db, clock: Clock, vendorId: string, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.vendorId, vendorId), eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

/** Revokes every live session of a user, except `keepSessionId` when given (the caller's own). */
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
