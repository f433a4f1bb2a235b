import { useQuery } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { listRow } from 'styled-system/recipes'

import { useOnline } from '#app/lib/online'
import { StatusBadge } from '#app/ui/badge'
import { Button } from '#app/ui/button'
import { ConfirmDialog } from '#app/ui/dialog'
import { Icon } from '#app/ui/icon'
import { PagedList } from '#app/ui/paged-list'
import type { Outlet, OutletMember } from '#contract/outlets'

import { MEMBERS_PAGE_SIZE, outletMembersQuery, useRemoveOutletMember } from '../queries'
import { AddMemberDialog } from './add-member-dialog'

const header = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', minH: '9' })
const heading = css({ textStyle: 'title.sm' })
const row = cx(listRow(), css({ gridTemplateColumns: 'minmax(0, 1fr) auto', py: '3', _hover: { bg: 'transparent' } }))
const name = css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'medium', overflowWrap: 'anywhere' })
const meta = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted', overflowWrap: 'anywhere' })

function MemberRow({
  member: m,
  onRemove,
  disabled,
}: {
  member: OutletMember
  onRemove?: (member: OutletMember) => void
  disabled: boolean
}) {
  const reach = [m.email, m.phone].filter(Boolean).join(' · ')
  return (
    <li className={row} data-testid="outlet-member-row">
      <span className={css({ minW: '0' })}>
        <span className={name}>
          {m.name}
          {m.status === 'active' ? null : <StatusBadge status={m.status} />}
        </span>
        <span className={meta}>{reach || 'No contact details'}</span>
      </span>
      {onRemove ? (
        <Button variant="ghost" size="sm" aria-label={`Remove ${m.name}`} disabled={disabled} onClick={() => onRemove(m)}>
          <Icon name="trash" size={16} />
          Remove
        </Button>
      ) : null}
    </li>
  )
}

/**
 * The outlet's members: who sees its wallet and transactions. Adding and removing them needs VENDOR_TEAM
 * (GET /user/members, which feeds the picker, needs it too); everyone else sees the list only.
 */
export function OutletMembers({ outlet, canManage }: { outlet: Outlet; canManage: boolean }) {
  const online = useOnline()
  const [page, setPage] = useState(1)
  const query = useQuery(outletMembersQuery(outlet.id, page))
  const remove = useRemoveOutletMember(outlet.id)
  const [adding, setAdding] = useState(false)
  const [target, setTarget] = useState<OutletMember | null>(null)
  const [confirming, setConfirming] = useState(false)
  // A removed member's row and its Remove button go: focus then lands on Add Member, not on the page's top.
  const addId = useId()
  const removed = useRef(false)
  return (
    <section aria-labelledby="outlet-members-title" className={stack({ gap: '3' })}>
      <div className={header}>
        <h2 id="outlet-members-title" className={heading}>
          Members
        </h2>
        {canManage ? (
          <Button id={addId} variant="outline" size="sm" disabled={!online} onClick={() => setAdding(true)}>
            <Icon name="plus" size={16} />
            Add Member
          </Button>
        ) : null}
      </div>
      <PagedList
        query={query}
        page={page}
        size={MEMBERS_PAGE_SIZE}
        onPageChange={setPage}
        label="Outlet members"
        noun={{ one: 'member', many: 'members' }}
        emptyText={canManage ? 'Add team members to let them act for this outlet.' : 'Team members added to this outlet will show here.'}
      >
        {(items) =>
          items.map((m) => (
            <MemberRow
              key={m.id}
              member={m}
              disabled={!online}
              onRemove={
                canManage
                  ? (member) => {
                      setTarget(member)
                      removed.current = false
                      setConfirming(true)
                    }
                  : undefined
              }
            />
          ))
        }
      </PagedList>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${target?.name ?? 'member'} from ${outlet.name}?`}
        description="They will no longer see this outlet's wallet and transactions."
        loading={remove.isPending}
        finalFocusEl={() => (removed.current ? document.getElementById(addId) : null)}
        onProceed={() =>
          target &&
          remove.mutate(target.id, {
            onSuccess: () => {
              removed.current = true
            },
            onSettled: () => setConfirming(false),
          })
        }
      />
      {canManage ? <AddMemberDialog open={adding} onOpenChange={setAdding} outletId={outlet.id} outletName={outlet.name} /> : null}
    </section>
  )
}
