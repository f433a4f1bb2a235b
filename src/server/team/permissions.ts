import { and, eq } from 'drizzle-orm'

import type { Permission } from '#contract/permissions'

import type { Auth } from '../auth/sessions'
import { effectivePermissions } from '../auth/sessions'
import { users } from '../db/schema'
import type { AppDeps } from '../deps'
import { ApiError } from '../errors'
import { ensureCanGrant, lockMember, teamMember } from './members'

/*
 * Changing an existing member's permissions (issue 22), under the rules of inviting (decision 043): a manager
 * grants only what they hold, to a member who holds nothing more than they do, so no one raises a member above
 * themself or strips someone who outranks them. The owner holds everything by role and cannot be demoted; nobody
 * edits their own. Permissions are read from the user's row on every request (auth/sessions.ts), and a PATCH
 * clears the session cache, so the change holds from the member's next call.
 */
export async function setMemberPermissions(deps: AppDeps, auth: Auth, memberId: string, permissions: Permission[]) {
  if (memberId === auth.userId) {
    throw new ApiError(409, 'CANNOT_CHANGE_SELF', 'You cannot change your own permissions')
  }
  return deps.db.transaction(async (tx) => {
    const member = await lockMember(tx, auth.vendorId, memberId)
    if (member.role === 'owner') {
      throw new ApiError(403, 'CANNOT_CHANGE_OWNER', 'The business owner holds every permission; they cannot be changed')
    }
    ensureCanGrant(auth, effectivePermissions(member), 'manage')
    ensureCanGrant(auth, permissions, 'grant')
    // Kept in the contract's order, as an invitation keeps them.
    const ordered = effectivePermissions({ role: 'member', permissions })
    await tx
      .update(users)
      .set({ permissions: ordered })
      .where(and(eq(users.vendorId, auth.vendorId), eq(users.id, member.id)))
    return { data: await teamMember(tx, auth.vendorId, member.id), message: `${member.name}'s permissions have been updated` }
  })
}
