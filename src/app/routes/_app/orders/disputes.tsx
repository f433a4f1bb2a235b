import { createFileRoute, Link, Outlet } from '@tanstack/react-router'
import { useCallback, useMemo, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'

import { ActiveDisputeFilters, FilterDisputesSheet } from '#app/features/disputes/components/dispute-filters'
import { DisputeList } from '#app/features/disputes/components/dispute-list'
import { disputeListQuery } from '#app/features/disputes/queries'
import { disputeListFilters, type DisputeSearch, disputeSearchSchema, type PageSize } from '#app/features/disputes/search'
import { OrdersTabs } from '#app/features/orders/components/orders-tabs'
import { sessionCan, usePermission } from '#app/lib/permissions'
import { FilterButton } from '#app/ui/filter-button'
import { Icon } from '#app/ui/icon'
import { NoAccess } from '#app/ui/no-access'
import { PageHeader, primaryFirstActions } from '#app/ui/page'
import { CardSkeleton, ScreenSkeleton, SearchSkeleton, TabsSkeleton } from '#app/ui/screen-skeleton'
import { SearchBox } from '#app/ui/search-box'

export const Route = createFileRoute('/_app/orders/disputes')({
  validateSearch: disputeSearchSchema,
  // No loaderDeps: a filter change keeps this match, so the page stays while the list refetches (decision 091).
  // Not awaited: paging keeps the current page on screen while the next loads.
  loader: ({ context: { queryClient }, location }) => {
    const deps = location.search as DisputeSearch
    if (sessionCan('VENDOR_ORDERS')) void queryClient.prefetchQuery(disputeListQuery(disputeListFilters(deps)))
  },
  // Drawn on the tap until the chunk is in (decision 091): Initiate Dispute on its own row, Filter under it.
  pendingComponent: () => (
    <ScreenSkeleton title="Disputes" actions={2} primaryFirst>
      <TabsSkeleton />
      <SearchSkeleton />
      <CardSkeleton />
    </ScreenSkeleton>
  ),
  component: DisputesPage,
})

const addLink = cx(button({ variant: 'solid', size: 'md' }), css({ textDecoration: 'none' }))

function DisputesPage() {
  const canSeeOrders = usePermission('VENDOR_ORDERS')
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const [filtering, setFiltering] = useState(false)
  const filters = useMemo(() => disputeListFilters(search), [search])

  // Search and filters replace the history entry and go back to page 1; paging pushes, so Back pages back.
  const setText = useCallback(
    (text: string) => void navigate({ search: (prev) => ({ ...prev, search: text || undefined, page: undefined }), replace: true }),
    [navigate],
  )
  const setEscalated = (isEscalated: boolean | undefined) =>
    void navigate({ search: (prev) => ({ ...prev, isEscalated, page: undefined }), replace: true })
  const setPage = (page: number) => void navigate({ search: (prev) => ({ ...prev, page: page > 1 ? page : undefined }) })
  const setSize = (size: PageSize) => void navigate({ search: (prev) => ({ ...prev, size, page: undefined }), replace: true })

  if (!canSeeOrders) return <NoAccess permission="VENDOR_ORDERS" page="Disputes" />
  return (
    <div className={stack({ gap: '4' })}>
      <PageHeader
        title="Disputes"
        actions={
          <div className={primaryFirstActions}>
            <Link to="/orders/disputes/new" search={(prev) => prev} className={addLink}>
              <Icon name="plus" size={18} />
              Initiate Dispute
            </Link>
            <FilterButton count={search.isEscalated === undefined ? 0 : 1} onClick={() => setFiltering(true)} />
          </div>
        }
      />
      <OrdersTabs current="disputes" />
      <SearchBox
        value={search.search ?? ''}
        onChange={setText}
        label="Search disputes by title or order reference"
        placeholder="Search by title or order reference"
      />
      <ActiveDisputeFilters value={search.isEscalated} onChange={setEscalated} />
      <DisputeList
        filters={filters}
        onPageChange={setPage}
        onSizeChange={setSize}
        filtered={search.isEscalated !== undefined || Boolean(search.search)}
      />
      <FilterDisputesSheet open={filtering} onOpenChange={setFiltering} value={search.isEscalated} onApply={setEscalated} />
      <Outlet />
    </div>
  )
}
