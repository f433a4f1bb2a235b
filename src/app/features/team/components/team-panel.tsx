import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'

import { useOnline } from '#app/lib/online'
import { useSession } from '#app/lib/session'
import { Button } from '#app/ui/button'
import { ConfirmDialog } from '#app/ui/dialog'
import { Icon } from '#app/ui/icon'
import { Notice } from '#app/ui/notice'
import { SearchBox } from '#app/ui/search-box'
import { UrlPagedList } from '#app/ui/url-paged-list'
import type { TeamMember } from '#contract/team'

import { memberListQuery, useResendInvite, useSetMemberStatus } from '../queries'
import { memberListFilters, type PageSize, type TeamSearch } from '../search'
import { EditPermissionsSheet } from './edit-permissions-sheet'
import { OFFLINE_TEAM_REASON } from './invite-member-sheet'
import { type MemberAction, MemberRow } from './member-row'

const column = stack({ gap: '3' })
const toolbar = css({ display: 'flex', flexDirection: { base: 'column', sm: 'row' }, gap: '3', '& > :first-child': { flex: '1' } })
const inviteLink = cx(button({ variant: 'solid', size: 'md' }), css({ textDecoration: 'none' }))

/** The actions asked about in the Cancel / Proceed dialog; Edit permissions opens a sheet instead. */
type ConfirmedAction = Exclude<MemberAction, 'permissions'>

/** What each confirmation asks and what follows from it. */
function confirmText(action: ConfirmedAction, m: TeamMember): { title: string; description: string } {
  switch (action) {
    case 'resend':
      return {
        title: `Resend the invitation to ${m.name}?`,
        description: 'A new link is sent to them. The link sent before stops working at once.',
      }
    case 'deactivate':
      return m.status === 'invited'
        ? { title: `Deactivate ${m.name}?`, description: 'Their invitation stops working. You can activate them later and send a new one.' }
        : {
            title: `Deactivate ${m.name}?`,
            description: 'They are signed out everywhere at once and cannot sign in until you activate them again.',
          }
    case 'activate':
      return {
        title: `Activate ${m.name}?`,
        description: 'They can sign in again. Someone who never joined goes back to invited: resend the invitation then.',
      }
  }
}

export interface TeamPanelProps {
  search: TeamSearch
  onSearch: (q: string) => void
  onPageChange: (page: number) => void
  onSizeChange: (size: PageSize) => void
}

/**
 * Settings → Team (SPEC §6, §7): the vendor's users, searched and paged, with Invite Team Member, Edit permissions
 * (a sheet), and Resend invite and Activate / Deactivate through the Cancel / Proceed dialog. Offline the list reads from the persisted cache and
 * the actions wait: none of them is queued.
 */
export function TeamPanel({ search, onSearch, onPageChange, onSizeChange }: TeamPanelProps) {
  const session = useSession()
  const online = useOnline()
  const filters = memberListFilters(search)
  const query = useQuery(memberListQuery(filters))
  const resend = useResendInvite()
  const setStatus = useSetMemberStatus()
  // The target outlives the dialog's closing animation, so its words do not vanish while it fades.
  const [target, setTarget] = useState<{ action: ConfirmedAction; member: TeamMember } | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [editing, setEditing] = useState<TeamMember | null>(null)
  const close = () => setConfirming(false)

  function proceed() {
    if (!target) return
    const { action, member } = target
    if (action === 'resend') resend.mutate(member.id, { onSettled: close })
    else setStatus.mutate({ memberId: member.id, status: action === 'activate' ? 'active' : 'inactive' }, { onSettled: close })
  }

  const text = target ? confirmText(target.action, target.member) : null
  return (
    <section aria-label="Team" className={column}>
      <div className={toolbar}>
        <SearchBox
          value={search.q ?? ''}
          onChange={onSearch}
          label="Search team members by name or email"
          placeholder="Search by name or email"
        />
        {online ? (
          <Link to="/settings/team/invite" search={(prev) => ({ ...prev, tab: 'team' as const })} className={inviteLink}>
            <Icon name="plus" size={18} />
            Invite Team Member
          </Link>
        ) : (
          <Button disabled title={OFFLINE_TEAM_REASON}>
            <Icon name="plus" size={18} />
            Invite Team Member
          </Button>
        )}
      </div>
      {online ? null : <Notice icon="wifi-off">{OFFLINE_TEAM_REASON}</Notice>}
      <UrlPagedList
        query={query}
        filters={filters}
        onPageChange={onPageChange}
        onSizeChange={onSizeChange}
        label="Team members"
        noun={{ one: 'member', many: 'members' }}
        emptyText={search.q ? 'No team member matches this search.' : 'People you invite will show here.'}
      >
        {(items) =>
          items.map((m) => (
            <MemberRow
              key={m.id}
              member={m}
              selfId={session?.user.id}
              held={session?.user.permissions ?? []}
              disabledReason={online ? undefined : OFFLINE_TEAM_REASON}
              onAction={(action, member) => {
                if (action === 'permissions') return setEditing(member)
                setTarget({ action, member })
                setConfirming(true)
              }}
            />
          ))
        }
      </UrlPagedList>
      {editing ? <EditPermissionsSheet member={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open) close()
        }}
        title={text?.title ?? ''}
        description={text?.description}
        loading={resend.isPending || setStatus.isPending}
        onProceed={proceed}
      />
    </section>
  )
}
