import { css } from 'styled-system/css'

import { Badge } from '#app/ui/badge'
import { permissionLabel } from '#contract/permissions'

const list = css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })

/** A member's permissions in plain words ('Orders and invoices'): issue 22 over SPEC §6's lowercase names, decision 109. */
export function PermissionWords({ permissions, label = 'Permissions' }: { permissions: readonly string[]; label?: string }) {
  if (permissions.length === 0) return null
  return (
    <ul aria-label={label} className={list}>
      {permissions.map((p) => (
        <li key={p}>
          <Badge>{permissionLabel(p)}</Badge>
        </li>
      ))}
    </ul>
  )
}
