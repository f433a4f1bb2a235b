import { and, eq } from 'drizzle-orm'

import { revokeUserKeys } from '../api-keys/keys'
import { nationalNumber } from '../auth/phone'
import type { Auth } from '../auth/sessions'
import { effectivePermissions, revokeUserSessions } from '../auth/sessions'
import { users, vendors } from '../db/schema'
import type { AppDeps } from '../deps'
import { ApiError } from '../errors'
import { phoneInTeam, phoneTaken, revokeLiveInvitation } from './invite'
import { ensureCanGrant, lockMember, teamMember } from './members'

/*
 * Activating and deactivating members (decision 043). Deactivation takes effect at once: every session of the
 * member is revoked in the same transaction that marks them inactive (and resolveSession refuses an inactive
 * user's token anyway), their open event streams end once it commits, and a pending invitation is withdrawn so its link cannot bring them back.
 */

export async function setMemberStatus(deps: AppDeps, auth: Auth, memberId: string, status: 'active' | 'inactive') {
  if (memberId === auth.userId) {
    throw new ApiError(409, 'CANNOT_CHANGE_SELF', 'You cannot change your own status')
  }
  let deactivated: { vendorId: string; userId: string } | null = null
  const answer = await deps.db.transaction(async (tx) => {
    // Bringing a member back gives their phone a place in the team again, which POST /invite decides under the
    // vendor row's lock: take it first (before the member's row, the order invite's insert follows), so an
    // invitation of the same phone at the same moment waits here, or this waits for it and sees its row.
    if (status === 'active') {
      await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, auth.vendorId)).for('no key update')
    }
    // The member's row first, then their invitation: the order accept and resend take too.
    const member = await lockMember(tx, auth.vendorId, memberId)
    if (member.role === 'owner') {
      throw new ApiError(403, 'CANNOT_CHANGE_OWNER', 'The business owner’s status cannot be changed')
    }
    ensureCanGrant(auth, effectivePermissions(member), 'manage')
    const scope = and(eq(users.vendorId, auth.vendorId), eq(users.id, member.id))
    let message: string
    // An inactive member's phone may have been invited since: one phone, one place in a team, as POST /invite holds.
    const national = nationalNumber(member.phone)
    if (status === 'active' && member.status === 'inactive' && national && (await phoneInTeam(tx, auth.vendorId, national))) {
      throw phoneTaken()
    }
    if (status === 'inactive') {
      await revokeLiveInvitation(tx, deps.clock, member)
      await tx.update(users).set({ status: 'inactive' }).where(scope)
      await revokeUserSessions(tx, deps.clock, member)
      // Revoked, not only refused while inactive: reactivating the member must not bring their keys back.
      await revokeUserKeys(tx, member, deps.clock.now())
      deactivated = { vendorId: member.vendorId, userId: member.id }
      message = `${member.name} has been deactivated`
    } else if (member.status === 'inactive' && member.passwordHash === null) {
      // Never accepted: back to invited, and the old code stays revoked; a resend sends a new one.
      await tx.update(users).set({ status: 'invited' }).where(scope)
      message = `${member.name} has been reactivated. Resend the invitation so they can join.`
    } else if (member.status === 'inactive') {
      await tx.update(users).set({ status: 'active' }).where(scope)
      message = `${member.name} has been activated`
    } else {
      message = member.status === 'invited' ? `${member.name} has not accepted the invitation yet` : `${member.name} is already active`
    }
    return { data: await teamMember(tx, auth.vendorId, member.id), message }
  })
  // Committed: the member's open payment alerts stop now, on whichever process holds them (issue 35).
  if (deactivated) await deps.events.endSessions(deactivated, deps.logger)
  return answer
}
