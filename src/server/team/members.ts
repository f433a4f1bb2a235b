import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm'

import { type Permission, permissionLabel } from '#contract/permissions'
import type { TeamMember } from '#contract/team'

import { type Auth, effectivePermissions } from '../auth/sessions'
import type { Db } from '../db/client'
import { type UserRow, users } from '../db/schema'
import { containsPattern } from '../db/sql-helpers'
import { invitations, outletMembers } from '../db/team-schema'
import { ApiError, notFound } from '../errors'

/*
 * The team as the Team screen lists it: every user of the vendor (the owner included), with the outlets each
 * member belongs to and when their pending invitation stops working.
 */

/** The member's one live invitation (the partial unique index allows no second), joined in list queries. */
const liveInvitation = and(
  eq(invitations.vendorId, users.vendorId),
  eq(invitations.userId, users.id),
  isNull(invitations.consumedAt),
  isNull(invitations.revokedAt),
)

const memberColumns = { user: users, inviteExpiresAt: invitations.expiresAt }

export function toTeamMember(user: UserRow, outletIds: string[], inviteExpiresAt: Date | null): TeamMember {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    status: user.status,
    permissions: effectivePermissions(user),
    outletIds,
    inviteExpiresAt: inviteExpiresAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  }
}

/** Outlet ids of the given users, in one query however many users (no query per row). */
async function outletIdsOf(db: Db, vendorId: string, userIds: string[]): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>(userIds.map((id) => [id, []]))
  if (userIds.length === 0) return byUser
  const rows = await db
    .select({ userId: outletMembers.userId, outletId: outletMembers.outletId })
    .from(outletMembers)
    .where(and(eq(outletMembers.vendorId, vendorId), inArray(outletMembers.userId, userIds)))
    .orderBy(asc(outletMembers.createdAt), asc(outletMembers.outletId))
  for (const row of rows) byUser.get(row.userId)?.push(row.outletId)
  return byUser
}

export interface MemberFilters {
  page: number
  size: number
  name?: string
  email?: string
}

export async function listMembers(db: Db, vendorId: string, filters: MemberFilters) {
  const where = and(
    eq(users.vendorId, vendorId),
    filters.name ? ilike(users.name, containsPattern(filters.name)) : undefined,
    filters.email ? ilike(users.email, containsPattern(filters.email)) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select(memberColumns)
      .from(users)
      .leftJoin(invitations, liveInvitation)
      .where(where)
      // Owner first, then members newest first; id keeps pages from repeating a row.
      .orderBy(sql`case when ${users.role} = 'owner' then 0 else 1 end`, desc(users.createdAt), desc(users.id))
      .limit(filters.size)
      .offset((filters.page - 1) * filters.size),
    db.select({ total: count() }).from(users).where(where),
  ])
  const outlets = await outletIdsOf(
    db,
    vendorId,
    rows.map((row) => row.user.id),
  )
  return {
    items: rows.map((row) => toTeamMember(row.user, outlets.get(row.user.id) ?? [], row.inviteExpiresAt)),
    page: filters.page,
    size: filters.size,
    total: total?.total ?? 0,
  }
}

/** One member as the list shows it, read after a change (outside or inside the changing transaction). */
export async function teamMember(db: Db, vendorId: string, userId: string): Promise<TeamMember> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .leftJoin(invitations, liveInvitation)
    .where(and(eq(users.vendorId, vendorId), eq(users.id, userId)))
  if (!row) throw notFound('Member')
  const outlets = await outletIdsOf(db, vendorId, [userId])
  return toTeamMember(row.user, outlets.get(userId) ?? [], row.inviteExpiresAt)
}

/** This vendor's user, locked for the rest of the transaction; another vendor's id is "not found", never 403. */
export async function lockMember(tx: Db, vendorId: string, userId: string): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.vendorId, vendorId), eq(users.id, userId)))
    .for('update')
  if (!row) throw notFound('Member')
  return row
}

/** The permissions of `wanted` that the caller does not hold (none for the owner, who holds them all). */
function notHeld(auth: Auth, wanted: readonly Permission[]): Permission[] {
  return wanted.filter((permission) => !auth.permissions.includes(permission))
}

/**
 * A team manager can hand out only what they hold (decision 043), and so can act (resend, activate, deactivate)
 * only on members holding nothing more than they do: otherwise reactivating a richer member would grant by
 * the back door, and a manager could lock out the people who outrank them.
 */
export function ensureCanGrant(auth: Auth, wanted: readonly Permission[], what: 'grant' | 'manage'): void {
  const missing = notHeld(auth, wanted)
  if (missing.length === 0) return
  const names = missing.map(permissionLabel).join(', ')
  const message =
    what === 'grant'
      ? `You can only grant permissions you hold yourself (you do not hold: ${names})`
      : `You can only manage members whose permissions you hold yourself (you do not hold: ${names})`
  throw new ApiError(403, 'PERMISSION_NOT_HELD', message, {
    issues: what === 'grant' ? [{ path: 'permissions', message: `includes permissions you do not hold: ${names}` }] : undefined,
  })
}
