import * as v from 'valibot'

import { User } from './auth'
import { email, id, MAX_EMAIL_LENGTH, newPassword, page, pageQuery, phone, text } from './common'
import { endpoint } from './endpoint'
import { PERMISSIONS } from './permissions'

/*
 * Team members and invitations (SPEC §6, §7 "Team", issue 6). Every call but the invitee's two needs
 * VENDOR_TEAM; a member who manages the team can grant only permissions they hold themselves (decision 043).
 */

export const MEMBER_STATUSES = ['invited', 'active', 'inactive'] as const

export const TeamMember = v.object({
  id: v.string(),
  name: v.string(),
  /** Null while an invitation sent by phone only is pending. */
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  role: v.picklist(['owner', 'member']),
  /** invited: the invitation is not accepted yet; inactive: cannot sign in, sessions revoked. */
  status: v.picklist(MEMBER_STATUSES),
  permissions: v.array(v.picklist(PERMISSIONS)),
  /** The outlets the member belongs to (empty for the owner, who sees every outlet). */
  outletIds: v.array(v.string()),
  /** When the pending invitation's code stops working; null once accepted or for the owner. */
  inviteExpiresAt: v.nullable(v.string()),
  createdAt: v.string(),
})
export type TeamMember = v.InferOutput<typeof TeamMember>

/** What the invitee sees on /invite/{code} before joining. */
export const InviteDetails = v.object({
  vendorName: v.string(),
  name: v.string(),
  email: v.nullable(v.string()),
  /** Masked (080****5678): the page is public. */
  phone: v.string(),
  permissions: v.array(v.picklist(PERMISSIONS)),
  invitedBy: v.string(),
  expiresAt: v.string(),
})
export type InviteDetails = v.InferOutput<typeof InviteDetails>

/** Invite codes are 43 URL-safe characters (32 random bytes); anything else is not worth a lookup. */
export const inviteCode = v.pipe(v.string('is required'), v.trim(), v.nonEmpty('is required'), v.maxLength(128, 'is too long'))

const permissionList = v.pipe(
  v.array(v.picklist(PERMISSIONS, 'must be a known permission'), 'must be a list of permissions'),
  v.transform((list) => [...new Set(list)]),
)

/** A member's name, as the Invite form also limits it (decision 163). */
export const MAX_MEMBER_NAME = 100

export const teamEndpoints = {
  listMembers: endpoint({
    method: 'GET',
    path: '/user/members',
    summary: 'The vendor’s users (owner first, then members newest first), searched by name and email.',
    permission: 'VENDOR_TEAM',
    query: v.object({
      ...pageQuery,
      name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'is too long'))),
      email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(MAX_EMAIL_LENGTH, 'is too long'))),
    }),
    response: page(TeamMember),
  }),
  inviteMember: endpoint({
    method: 'POST',
    path: '/invite',
    status: 201,
    summary:
      'Invite a team member: sends an expiring, single-use invitation link by SMS (and by email when given). ' +
      'Only permissions the inviter holds may be granted. 409 EMAIL_TAKEN for an email in use; 409 PHONE_TAKEN for a ' +
      'phone already invited to or active in this team.',
    permission: 'VENDOR_TEAM',
    body: v.object({
      name: text(MAX_MEMBER_NAME),
      phone: v.pipe(phone, v.nonEmpty('is required')),
      email: v.optional(v.nullable(email)),
      permissions: v.optional(permissionList, []),
    }),
    response: TeamMember,
    errors: ['EMAIL_TAKEN', 'PHONE_TAKEN', 'PERMISSION_NOT_HELD', 'RATE_LIMITED'],
  }),
  resendInvite: endpoint({
    method: 'POST',
    path: '/invite/resend',
    summary: 'Send a pending invitation again with a new code; the old code stops working at once.',
    permission: 'VENDOR_TEAM',
    body: v.object({ memberId: id }),
    response: TeamMember,
    errors: ['NOT_FOUND', 'RATE_LIMITED', 'ALREADY_JOINED', 'MEMBER_INACTIVE', 'PERMISSION_NOT_HELD'],
  }),
  inviteDetails: endpoint({
    method: 'GET',
    path: '/invite/details',
    summary: 'What an invitation offers, for the invitee. 410 when it has expired, been used or been replaced.',
    access: 'public',
    query: v.object({ inviteCode }),
    response: InviteDetails,
    errors: ['INVITE_NOT_FOUND', 'INVITE_EXPIRED', 'INVITE_REVOKED', 'INVITE_USED', 'RATE_LIMITED'],
  }),
  acceptInvite: endpoint({
    method: 'POST',
    path: '/invite/accept',
    summary: 'Join with an invitation: set a password (and an email when the invitation had none). Answers a session, ' + 'as login does.',
    access: 'public',
    body: v.object({ inviteCode, password: newPassword, email: v.optional(v.nullable(email)) }),
    response: v.object({ token: v.string(), user: User }),
    errors: [
      'INVITE_NOT_FOUND',
      'INVITE_EXPIRED',
      'INVITE_REVOKED',
      'INVITE_USED',
      'RATE_LIMITED',
      'EMAIL_TAKEN',
      'PHONE_TAKEN',
      'ALREADY_JOINED',
    ],
  }),
  setMemberStatus: endpoint({
    method: 'PUT',
    path: '/user/members/status',
    summary:
      'Activate or deactivate a member. Deactivating signs them out everywhere at once (and withdraws a pending ' +
      'invitation). The owner and the caller themself cannot be changed.',
    permission: 'VENDOR_TEAM',
    body: v.object({ memberId: id, status: v.picklist(['active', 'inactive'], 'must be active or inactive') }),
    response: TeamMember,
    errors: ['NOT_FOUND', 'CANNOT_CHANGE_OWNER', 'CANNOT_CHANGE_SELF', 'PERMISSION_NOT_HELD', 'PHONE_TAKEN'],
  }),
  setMemberPermissions: endpoint({
    method: 'PATCH',
    path: '/user/members/permissions',
    summary:
      'Replace a member’s permissions (issue 22); it holds from their next request. Only permissions the caller holds ' +
      'may be granted, to a member holding nothing more than the caller (403 PERMISSION_NOT_HELD). The owner holds ' +
      'every permission and cannot be changed (403 CANNOT_CHANGE_OWNER), nor can the caller themself (409).',
    permission: 'VENDOR_TEAM',
    body: v.object({ memberId: id, permissions: permissionList }),
    response: TeamMember,
    errors: ['NOT_FOUND', 'CANNOT_CHANGE_OWNER', 'CANNOT_CHANGE_SELF', 'PERMISSION_NOT_HELD'],
  }),
}
