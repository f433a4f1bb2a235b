import { createFileRoute, Link } from '@tanstack/react-router'
import { useCallback, useMemo, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'

import { BulkEditSheet } from '#app/features/catalogue/components/bulk-edit-sheet'
import { CatalogueCsvActions } from '#app/features/catalogue/components/catalogue-csv-actions'
import { ImportCsvSheet } from '#app/features/catalogue/components/import-csv-sheet'
import { ActiveProductFilters, FilterProductsSheet } from '#app/features/catalogue/components/product-filters'
import { ProductList } from '#app/features/catalogue/components/product-list'
import { SelectionBar, useProductSelection } from '#app/features/catalogue/components/product-selection'
import { productListQuery } from '#app/features/catalogue/queries'
import {
  type PageSize,
  productFilterCount,
  type ProductFilters,
  productListFilters,
  type ProductSearch,
  productSearchSchema,
} from '#app/features/catalogue/search'
import { sessionCan, usePermission } from '#app/lib/permissions'
import { CatalogueTabs } from '#app/ui/catalogue-tabs'
import { FilterButton } from '#app/ui/filter-button'
import { Icon } from '#app/ui/icon'
import { NoAccess } from '#app/ui/no-access'
import { PageHeader } from '#app/ui/page'
import { CardSkeleton, ScreenSkeleton, SearchSkeleton, TabsSkeleton } from '#app/ui/screen-skeleton'
import { SearchBox } from '#app/ui/search-box'

export const Route = createFileRoute('/_app/products/')({
  validateSearch: productSearchSchema,
  // No loaderDeps: a filter change keeps this match, so the page stays while the list refetches (decision 091).
  // Not awaited: while another page loads, the one on screen stays (placeholder data) instead of the router
  // holding the old screen with no sign of progress.
  loader: ({ context: { queryClient }, location }) => {
    const deps = location.search as ProductSearch
    if (sessionCan('VENDOR_INVENTORY')) void queryClient.prefetchQuery(productListQuery(productListFilters(deps)))
  },
  pendingComponent: () => (
    <ScreenSkeleton title="Products" actions={2}>
      <TabsSkeleton />
      <SearchSkeleton />
      <CardSkeleton />
    </ScreenSkeleton>
  ),
  component: ProductsPage,
})

const addLink = cx(button({ variant: 'solid', size: 'md' }), css({ textDecoration: 'none' }))

function ProductsPage() {
  const canManage = usePermission('VENDOR_INVENTORY')
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const [filtering, setFiltering] = useState(false)
  const [selecting, setSelecting] = useState(false)
  const [sheet, setSheet] = useState<'import' | 'bulk' | null>(null)
  const selection = useProductSelection()
  const stopSelecting = () => {
    setSelecting(false)
    selection.clear()
  }
  const filters = useMemo(() => productListFilters(search), [search])

  // Filters and search replace the history entry and go back to page 1; paging pushes, so Back pages back.
  const setName = useCallback(
    (name: string) => void navigate({ search: (prev) => ({ ...prev, name: name || undefined, page: undefined }), replace: true }),
    [navigate],
  )
  const setFilters = (value: ProductFilters) =>
    void navigate({
      search: (prev) => ({
        ...prev,
        isPublished: value.isPublished,
        collectionId: value.collectionId,
        priceRangeLow: value.priceRangeLow,
        priceRangeHigh: value.priceRangeHigh,
        page: undefined,
      }),
      replace: true,
    })
  const setPage = (page: number) => void navigate({ search: (prev) => ({ ...prev, page: page > 1 ? page : undefined }) })
  const setSize = (size: PageSize) => void navigate({ search: (prev) => ({ ...prev, size, page: undefined }), replace: true })

  if (!canManage) return <NoAccess permission="VENDOR_INVENTORY" page="Products" />
  const count = productFilterCount(search)
  return (
    <div className={stack({ gap: '4' })}>
      <PageHeader
        title="Products"
        actions={
          <>
            <FilterButton count={count} onClick={() => setFiltering(true)} />
            <Link to="/products/new" className={addLink}>
              <Icon name="plus" size={18} />
              Add product
            </Link>
          </>
        }
      />
      <CatalogueTabs current="products" />
      <CatalogueCsvActions
        selecting={selecting}
        onSelect={() => (selecting ? stopSelecting() : setSelecting(true))}
        onImport={() => setSheet('import')}
      />
      <SearchBox value={search.name ?? ''} onChange={setName} label="Search products by name" placeholder="Search products" />
      <ActiveProductFilters value={search} onChange={setFilters} />
      <ProductList
        filters={filters}
        onPageChange={setPage}
        onSizeChange={setSize}
        filtered={count > 0 || Boolean(search.name)}
        selection={selecting ? selection : undefined}
      />
      {selecting ? <SelectionBar count={selection.selected.size} onEdit={() => setSheet('bulk')} onCancel={stopSelecting} /> : null}
      <FilterProductsSheet open={filtering} onOpenChange={setFiltering} value={search} onApply={setFilters} />
      {sheet === 'import' ? <ImportCsvSheet onClose={() => setSheet(null)} /> : null}
      {sheet === 'bulk' ? (
        <BulkEditSheet
          ids={[...selection.selected]}
          onClose={() => setSheet(null)}
          onDone={() => {
            setSheet(null)
            stopSelecting()
          }}
        />
      ) : null}
    </div>
  )
}
