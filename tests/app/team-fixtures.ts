// Team fixtures (members, invitations), parsed with the contract's schemas like those in fixtures.ts.
import * as v from 'valibot'

import { User } from '#contract/auth'
import type { Permission } from '#contract/permissions'
import { InviteDetails, teamEndpoints, TeamMember } from '#contract/team'

export function member(overrides: Partial<TeamMember> = {}): TeamMember {
  return v.parse(TeamMember, {
    id: 'member-1',
    name: 'Chinedu Eze',
    email: 'chinedu@vendor.test',
    phone: '08051234567',
    role: 'member',
    status: 'active',
    permissions: ['VENDOR_ORDERS', 'VENDOR_CUSTOMERS'],
    outletIds: [],
    inviteExpiresAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  })
}

/** The signed-in owner of tests/app/fixtures.ts (user-1), as the members list shows them. */
export const OWNER = member({
  id: 'user-1',
  name: 'Adaeze Okafor',
  email: 'demo@vendor.test',
  phone: '08031234567',
  role: 'owner',
  permissions: [],
  createdAt: '2026-01-01T00:00:00.000Z',
})

export function memberPage(items: TeamMember[], page = 1, size = 20, total = items.length) {
  return v.parse(teamEndpoints.listMembers.response, { items, page, size, total })
}

export function inviteDetails(overrides: Partial<InviteDetails> = {}): InviteDetails {
  return v.parse(InviteDetails, {
    vendorName: 'Mama Put Kitchen',
    name: 'Bola Ade',
    email: 'bola@vendor.test',
    phone: '080****5678',
    permissions: ['VENDOR_ORDERS'],
    invitedBy: 'Adaeze Okafor',
    expiresAt: '2099-11-29T10:00:00.000Z',
    ...overrides,
  })
}

/** What POST /invite/accept answers: the new member's session. */
export function acceptedSession(permissions: Permission[] = ['VENDOR_ORDERS'], email = 'bola@vendor.test') {
  return v.parse(teamEndpoints.acceptInvite.response, {
    token: 'member-token',
    user: v.parse(User, {
      id: 'member-9',
      name: 'Bola Ade',
      email,
      phone: '08061235678',
      role: 'member',
      permissions,
      vendor: { id: 'vendor-1', name: 'Mama Put Kitchen', url: null, status: 'approved' },
    }),
  })
}
