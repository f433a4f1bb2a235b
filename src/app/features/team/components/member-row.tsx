import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { formatDate } from '#app/lib/dates'
import { Badge, StatusBadge } from '#app/ui/badge'
import { Button } from '#app/ui/button'
import { rowName } from '#app/ui/row-text'
import type { TeamMember } from '#contract/team'

import { PermissionWords } from './permission-words'

export type MemberAction = 'permissions' | 'resend' | 'activate' | 'deactivate'

const row = stack({ gap: '2', px: '4', py: '3', borderBottomWidth: '1px', borderColor: 'border.default' })
const top = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: '3', alignItems: 'start' })
const meta = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted', overflowWrap: 'anywhere' })
const badges = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: '1.5' })
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })
const you = css({ color: 'fg.muted', fontWeight: 'normal' })

/**
 * What can be done to a member: nothing to the owner or to oneself (the server refuses both, decision 043). Their
 * permissions can be edited by someone holding every one of them (`held`), as the server requires.
 */
export function memberActions(member: TeamMember, selfId: string | undefined, held: readonly string[] = []): MemberAction[] {
  if (member.role === 'owner' || member.id === selfId) return []
  const edit: MemberAction[] = member.permissions.every((p) => held.includes(p)) ? ['permissions'] : []
  if (member.status === 'invited') return [...edit, 'resend', 'deactivate']
  return [...edit, member.status === 'active' ? 'deactivate' : 'activate']
}

const ACTION_LABELS: Record<MemberAction, string> = {
  permissions: 'Edit permissions',
  resend: 'Resend invite',
  activate: 'Activate',
  deactivate: 'Deactivate',
}

function inviteLine(member: TeamMember, now: number): string | null {
  if (member.status !== 'invited' || !member.inviteExpiresAt) return null
  return Date.parse(member.inviteExpiresAt) <= now
    ? 'Invitation expired: resend it'
    : `Invitation valid until ${formatDate(member.inviteExpiresAt)}`
}

export interface MemberRowProps {
  member: TeamMember
  selfId: string | undefined
  /** The signed-in user's permissions: only a member holding none beyond them can be edited. */
  held: readonly string[]
  /** Why the actions are disabled (offline), or undefined when they can be used. */
  disabledReason?: string
  onAction: (action: MemberAction, member: TeamMember) => void
}

/** One member: who, how to reach them, status, role and permissions, and what can be done. */
export function MemberRow({ member: m, selfId, held, disabledReason, onAction }: MemberRowProps) {
  const contact = [m.email, m.phone].filter(Boolean).join(' · ')
  const invite = inviteLine(m, Date.now())
  const available = memberActions(m, selfId, held)
  return (
    <li className={row} aria-label={m.name}>
      <div className={top}>
        <span className={css({ minW: '0' })}>
          <span className={rowName}>
            {m.name}
            {m.id === selfId ? <span className={you}> (you)</span> : null}
          </span>
          {contact ? <span className={meta}>{contact}</span> : null}
          {invite ? <span className={meta}>{invite}</span> : null}
        </span>
        <span className={badges}>
          {m.role === 'owner' ? <Badge tone="info">Owner</Badge> : null}
          <StatusBadge status={m.status} />
        </span>
      </div>
      {m.role === 'owner' ? (
        <span className={meta}>Holds every permission</span>
      ) : (
        <PermissionWords permissions={m.permissions} label={`Permissions of ${m.name}`} />
      )}
      {available.length > 0 ? (
        <div className={actions}>
          {/* Keyed by place, not action: Deactivate turning into Activate stays the same button and keeps focus. */}
          {available.map((action, slot) => (
            <Button
              key={slot}
              size="sm"
              variant="outline"
              disabled={disabledReason !== undefined}
              title={disabledReason}
              aria-label={`${ACTION_LABELS[action]}: ${m.name}`}
              onClick={() => onAction(action, m)}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
        </div>
      ) : null}
    </li>
  )
}
