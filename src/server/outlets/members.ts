import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'

import type { OutletMember } from '#contract/outlets'

import { type Auth, effectivePermissions } from '../auth/sessions'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { containsPattern } from '../db/sql-helpers'
import { outletMembers } from '../db/team-schema'
import { ApiError, notFound } from '../errors'
import { ensureCanGrant } from '../team/members'
import { outletFor } from './scope'

/*
 * An outlet's members (decision 043): team members of the same vendor, of any status (an invited member can be
 * placed before they accept). The owner sees every outlet already, so adding them would mean nothing.
 */

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  status: users.status,
  role: users.role,
  permissions: users.permissions,
  addedAt: outletMembers.createdAt,
}

const memberJoin = and(eq(users.vendorId, outletMembers.vendorId), eq(users.id, outletMembers.userId))!

function memberQuery(db: Db, where: SQL) {
  return db.select(columns).from(outletMembers).innerJoin(users, memberJoin).where(where)
}

type MemberRow = Awaited<ReturnType<typeof memberQuery>>[number]

function toOutletMember(row: MemberRow): OutletMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    permissions: effectivePermissions(row),
    addedAt: row.addedAt.toISOString(),
  }
}

const ofOutlet = (vendorId: string, outletId: string) => and(eq(outletMembers.vendorId, vendorId), eq(outletMembers.outletId, outletId))!

/** Newest added first, searched by name, email or phone. */
export async function listOutletMembers(db: Db, auth: Auth, query: { outletId: string; page: number; size: number; search?: string }) {
  const { outlet } = await outletFor(db, auth, query.outletId, { acting: true })
  const pattern = query.search ? containsPattern(query.search) : undefined
  const where = and(
    ofOutlet(auth.vendorId, outlet.id),
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern)) : undefined,
  )!
  const [rows, [total]] = await Promise.all([
    memberQuery(db, where)
      .orderBy(desc(outletMembers.createdAt), desc(outletMembers.userId))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(outletMembers).innerJoin(users, memberJoin).where(where),
  ])
  return { items: rows.map(toOutletMember), page: query.page, size: query.size, total: total?.total ?? 0 }
}

type MemberInput = { outletId: string; memberId: string }

/** The vendor's user, for placing in or taking out of an outlet. */
async function teamUser(db: Db, auth: Auth, memberId: string) {
  const [user] = await db
    .select({ id: users.id, role: users.role, permissions: users.permissions })
    .from(users)
    .where(and(eq(users.vendorId, auth.vendorId), eq(users.id, memberId)))
  return user
}

/**
 * Placing a member in an outlet widens what their permissions reach (a member holding VENDOR_TRANSFERS can then
 * fund it), and taking them out narrows it: like status changes (decision 046), a team manager does this only to
 * members holding nothing more than they do. Themselves included, by design (decision 043).
 */
const ensureCanPlace = (auth: Auth, user: { role: 'owner' | 'member'; permissions: string[] }) =>
  ensureCanGrant(auth, effectivePermissions(user), 'manage')

export async function addOutletMember(db: Db, auth: Auth, input: MemberInput): Promise<OutletMember> {
  const { outlet } = await outletFor(db, auth, input.outletId, { acting: true })
  const user = await teamUser(db, auth, input.memberId)
  if (!user) throw notFound('Member')
  if (user.role === 'owner') {
    throw new ApiError(422, 'OWNER_SEES_EVERY_OUTLET', 'The owner already sees every outlet and is not added to one', {
      issues: [{ path: 'memberId', message: 'is the owner, who sees every outlet' }],
    })
  }
  ensureCanPlace(auth, user)
  // The primary key (outlet_id, user_id) decides between two adds at once; the second is told, not failed.
  const added = await db
    .insert(outletMembers)
    .values({ vendorId: auth.vendorId, outletId: outlet.id, userId: user.id, createdAt: sql`clock_timestamp()` })
    .onConflictDoNothing()
    .returning({ userId: outletMembers.userId })
  if (!added.length) throw new ApiError(409, 'ALREADY_OUTLET_MEMBER', 'This member is already in this outlet')
  const [row] = await memberQuery(db, and(ofOutlet(auth.vendorId, outlet.id), eq(outletMembers.userId, user.id))!)
  return toOutletMember(row!)
}

export async function removeOutletMember(db: Db, auth: Auth, input: MemberInput): Promise<void> {
  const { outlet } = await outletFor(db, auth, input.outletId, { acting: true })
  const user = await teamUser(db, auth, input.memberId)
  if (user) ensureCanPlace(auth, user)
  const removed = await db
    .delete(outletMembers)
    .where(and(ofOutlet(auth.vendorId, outlet.id), eq(outletMembers.userId, input.memberId)))
    .returning({ userId: outletMembers.userId })
  if (!removed.length) throw new ApiError(404, 'NOT_FOUND', 'This member is not in this outlet')
}
