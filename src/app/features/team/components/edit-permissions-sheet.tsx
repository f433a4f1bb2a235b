import { useState } from 'react'

import { useOnline } from '#app/lib/online'
import { useSession } from '#app/lib/session'
import { FormSheet } from '#app/ui/form-sheet'
import { Notice } from '#app/ui/notice'
import { type Permission, PERMISSIONS } from '#contract/permissions'
import type { TeamMember } from '#contract/team'

import { INVITE_MESSAGES } from '../invite-form'
import { useSetMemberPermissions } from '../queries'
import { OFFLINE_TEAM_REASON } from './invite-member-sheet'
import { PermissionChecklist } from './permission-checklist'

/** Same set, whatever the order they were ticked in. */
const sameSet = (a: readonly Permission[], b: readonly Permission[]) => a.length === b.length && a.every((p) => b.includes(p))

/**
 * Edit permissions (issue 22): an existing member's permissions, with the invite's checklist. Offered are only
 * those the editor holds, and the row offers this only for a member holding nothing more (the server enforces
 * both, decision 043). Save is enabled once the choice differs from what they hold and keeps at least one.
 */
export function EditPermissionsSheet({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const held = useSession()?.user.permissions ?? []
  const offered = PERMISSIONS.filter((p) => held.includes(p))
  const online = useOnline()
  const save = useSetMemberPermissions()
  const [value, setValue] = useState<Permission[]>(member.permissions)
  const [touched, setTouched] = useState(false)
  const empty = value.length === 0
  const changed = !sameSet(value, member.permissions)

  return (
    <FormSheet
      title="Edit permissions"
      description={`For ${member.name}. A change holds from their next action.`}
      submitLabel="Save"
      pending={save.isPending}
      disabled={!online || empty || !changed}
      onSubmit={() => {
        if (!online || empty || !changed) return
        save.mutate({ memberId: member.id, permissions: PERMISSIONS.filter((p) => value.includes(p)) }, { onSuccess: onClose })
      }}
      onClose={onClose}
    >
      <PermissionChecklist
        offered={offered}
        value={value}
        onChange={(next) => {
          setTouched(true)
          setValue(next)
        }}
        error={touched && empty ? INVITE_MESSAGES.permissions : undefined}
      />
      {online ? null : <Notice icon="wifi-off">{OFFLINE_TEAM_REASON}</Notice>}
    </FormSheet>
  )
}
