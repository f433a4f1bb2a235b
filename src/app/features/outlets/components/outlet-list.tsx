import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { listRow } from 'styled-system/recipes'

import type { OutletListFilters } from '#app/lib/query-keys'
import { StatusBadge } from '#app/ui/badge'
import { Money } from '#app/ui/money'
import { UrlPagedList, type UrlPaging } from '#app/ui/url-paged-list'
import type { Outlet } from '#contract/outlets'

import { outletListQuery } from '../queries'
import { OutletStatusSwitch } from './outlet-status-switch'

// The switch sits beside the row's link, not inside it: a control inside a link is two targets in one.
const item = css({
  display: 'flex',
  alignItems: 'center',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _last: { borderBottomWidth: '0' },
})
const row = cx(listRow(), css({ flex: '1', minW: '0', gridTemplateColumns: 'minmax(0, 1fr) auto', py: '3', borderBottomWidth: '0' }))
const name = css({ display: 'block', fontWeight: 'medium', truncate: true })
const address = css({ display: 'block', mt: '0.5', mb: '1', textStyle: 'body.sm', color: 'fg.muted', truncate: true })
const balance = css({ textStyle: 'amount', fontSize: 'sm', textAlign: 'right' })
const toggle = css({ flexShrink: 0, pr: '3' })

function OutletRow({ outlet: o, canManage }: { outlet: Outlet; canManage: boolean }) {
  return (
    <li className={item}>
      <Link to="/outlets/$outletId" params={{ outletId: o.id }} className={row} data-testid="outlet-row">
        <span className={css({ minW: '0' })}>
          <span className={name}>{o.name}</span>
          <span className={address}>{o.address}</span>
          <StatusBadge status={o.status} />
        </span>
        <span className={balance}>
          <Money kobo={o.balance} />
        </span>
      </Link>
      {canManage ? (
        <span className={toggle}>
          <OutletStatusSwitch outlet={o} compact />
        </span>
      ) : null}
    </li>
  )
}

export interface OutletListProps extends UrlPaging<OutletListFilters> {
  /** A search is on: the empty list says so instead of promising outlets to come. */
  filtered: boolean
  /** The user may change outlets' status (VENDOR_TEAM): each row gets its switch. */
  canManage: boolean
}

/**
 * Why the list is empty, in the words of who is looking. The owner and team managers see every outlet, so for them
 * none means none opened yet; anyone else sees only the outlets they were added to (decision 043), so for them it
 * means they are in none yet, and only someone managing the team can change that.
 */
export function emptyWords(filtered: boolean, canManage: boolean): { emptyTitle?: string; emptyText: string } {
  if (filtered) return { emptyText: 'No outlet matches this search.' }
  if (canManage) return { emptyText: 'Outlets you open, each with its own wallet and account, will show here.' }
  return {
    emptyTitle: 'No outlet yet',
    emptyText: 'You are not assigned to an outlet yet. Ask the business owner to add you to one.',
  }
}

/** The outlets the user may see, newest first, a page at a time: name, address, status and wallet balance. */
export function OutletList({ filtered, canManage, ...paging }: OutletListProps) {
  const query = useQuery(outletListQuery(paging.filters))
  return (
    <UrlPagedList query={query} {...paging} label="Outlets" noun={{ one: 'outlet', many: 'outlets' }} {...emptyWords(filtered, canManage)}>
      {(items) => items.map((o) => <OutletRow key={o.id} outlet={o} canManage={canManage} />)}
    </UrlPagedList>
  )
}
