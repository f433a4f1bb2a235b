import { createFileRoute, Outlet } from '@tanstack/react-router'
import { useCallback, useMemo, useState } from 'react'
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
import { DateFilter, type DateFilterValue } from '#app/ui/date-filter'
import { FilterButton } from '#app/ui/filter-button'
import { NoAccess } from '#app/ui/no-access'
import { PageHeader } from '#app/ui/page'
import { CardSkeleton, DateFilterSkeleton, ScreenSkeleton } from '#app/ui/screen-skeleton'
import { SearchBox } from '#app/ui/search-box'

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
