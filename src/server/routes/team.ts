import type { teamEndpoints } from '#contract/team'

import { publicOrigin } from '../http/public-origin'
import type { HandlersFor } from '../http/types'
import { enforce, LIMITS } from '../rate-limit'
import { acceptInvite, inviteDetails } from '../team/accept'
import { inviteMember, resendInvite } from '../team/invite'
import { listMembers } from '../team/members'
import { setMemberPermissions } from '../team/permissions'
import { setMemberStatus } from '../team/status'

/** Team members and invitations (decision 043); the rules live in server/team. */
export const teamHandlers: HandlersFor<typeof teamEndpoints> = {
  async listMembers({ auth, db, query }) {
    return { data: await listMembers(db, auth.vendorId, query) }
  },

  async inviteMember(ctx) {
    await enforce(ctx.deps.rateLimiter, LIMITS.invitationsPerVendor, ctx.auth.vendorId)
    return inviteMember(ctx.deps, ctx.auth, ctx.body, publicOrigin(ctx))
  },

  async resendInvite(ctx) {
    await enforce(ctx.deps.rateLimiter, LIMITS.invitationsPerVendor, ctx.auth.vendorId)
    return resendInvite(ctx.deps, ctx.auth, ctx.body.memberId, publicOrigin(ctx))
  },

  async inviteDetails({ deps, ip, query }) {
    await enforce(deps.rateLimiter, LIMITS.inviteDetailsPerIp, ip)
    return { data: await inviteDetails(deps, query.inviteCode) }
  },

  async acceptInvite({ body, deps, ip }) {
    await enforce(deps.rateLimiter, LIMITS.inviteAcceptPerIp, ip)
    const data = await acceptInvite(deps, body)
    return { data, message: `Welcome to ${data.user.vendor.name}` }
  },

  async setMemberStatus({ auth, body, deps }) {
    return setMemberStatus(deps, auth, body.memberId, body.status)
  },

  async setMemberPermissions({ auth, body, deps }) {
    return setMemberPermissions(deps, auth, body.memberId, body.permissions)
  },
}
