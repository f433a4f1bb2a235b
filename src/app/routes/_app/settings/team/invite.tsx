import { createFileRoute } from '@tanstack/react-router'

import { InviteMemberSheet } from '#app/features/team/components/invite-member-sheet'
import { NoTeamAccessSheet, useCanManageTeam } from '#app/features/team/components/no-team-access'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/settings/team/invite')({
  component: InviteRoute,
})

function InviteRoute() {
  const close = useCloseTo({ to: '/settings', search: { tab: 'team' } })
  return useCanManageTeam() ? <InviteMemberSheet onClose={close} /> : <NoTeamAccessSheet onClose={close} />
}
