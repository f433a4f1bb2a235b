import { createFileRoute, Outlet } from '@tanstack/react-router'
import { lazy, useCallback, useMemo, useState } from 'react'
import { stack } from 'styled-system/patterns'

import { useCustomerFilter } from '#app/features/customers/customer-filter'
import { StatementLink } from '#app/features/statements/components/statement-link'
import { ExportCsvButton } from '#app/features/transactions/components/export-csv-button'
import { ActiveFilters, FilterTransactionsSheet, type SheetFilters } from '#app/features/transactions/components/transaction-filters'
import { TransactionList } from '#app/features/transactions/components/transaction-list'
import { transactionListQuery } from '#app/features/transactions/queries'
import {
  activeFilterCount,
  listFilters,
  TRANSACTION_SEARCH_LABEL,
  TRANSACTION_SEARCH_PLACEHOLDER,
  type TransactionSearch,
  transactionSearchSchema,
} from '#app/features/transactions/search'
import { fromDateSearch, toDateSearch } from '#app/lib/date-search'
import { sessionCan, usePermission } from '#app/lib/permissions'
import { loadInfiniteQuery } from '#app/lib/query-client'
import { AfterFirstScreen } from '#app/ui/after-first-screen'
import { DateFilter, type DateFilterValue } from '#app/ui/date-filter'
import { FilterButton } from '#app/ui/filter-button'
import { NetFiguresCardPending } from '#app/ui/net-figures'
import { NoAccess } from '#app/ui/no-access'
import { PageHeader } from '#app/ui/page'
import { CardSkeleton, DateFilterSkeleton, NetFiguresSkeleton, ScreenSkeleton } from '#app/ui/screen-skeleton'
import { SearchBox } from '#app/ui/search-box'

// The statements area's code and schemas stay out of this screen's chunk, as on Home; asked for once the list has painted.
const NetFiguresCard = lazy(() => import('#app/features/statements/components/net-figures').then((m) => ({ default: m.NetFiguresCard })))

export const Route = createFileRoute('/_app/transactions')({
  validateSearch: transactionSearchSchema,
  // No loaderDeps: a filter change keeps this match, so the page stays while the list refetches (decision 091).
  loader: ({ context: { queryClient }, location, cause }) => {
    const deps = location.search as TransactionSearch
    if (!sessionCan('VENDOR_TRANSACTIONS')) return
    return loadInfiniteQuery(queryClient, transactionListQuery(listFilters(deps)), cause)
  },
  // Its loader waits for the first page when nothing is saved: this is what the tap shows meanwhile (decision 091).
  pendingComponent: () => (
    <ScreenSkeleton title="Transactions" actions={2}>
      <DateFilterSkeleton />
      <NetFiguresSkeleton />
      <CardSkeleton rows={6} rowHeight={40} />
    </ScreenSkeleton>
  ),
  component: TransactionsPage,
})

function TransactionsPage() {
  const canSeeTransactions = usePermission('VENDOR_TRANSACTIONS')
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const [filtering, setFiltering] = useState(false)
  const filters = useMemo(() => listFilters(search), [search])
  const range = useMemo(() => ({ startDate: filters.startDate, endDate: filters.endDate }), [filters])
  const { picker, customerName } = useCustomerFilter(search.customerId)
  const onSearch = useCallback(
    (q: string) => void navigate({ search: (prev) => ({ ...prev, q: q || undefined }), replace: true }),
    [navigate],
  )

  if (!canSeeTransactions) return <NoAccess permission="VENDOR_TRANSACTIONS" page="Transactions" />

  const count = activeFilterCount(search)
  // Filters replace the history entry: Back should leave the list, not step through every tap on a filter.
  const setSheetFilters = (value: SheetFilters) =>
    void navigate({
      search: (prev) => ({
        ...prev,
        status: value.status,
        type: value.type,
        customerId: value.customerId,
        unattached: value.unattached,
      }),
      replace: true,
    })
  const setDates = (value: DateFilterValue) => void navigate({ search: (prev) => ({ ...prev, ...toDateSearch(value) }), replace: true })

  return (
    <div className={stack({ gap: '4' })}>
      <PageHeader
        title="Transactions"
        actions={
          <>
            <FilterButton count={count} onClick={() => setFiltering(true)} />
            <ExportCsvButton filters={filters} />
            <StatementLink />
          </>
        }
      />
      <SearchBox value={search.q ?? ''} onChange={onSearch} label={TRANSACTION_SEARCH_LABEL} placeholder={TRANSACTION_SEARCH_PLACEHOLDER} />
      <DateFilter value={fromDateSearch(search)} onChange={setDates} />
      {/* What the wallet settled over the Date filter's days (decision 194), whatever the other filters narrow the list to. */}
      <AfterFirstScreen meanwhile={<NetFiguresCardPending />}>
        <NetFiguresCard range={range} />
      </AfterFirstScreen>
      <ActiveFilters value={search} onChange={setSheetFilters} customerName={customerName} />
      <TransactionList filters={filters} />
      <FilterTransactionsSheet
        open={filtering}
        onOpenChange={setFiltering}
        value={search}
        onApply={setSheetFilters}
        picker={picker}
        customerName={customerName}
      />
      <Outlet />
    </div>
  )
}
