import { createFileRoute } from '@tanstack/react-router'
import { useCallback, useMemo, useState } from 'react'
import { stack } from 'styled-system/patterns'

import { CustomerAnalytics } from '#app/features/customers/components/customer-analytics'
import { ActiveCustomerFilters, FilterCustomersSheet } from '#app/features/customers/components/customer-filters'
import { CustomerList } from '#app/features/customers/components/customer-list'
import { customerAnalyticsQuery, customerBreakdownQuery, customerListQuery } from '#app/features/customers/queries'
import {
  customerFilterCount,
  type CustomerFilters,
  customerListFilters,
  type CustomerSearch,
  customerSearchSchema,
  type PageSize,
} from '#app/features/customers/search'
import { DURATION_LABELS } from '#app/lib/date-range'
import { fromDateSearch, searchRange, toDateSearch } from '#app/lib/date-search'
import { sessionCan, usePermission } from '#app/lib/permissions'
import { DateFilter, type DateFilterValue } from '#app/ui/date-filter'
import { FilterButton } from '#app/ui/filter-button'
import { NoAccess } from '#app/ui/no-access'
import { PageHeader } from '#app/ui/page'
import { CardSkeleton, DateFilterSkeleton, ScreenSkeleton, SearchSkeleton } from '#app/ui/screen-skeleton'
import { SearchBox } from '#app/ui/search-box'

export const Route = createFileRoute('/_app/customers/')({
  validateSearch: customerSearchSchema,
  // No loaderDeps: a filter change keeps this match, so the page stays while the list refetches (decision 091).
  // Not awaited: the page on screen stays while another loads (placeholder data), and the figures fill in.
  loader: ({ context: { queryClient }, location }) => {
    const deps = location.search as CustomerSearch
    if (!sessionCan('VENDOR_CUSTOMERS')) return
    const range = searchRange(deps)
    void queryClient.prefetchQuery(customerListQuery(customerListFilters(deps)))
    void queryClient.prefetchQuery(customerAnalyticsQuery(range))
    void queryClient.prefetchQuery(customerBreakdownQuery(range))
  },
  pendingComponent: () => (
    <ScreenSkeleton title="Customers" actions={1}>
      <div className={stack({ gap: '3' })}>
        <DateFilterSkeleton />
        <CardSkeleton rows={8} rowHeight={52} height={614} />
      </div>
      <div className={stack({ gap: '3' })}>
        <SearchSkeleton />
        <CardSkeleton />
      </div>
    </ScreenSkeleton>
  ),
  component: CustomersPage,
})

function CustomersPage() {
  const canSeeCustomers = usePermission('VENDOR_CUSTOMERS')
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const [filtering, setFiltering] = useState(false)
  const filters = useMemo(() => customerListFilters(search), [search])
  const dates = useMemo(() => fromDateSearch(search), [search])
  const range = useMemo(() => searchRange(search), [search])

  // Filters and search replace the history entry and go back to page 1; paging pushes, so Back pages back.
  const setName = useCallback(
    (name: string) => void navigate({ search: (prev) => ({ ...prev, name: name || undefined, page: undefined }), replace: true }),
    [navigate],
  )
  const setFilters = (value: CustomerFilters) =>
    void navigate({ search: (prev) => ({ ...prev, isAnonymous: value.isAnonymous, email: value.email, page: undefined }), replace: true })
  const setPage = (page: number) => void navigate({ search: (prev) => ({ ...prev, page: page > 1 ? page : undefined }) })
  const setSize = (size: PageSize) => void navigate({ search: (prev) => ({ ...prev, size, page: undefined }), replace: true })
  const setDates = (value: DateFilterValue) => void navigate({ search: (prev) => ({ ...prev, ...toDateSearch(value) }), replace: true })

  if (!canSeeCustomers) return <NoAccess permission="VENDOR_CUSTOMERS" page="Customers" />

  const count = customerFilterCount(search)
  return (
    <div className={stack({ gap: '4' })}>
      <PageHeader title="Customers" actions={<FilterButton count={count} onClick={() => setFiltering(true)} />} />
      <div className={stack({ gap: '3' })}>
        <DateFilter value={dates} onChange={setDates} />
        <CustomerAnalytics range={range} periodLabel={DURATION_LABELS[dates.duration]} />
      </div>
      <section aria-label="Customer list" className={stack({ gap: '3' })}>
        <SearchBox value={search.name ?? ''} onChange={setName} label="Search customers by name" placeholder="Search customers" />
        <ActiveCustomerFilters value={search} onChange={setFilters} />
        <CustomerList filters={filters} onPageChange={setPage} onSizeChange={setSize} filtered={count > 0 || Boolean(search.name)} />
      </section>
      <FilterCustomersSheet open={filtering} onOpenChange={setFiltering} value={search} onApply={setFilters} />
    </div>
  )
}
