import { Link } from '@tanstack/react-router'
import { type ReactNode, useCallback, useMemo, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'

import { fromDateSearch, toDateSearch } from '#app/lib/date-search'
import type { DateRangeKey } from '#app/lib/query-keys'
import type { CustomerPickerComponent } from '#app/ui/customer-choice'
import { DateFilter, type DateFilterValue } from '#app/ui/date-filter'
import { FilterButton } from '#app/ui/filter-button'
import { Icon } from '#app/ui/icon'
import { PageHeader, primaryFirstActions } from '#app/ui/page'
import { SearchBox } from '#app/ui/search-box'

import type { KindText } from '../kinds'
import { orderAnalyticsFilters } from '../queries'
import { orderFilterCount, orderListFilters, type OrderSearch, type OrderSheetFilters, type PageSize } from '../search'
import { ExportOrdersButton } from './export-orders-button'
import { OrderAnalytics } from './order-analytics'
import { ActiveOrderFilters, FilterOrdersSheet } from './order-filters'
import { OrderList } from './order-list'
import { OrdersTabs } from './orders-tabs'
import { WaitingOrders } from './waiting-orders'

const addLink = cx(button({ variant: 'solid', size: 'md' }), css({ textDecoration: 'none' }))
export type SetOrderSearch = (update: (prev: OrderSearch) => OrderSearch, options?: { replace?: boolean }) => void

export interface OrderListScreenProps {
  kind: KindText
  search: OrderSearch
  setSearch: SetOrderSearch
  /** The customer picker, when the user may list customers. */
  picker?: CustomerPickerComponent
  /** The name of the customer filtered by (?customerId=), when the route could look it up. */
  customerName?: string
  /**
   * What another area shows under the analytics for the same range (the route composes it: the wallet's net figures,
   * decision 194); called with the analytics' own dates.
   */
  rangeFigures?: (range: DateRangeKey) => ReactNode
}

/**
 * /orders and /invoices: the Date filter's analytics, then the list searched by reference and filtered by status
 * and customer, a page at a time. Everything chosen lives in the URL.
 */
export function OrderListScreen({ kind, search, setSearch, picker, customerName, rangeFigures }: OrderListScreenProps) {
  const [filtering, setFiltering] = useState(false)
  const filters = useMemo(() => orderListFilters(search, kind.kind), [search, kind.kind])
  const analytics = useMemo(() => orderAnalyticsFilters(filters, kind.kind), [filters, kind.kind])

  // Filters and search replace the history entry and go back to page 1; paging pushes, so Back pages back.
  const setReference = useCallback(
    (reference: string) => setSearch((prev) => ({ ...prev, reference: reference || undefined, page: undefined }), { replace: true }),
    [setSearch],
  )
  const setSheetFilters = (value: OrderSheetFilters) =>
    setSearch((prev) => ({ ...prev, status: value.status, customerId: value.customerId, page: undefined }), { replace: true })
  const setDates = (value: DateFilterValue) =>
    setSearch((prev) => ({ ...prev, ...toDateSearch(value), page: undefined }), { replace: true })
  const setPage = (page: number) => setSearch((prev) => ({ ...prev, page: page > 1 ? page : undefined }))
  const setSize = (size: PageSize) => setSearch((prev) => ({ ...prev, size, page: undefined }), { replace: true })

  const count = orderFilterCount(search)
  const createLabel = `Create ${kind.noun}`
  return (
    <div className={stack({ gap: '4' })}>
      <PageHeader
        title={kind.plural}
        actions={
          <div className={primaryFirstActions}>
            {kind.kind === 'invoice' ? (
              <Link to="/invoices/new" className={addLink}>
                <Icon name="plus" size={18} />
                {createLabel}
              </Link>
            ) : (
              <Link to="/orders/new" className={addLink}>
                <Icon name="plus" size={18} />
                {createLabel}
              </Link>
            )}
            <FilterButton count={count} onClick={() => setFiltering(true)} />
            <ExportOrdersButton filters={filters} kind={kind} />
          </div>
        }
      />
      {kind.kind === 'order' ? <OrdersTabs current="orders" /> : null}
      <DateFilter value={fromDateSearch(search)} onChange={setDates} />
      <OrderAnalytics filters={analytics} kind={kind} />
      {rangeFigures?.({ startDate: analytics.startDate, endDate: analytics.endDate })}
      <SearchBox
        value={search.reference ?? ''}
        onChange={setReference}
        label={`Search ${kind.plural.toLowerCase()} by reference`}
        placeholder="Search by reference"
      />
      <ActiveOrderFilters value={search} onChange={setSheetFilters} customerName={customerName} />
      <WaitingOrders kind={kind} />
      <OrderList
        kind={kind}
        filters={filters}
        onPageChange={setPage}
        onSizeChange={setSize}
        filtered={count > 0 || Boolean(search.reference)}
      />
      <FilterOrdersSheet
        open={filtering}
        onOpenChange={setFiltering}
        kind={kind}
        value={search}
        onApply={setSheetFilters}
        picker={picker}
        customerName={customerName}
      />
    </div>
  )
}
