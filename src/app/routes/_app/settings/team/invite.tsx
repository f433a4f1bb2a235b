import { createFileRoute } from '@tanstack/react-router'

import { InviteMemberSheet } from '#app/features/team/components/invite-member-sheet'
import { NoTeamAccessSheet, useCanManageTeam } from '#app/features/team/components/no-team-access'
import { type AppRouter, useCloseSheet } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/settings/team/invite')({
  component: InviteRoute,
})

const toTeam = (router: AppRouter) => void router.navigate({ to: '/settings', search: { tab: 'team' }, replace: true })

function InviteRoute() {
  const close = useCloseSheet(toTeam)
  return useCanManageTeam() ? <InviteMemberSheet onClose={close} /> : <NoTeamAccessSheet onClose={close} />
}
