import { createFileRoute } from '@tanstack/react-router'

import { InviteMemberSheet } from '#app/features/team/components/invite-member-sheet'
import { useCloseTo } from '#app/lib/navigation'
import { usePermission } from '#app/lib/permissions'
import { NoAccessSheet } from '#app/ui/no-access'

export const Route = createFileRoute('/_app/settings/team/invite')({
  component: InviteRoute,
})

function InviteRoute() {
  const close = useCloseTo({ to: '/settings', search: { tab: 'team' } })
  return usePermission('VENDOR_TEAM') ? (
    <InviteMemberSheet onClose={close} />
  ) : (
    <NoAccessSheet sheetTitle="Invite Team Member" permission="VENDOR_TEAM" onClose={close} />
  )
}
