import { useQuery } from '@tanstack/react-query'

import { PagedList } from '#app/ui/paged-list'

import type { KindText } from '../kinds'
import { orderListQuery } from '../queries'
import { DEFAULT_PAGE_SIZE, type OrderFilters, PAGE_SIZES, type PageSize } from '../search'
import { OrderRow } from './order-row'

export interface OrderListProps {
  kind: KindText
  filters: OrderFilters
  onPageChange: (page: number) => void
  onSizeChange: (size: PageSize) => void
  /** True when a search or filter is on: the empty state then says so. */
  filtered: boolean
}

/** One page of orders or invoices from the server: 10,000 of them cost no more on screen than 20. */
export function OrderList({ kind, filters, onPageChange, onSizeChange, filtered }: OrderListProps) {
  const query = useQuery(orderListQuery(filters))
  return (
    <PagedList
      query={query}
      page={filters.page ?? 1}
      size={filters.size ?? DEFAULT_PAGE_SIZE}
      onPageChange={onPageChange}
      sizes={PAGE_SIZES}
      onSizeChange={onSizeChange}
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
    </PagedList>
  )
}
