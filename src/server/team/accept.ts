import { and, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'

import type { User } from '#contract/auth'
import type { InviteDetails } from '#contract/team'

import { maskedPhone, nationalNumber } from '../auth/phone'
import { hashSecret, sha256 } from '../auth/secrets'
import { createSession, effectivePermissions, isActiveUser } from '../auth/sessions'
import { toUser } from '../auth/user-view'
import type { Db } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { type UserRow, users, vendors } from '../db/schema'
import { type InvitationRow, invitations } from '../db/team-schema'
import type { AppDeps } from '../deps'
import { ApiError } from '../errors'
import { validationError } from '../http/register'
import { emailInUse, emailTaken } from './invite'
import { lockMember } from './members'

/*
 * The invitee's two calls, both public: what the invitation offers, and joining with it. The code alone finds
 * the invitation (as an email alone finds a login), so these are the only team queries not scoped by a session's
 * vendor; everything after the lookup is scoped by the invitation's.
 */

// The app shows these messages as they are.
const notValid = () => new ApiError(404, 'INVITE_NOT_FOUND', 'This invitation link is not valid')
const revoked = () => new ApiError(410, 'INVITE_REVOKED', 'This invitation is no longer valid. Ask for a new one.')

type Person = Pick<UserRow, 'role' | 'permissions' | 'status'>

/**
 * Whether the inviter could still send this invitation: active, managing the team, and holding every permission
 * it grants. A manager who is deactivated (or loses what they granted) cannot leave a code behind that brings in
 * an account they chose after they are gone; a resend by someone who can (the owner) makes it work again.
 */
function stillVouched(inviter: Person, invitee: Person): boolean {
  const held = effectivePermissions(inviter)
  return (
    inviter.status === 'active' &&
    held.includes('VENDOR_TEAM') &&
    effectivePermissions(invitee).every((permission) => held.includes(permission))
  )
}

/** Why a known code no longer works, or null while it does. */
function unusable(invitation: InvitationRow, now: Date, people: { inviter: Person; invitee: Person }): ApiError | null {
  if (invitation.consumedAt) {
    return new ApiError(410, 'INVITE_USED', 'This invitation has already been used. Sign in instead.')
  }
  if (invitation.revokedAt || !stillVouched(people.inviter, people.invitee)) return revoked()
  if (invitation.expiresAt <= now) {
    return new ApiError(410, 'INVITE_EXPIRED', 'This invitation has expired. Ask for a new one.')
  }
  return null
}

const inviter = alias(users, 'inviter')

async function findInvitation(db: Db, code: string) {
  const [row] = await db
    .select({ invitation: invitations, user: users, vendor: vendors, inviter })
    .from(invitations)
    .innerJoin(users, and(eq(users.vendorId, invitations.vendorId), eq(users.id, invitations.userId)))
    .innerJoin(vendors, eq(vendors.id, invitations.vendorId))
    .innerJoin(inviter, and(eq(inviter.vendorId, invitations.vendorId), eq(inviter.id, invitations.invitedBy)))
    .where(eq(invitations.codeHash, sha256(code)))
  if (!row) throw notValid()
  return row
}

export async function inviteDetails(deps: AppDeps, code: string): Promise<InviteDetails> {
  const { invitation, user, vendor, inviter } = await findInvitation(deps.db, code)
  const refusal = unusable(invitation, deps.clock.now(), { inviter, invitee: user })
  if (refusal) throw refusal
  const national = nationalNumber(user.phone)
  return {
    vendorName: vendor.name,
    name: user.name,
    email: user.email,
    phone: national ? maskedPhone(national) : '',
    permissions: effectivePermissions(user),
    invitedBy: inviter.name,
    expiresAt: invitation.expiresAt.toISOString(),
  }
}

export interface Acceptance {
  inviteCode: string
  password: string
  email?: string | null
}

/**
 * The email the member will sign in with. An invitation sent to an email keeps it: a different one is refused
 * (422) rather than silently ignored, so nobody leaves believing they can sign in with an address that is not
 * theirs on the account. One sent by phone only needs one now.
 */
function signInEmail(invited: string | null, given: string | null | undefined): string {
  if (invited) {
    if (given && given !== invited) {
      throw validationError([{ path: 'email', message: 'must be the email this invitation was sent to' }])
    }
    return invited
  }
  if (!given) throw validationError([{ path: 'email', message: 'is required' }])
  return given
}

/**
 * Consumes the invitation, sets the password and email, activates the member and opens a session, all in one
 * transaction holding the member's row and then the invitation's (the order every team change takes), so of
 * two racing accepts exactly one succeeds and the other answers 410 INVITE_USED.
 */
export async function acceptInvite(deps: AppDeps, input: Acceptance): Promise<{ token: string; user: User }> {
  const found = await findInvitation(deps.db, input.inviteCode)
  const refusal = unusable(found.invitation, deps.clock.now(), { inviter: found.inviter, invitee: found.user })
  if (refusal) throw refusal
  const email = signInEmail(found.user.email, input.email)
  if (email !== found.user.email && (await emailInUse(deps.db, email))) throw emailTaken()
  // scrypt runs before the transaction: the locks are held for writes only, never for a deliberately slow hash.
  const passwordHash = await hashSecret(input.password)
  const { vendorId, userId } = found.invitation
  try {
    return await deps.db.transaction(async (tx) => {
      const member = await lockMember(tx, vendorId, userId)
      // The inviter is read again too (not locked): a deactivation committed by now is seen.
      const [current] = await tx
        .select({ invitation: invitations, inviter })
        .from(invitations)
        .innerJoin(inviter, and(eq(inviter.vendorId, invitations.vendorId), eq(inviter.id, invitations.invitedBy)))
        .where(and(eq(invitations.vendorId, vendorId), eq(invitations.id, found.invitation.id)))
        .for('update', { of: invitations })
      if (!current) throw notValid()
      const { invitation } = current
      const now = deps.clock.now()
      const late = unusable(invitation, now, { inviter: current.inviter, invitee: member })
      if (late) throw late
      // Deactivation revokes the code in the same transaction, so this only guards against an inconsistent row.
      if (member.status !== 'invited') throw revoked()
      await tx
        .update(invitations)
        .set({ consumedAt: now })
        .where(and(eq(invitations.vendorId, vendorId), eq(invitations.id, invitation.id)))
      const [updated] = await tx
        .update(users)
        .set({ email, passwordHash, status: 'active' })
        .where(and(eq(users.vendorId, vendorId), eq(users.id, userId)))
        .returning()
      if (!updated || !isActiveUser(updated)) throw new Error('an accepted member must be active')
      const token = await createSession(tx, deps.clock, updated)
      return { token, user: toUser(updated, found.vendor) }
    })
  } catch (error) {
    // Someone else took the email between the check above and the update.
    if (isUniqueViolation(error) && (await emailInUse(deps.db, email))) throw emailTaken()
    throw error
  }
}
