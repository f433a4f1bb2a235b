import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { listRow } from 'styled-system/recipes'

import { formatShortDateTime } from '#app/lib/dates'
import { formatCount } from '#app/lib/format'
import type { DisputeListFilters } from '#app/lib/query-keys'
import { StatusBadge } from '#app/ui/badge'
import { UrlPagedList, type UrlPaging } from '#app/ui/url-paged-list'
import type { Dispute } from '#contract/disputes'

import { disputeListQuery } from '../queries'

const row = cx(listRow(), css({ gridTemplateColumns: 'minmax(0, 1fr) auto', py: '3' }))
const title = css({ display: 'block', fontWeight: 'medium', truncate: true })
const meta = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted', truncate: true })
const right = stack({ alignItems: 'flex-end', gap: '1', textStyle: 'caption', color: 'fg.muted' })

const messages = (n: number) => formatCount(n, 'message')

function DisputeRow({ dispute: d }: { dispute: Dispute }) {
  return (
    <li>
      <Link to="/orders/disputes/$disputeId" params={{ disputeId: d.id }} className={row} data-testid="dispute-row">
        <span className={css({ minW: '0' })}>
          <span className={title}>{d.title}</span>
          <span className={meta}>
            {d.orderReference} · {d.category.category}
          </span>
          <span className={meta}>{formatShortDateTime(d.createdAt)}</span>
        </span>
        <span className={right}>
          <StatusBadge status={d.status} />
          <span>{messages(d.messageCount)}</span>
        </span>
      </Link>
    </li>
  )
}

export interface DisputeListProps extends UrlPaging<DisputeListFilters> {
  filtered: boolean
}

/** The vendor's disputes, newest first, a page at a time: title, order, category, status. */
export function DisputeList({ filtered, ...paging }: DisputeListProps) {
  const query = useQuery(disputeListQuery(paging.filters))
  return (
    <UrlPagedList
      query={query}
      {...paging}
      label="Disputes"
      noun={{ one: 'dispute', many: 'disputes' }}
      emptyText={filtered ? 'No dispute matches this search and filter.' : 'Disputes you raise about an order will show here.'}
    >
      {(items) => items.map((d) => <DisputeRow key={d.id} dispute={d} />)}
    </UrlPagedList>
  )
}
