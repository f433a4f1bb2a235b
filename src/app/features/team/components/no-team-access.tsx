import { hasPermission } from '#app/lib/permissions'
import { useSession } from '#app/lib/session'
import { NoAccess, NoAccessSheet } from '#app/ui/no-access'

const NO_TEAM = { title: 'Your role does not include the team', permission: 'team' }

/** The team is managed with VENDOR_TEAM only; without it the tab is hidden and its addresses say why. */
export function useCanManageTeam(): boolean {
  const session = useSession()
  return hasPermission(session?.user.permissions ?? [], 'VENDOR_TEAM')
}

export function NoTeamAccess() {
  return <NoAccess {...NO_TEAM} />
}

/** Invite Team Member opened by its address by someone who may not invite. */
export function NoTeamAccessSheet({ onClose }: { onClose: () => void }) {
  return <NoAccessSheet sheetTitle="Invite Team Member" onClose={onClose} {...NO_TEAM} />
}
