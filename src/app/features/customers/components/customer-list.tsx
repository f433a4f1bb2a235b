import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { listRow } from 'styled-system/recipes'

import { formatCount } from '#app/lib/format'
import type { CustomerListFilters } from '#app/lib/query-keys'
import { Badge } from '#app/ui/badge'
import { Money } from '#app/ui/money'
import { UrlPagedList, type UrlPaging } from '#app/ui/url-paged-list'
import type { Customer } from '#contract/customers'

import { customerListQuery } from '../queries'

/** SPEC §2: the empty customer list's exact words. */
export const EMPTY_TITLE = 'No customer found'
export const EMPTY_TEXT = 'Customers will be displayed here'

const row = cx(listRow(), css({ gridTemplateColumns: 'minmax(0, 1fr) auto', py: '3', minH: '16' }))
const name = css({ display: 'block', fontWeight: 'medium', truncate: true })
const contact = css({ display: 'block', mt: '0.5', textStyle: 'body.sm', color: 'fg.muted', truncate: true })
const figures = stack({ alignItems: 'flex-end', gap: '0.5', textAlign: 'right' })
const spent = css({ textStyle: 'amount', fontSize: 'sm' })
const orders = css({ textStyle: 'caption', color: 'fg.muted' })

const orderCount = (n: number) => formatCount(n, 'order')

function CustomerRow({ customer: c }: { customer: Customer }) {
  const reach = [c.email, c.phone].filter(Boolean).join(' · ')
  return (
    <li>
      <Link to="/customers/$customerId" params={{ customerId: c.id }} className={row} data-testid="customer-row">
        <span className={css({ minW: '0' })}>
          <span className={name}>{c.name}</span>
          {/* An anonymous customer has no contact details by definition: the badge says why there are none. */}
          <span className={contact}>{c.isAnonymous ? <Badge>Anonymous</Badge> : reach || 'No contact details'}</span>
        </span>
        <span className={figures}>
          <span className={spent}>
            <Money kobo={c.totalSpent} />
          </span>
          <span className={orders}>{orderCount(c.orderCount)}</span>
        </span>
      </Link>
    </li>
  )
}

export interface CustomerListProps extends UrlPaging<CustomerListFilters> {
  /** A search or a filter is on: the empty list says so instead of promising customers to come. */
  filtered: boolean
}

/** The vendor's customers, newest first, a page at a time: name, how to reach them, orders and money spent. */
export function CustomerList({ filtered, ...paging }: CustomerListProps) {
  const query = useQuery(customerListQuery(paging.filters))
  return (
    <UrlPagedList
      query={query}
      {...paging}
      label="Customers"
      noun={{ one: 'customer', many: 'customers' }}
      emptyTitle={EMPTY_TITLE}
      emptyText={filtered ? 'No customer matches this search and these filters.' : EMPTY_TEXT}
    >
      {(items) => items.map((c) => <CustomerRow key={c.id} customer={c} />)}
    </UrlPagedList>
  )
}
