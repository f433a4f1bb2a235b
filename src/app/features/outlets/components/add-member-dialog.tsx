import { Portal } from '@ark-ui/react/portal'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { stack, visuallyHidden } from 'styled-system/patterns'

import { formatCount } from '#app/lib/format'
import { useOnline } from '#app/lib/online'
import { StatusBadge } from '#app/ui/badge'
import { Button } from '#app/ui/button'
import { dialogParts } from '#app/ui/dialog-parts'
import { EmptyState } from '#app/ui/empty-state'
import { QueryError } from '#app/ui/query-error'
import { SearchBox } from '#app/ui/search-box'
import { Skeleton } from '#app/ui/skeleton'

import { allMembersQuery, useAddOutletMember } from '../queries'

const { Root, Backdrop, Positioner, Content, Title, Description, Footer } = dialogParts

export const NO_MEMBER_FOUND = 'No member found'
/** SPEC §9: the dialog forgets the search and the choice 300 ms after it closes, once its exit has played. */
export const ADD_MEMBER_RESET_MS = 300

// The dialog recipe centres its text for outcomes; a picker reads as a left-aligned list.
const body = stack({ gap: '3', w: 'full', textAlign: 'left' })
// The choices scroll under a fixed search box, so the box stays in reach however long the team is.
const choices = css({ display: 'flex', flexDirection: 'column', maxH: '45dvh', overflowY: 'auto', overscrollBehavior: 'contain', mx: '-2' })
const choice = css({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: '3',
  minH: 'touch',
  px: '2',
  py: '2',
  borderRadius: 'control',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  '&:has(input:checked)': { bg: 'accent.subtle' },
  '&:has(input:disabled)': { cursor: 'not-allowed', color: 'fg.muted', _hover: { bg: 'transparent' } },
  '& input': { w: '4', h: '4', accentColor: 'var(--colors-accent-default)' },
})
const memberName = css({ display: 'block', fontWeight: 'medium', overflowWrap: 'anywhere' })
const memberMeta = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted', overflowWrap: 'anywhere' })

interface PickerProps {
  outletId: string
  search: string
  onSearchChange: (search: string) => void
  chosen: string | null
  onChoose: (memberId: string) => void
  /** Called with the chosen member when it is one that can be added and is on screen, else null. */
  children: (addable: string | null) => ReactNode
}

/**
 * The search, the members it finds and (through `children`) the footer. Mounted with the dialog, so the team is
 * asked for only once it opens; the footer is rendered here because only the list knows whether the chosen member
 * is still shown: one hidden by a later search must not be added unseen.
 */
function MemberPicker({ outletId, search, onSearchChange, chosen, onChoose, children }: PickerProps) {
  const query = useQuery(allMembersQuery())
  // The owner is not offered: they see every outlet anyway. Members already in it stay listed, disabled.
  const members = useMemo(() => {
    const needle = search.trim().toLowerCase()
    return (query.data?.items ?? []).filter((m) => m.role !== 'owner' && m.name.toLowerCase().includes(needle))
  }, [query.data, search])
  const addable = members.some((m) => m.id === chosen && !m.outletIds.includes(outletId)) ? chosen : null
  let results: ReactNode
  if (query.isPending) {
    results = (
      <div aria-busy="true">
        <span className={visuallyHidden()} role="status">
          Loading members
        </span>
        <Skeleton count={4} height={44} />
      </div>
    )
  } else if (members.length === 0 && query.isError) {
    results = <QueryError query={query} title="Could not load members" />
  } else if (members.length === 0) {
    results = (
      <EmptyState
        title={NO_MEMBER_FOUND}
        description={search ? `No member's name contains "${search}".` : 'Invite team members in Settings → Team first.'}
      />
    )
  } else {
    results = (
      <div role="radiogroup" aria-label="Members" className={choices}>
        {members.map((m) => {
          const already = m.outletIds.includes(outletId)
          return (
            <label key={m.id} className={choice}>
              <input type="radio" name="member" value={m.id} checked={chosen === m.id} disabled={already} onChange={() => onChoose(m.id)} />
              <span className={css({ minW: '0' })}>
                <span className={memberName}>{m.name}</span>
                <span className={memberMeta}>{already ? 'Already in this outlet' : [m.email, m.phone].filter(Boolean).join(' · ')}</span>
              </span>
              {m.status === 'active' ? null : <StatusBadge status={m.status} />}
            </label>
          )
        })}
      </div>
    )
  }
  return (
    <>
      <div className={body}>
        <SearchBox value={search} onChange={onSearchChange} label="Search members by name" placeholder="Search members" />
        {results}
        {/* What the search left, said once typing pauses, for those who cannot see the list change. */}
        <p className={visuallyHidden()} aria-live="polite">
          {query.isPending ? '' : `${formatCount(members.length, 'member')} found`}
        </p>
      </div>
      {children(addable)}
    </>
  )
}

export interface AddMemberDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  outletId: string
  outletName: string
}

/**
 * Add Member to Outlet (SPEC §2): the whole team fetched once (the API's largest page; SPEC §9 says 1e13) and filtered by name here,
 * 'No member found' when nothing matches, Add enabled only with a member chosen (and still shown).
 */
export function AddMemberDialog({ open, onOpenChange, outletId, outletName }: AddMemberDialogProps) {
  const online = useOnline()
  const add = useAddOutletMember(outletId)
  const [search, setSearch] = useState('')
  const [chosen, setChosen] = useState<string | null>(null)

  useEffect(() => {
    if (open) return
    const timer = setTimeout(() => {
      setSearch('')
      setChosen(null)
    }, ADD_MEMBER_RESET_MS)
    return () => clearTimeout(timer)
  }, [open])

  return (
    <Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      closeOnInteractOutside={!add.isPending}
      closeOnEscape={!add.isPending}
    >
      <Portal>
        <Backdrop />
        <Positioner>
          <Content>
            <Title>Add Member to Outlet</Title>
            <Description>Members see {outletName}&apos;s wallet and transactions, and can act for it.</Description>
            <MemberPicker outletId={outletId} search={search} onSearchChange={setSearch} chosen={chosen} onChoose={setChosen}>
              {(addable) => (
                <Footer>
                  <Button variant="outline" size="lg" disabled={add.isPending} onClick={() => onOpenChange(false)}>
                    Cancel
                  </Button>
                  <Button
                    size="lg"
                    disabled={addable === null || !online}
                    loading={add.isPending}
                    onClick={() => addable && add.mutate(addable, { onSuccess: () => onOpenChange(false) })}
                  >
                    Add
                  </Button>
                </Footer>
              )}
            </MemberPicker>
          </Content>
        </Positioner>
      </Portal>
    </Root>
  )
}
