import { useQuery } from '@tanstack/react-query'

import { UrlPagedList, type UrlPaging } from '#app/ui/url-paged-list'

import type { KindText } from '../kinds'
import { orderListQuery } from '../queries'
import type { OrderFilters } from '../search'
import { OrderRow } from './order-row'

export interface OrderListProps extends UrlPaging<OrderFilters> {
  kind: KindText
  /** True when a search or filter is on: the empty state then says so. */
  filtered: boolean
}

/** One page of orders or invoices from the server: 10,000 of them cost no more on screen than 20. */
export function OrderList({ kind, filtered, ...paging }: OrderListProps) {
  const query = useQuery(orderListQuery(paging.filters))
  return (
    <UrlPagedList
      query={query}
      {...paging}
      label={kind.plural}
      noun={{ one: kind.noun, many: kind.plural.toLowerCase() }}
      emptyText={
        filtered
          ? `No ${kind.noun} matches this search and these filters in this period.`
          : `${kind.plural} created in this period will show here.`
      }
    >
      {(items) =>
        items.map((order) => (
          <li key={order.id}>
            <OrderRow order={order} />
          </li>
        ))
      }
    </UrlPagedList>
  )
}
