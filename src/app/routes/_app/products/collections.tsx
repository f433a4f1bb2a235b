import { createFileRoute, Link, Outlet } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'

import { ActiveCollectionFilters, FilterCollectionsSheet } from '#app/features/catalogue/components/collection-filters'
import { CollectionList } from '#app/features/catalogue/components/collection-list'
import { collectionListQuery } from '#app/features/catalogue/queries'
import { collectionListFilters, type CollectionSearch, collectionSearchSchema } from '#app/features/catalogue/search'
import { sessionCan, usePermission } from '#app/lib/permissions'
import { CatalogueTabs } from '#app/ui/catalogue-tabs'
import { FilterButton } from '#app/ui/filter-button'
import { Icon } from '#app/ui/icon'
import { NoAccess } from '#app/ui/no-access'
import { PageHeader } from '#app/ui/page'
import { CardSkeleton, ScreenSkeleton, TabsSkeleton } from '#app/ui/screen-skeleton'

export const Route = createFileRoute('/_app/products/collections')({
  validateSearch: collectionSearchSchema,
  // No loaderDeps: a filter change keeps this match, so the page stays while the list refetches (decision 091).
  // Not awaited, like the products list: paging keeps the current page on screen while the next loads.
  loader: ({ context: { queryClient }, location }) => {
    const deps = location.search as CollectionSearch
    if (sessionCan('VENDOR_INVENTORY')) void queryClient.prefetchQuery(collectionListQuery(collectionListFilters(deps)))
  },
  // Drawn on the tap until the chunk is in (decision 091). Its children (a collection, Add Collection) are sheets
  // over this list and have none: theirs would be drawn in place of the sheet, over nothing.
  pendingComponent: () => (
    <ScreenSkeleton title="Collections" actions={2}>
      <TabsSkeleton />
      <CardSkeleton />
    </ScreenSkeleton>
  ),
  component: CollectionsPage,
})

const addLink = cx(button({ variant: 'solid', size: 'md' }), css({ textDecoration: 'none' }))

function CollectionsPage() {
  const canManage = usePermission('VENDOR_INVENTORY')
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const [filtering, setFiltering] = useState(false)
  const filters = useMemo(() => collectionListFilters(search), [search])
  const setVisible = (isVisible: boolean | undefined) =>
    void navigate({ search: (prev) => ({ ...prev, isVisible, page: undefined }), replace: true })

  if (!canManage) return <NoAccess permission="VENDOR_INVENTORY" page="Collections" />
  return (
    <div className={stack({ gap: '4' })}>
      <PageHeader
        title="Collections"
        actions={
          <>
            <FilterButton count={search.isVisible === undefined ? 0 : 1} onClick={() => setFiltering(true)} />
            <Link to="/products/collections/new" search={(prev) => prev} className={addLink}>
              <Icon name="plus" size={18} />
              Add Collection
            </Link>
          </>
        }
      />
      <CatalogueTabs current="collections" />
      <ActiveCollectionFilters value={search.isVisible} onChange={setVisible} />
      <CollectionList
        filters={filters}
        onPageChange={(page) => void navigate({ search: (prev) => ({ ...prev, page: page > 1 ? page : undefined }) })}
        onSizeChange={(size) => void navigate({ search: (prev) => ({ ...prev, size, page: undefined }), replace: true })}
      />
      <FilterCollectionsSheet open={filtering} onOpenChange={setFiltering} value={search.isVisible} onApply={setVisible} />
      <Outlet />
    </div>
  )
}
