import { createFileRoute, Link, Outlet } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'

import { OutletList } from '#app/features/outlets/components/outlet-list'
import { outletListQuery } from '#app/features/outlets/queries'
import { outletListFilters, type OutletSearch, outletSearchSchema, type PageSize } from '#app/features/outlets/search'
import { sessionCan, usePermission } from '#app/lib/permissions'
import { Icon } from '#app/ui/icon'
import { NoAccess } from '#app/ui/no-access'
import { PageHeader } from '#app/ui/page'
import { CardSkeleton, ScreenSkeleton, SearchSkeleton } from '#app/ui/screen-skeleton'
import { SearchBox } from '#app/ui/search-box'

// `_list` is pathless: /outlets shows the list, and /outlets/new opens Create Outlet over it, while
// /outlets/$outletId (outside `_list`) is a page of its own.
export const Route = createFileRoute('/_app/outlets/_list')({
  validateSearch: outletSearchSchema,
  // No loaderDeps: a filter change keeps this match, so the page stays while the list refetches (decision 091).
  // Not awaited: paging keeps the current page on screen while the next loads.
  loader: ({ context: { queryClient }, location }) => {
    const deps = location.search as OutletSearch
    if (sessionCan('VENDOR_OUTLETS')) void queryClient.prefetchQuery(outletListQuery(outletListFilters(deps)))
  },
  pendingComponent: () => (
    <ScreenSkeleton title="Outlets" description={OUTLETS_DESCRIPTION} actions={sessionCan('VENDOR_TEAM') ? 1 : 0}>
      <SearchSkeleton />
      <CardSkeleton />
    </ScreenSkeleton>
  ),
  component: OutletsPage,
})

const OUTLETS_DESCRIPTION = 'Branches with their own wallet, bank account and members.'

const addLink = cx(button({ variant: 'solid', size: 'md' }), css({ textDecoration: 'none' }))

function OutletsPage() {
  const canSeeOutlets = usePermission('VENDOR_OUTLETS')
  // Creating outlets and changing their status also need VENDOR_TEAM (decision 043): not offered without it.
  const canManage = usePermission('VENDOR_TEAM')
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const filters = useMemo(() => outletListFilters(search), [search])

  // A search replaces the history entry and goes back to page 1; paging pushes, so Back pages back.
  const setText = useCallback(
    (text: string) => void navigate({ search: (prev) => ({ ...prev, search: text || undefined, page: undefined }), replace: true }),
    [navigate],
  )
  const setPage = (page: number) => void navigate({ search: (prev) => ({ ...prev, page: page > 1 ? page : undefined }) })
  const setSize = (size: PageSize) => void navigate({ search: (prev) => ({ ...prev, size, page: undefined }), replace: true })

  if (!canSeeOutlets) return <NoAccess permission="VENDOR_OUTLETS" page="Outlets" />
  return (
    <div className={stack({ gap: '4' })}>
      <PageHeader
        title="Outlets"
        description={OUTLETS_DESCRIPTION}
        actions={
          canManage ? (
            <Link to="/outlets/new" search={(prev) => prev} className={addLink}>
              <Icon name="plus" size={18} />
              Create Outlet
            </Link>
          ) : undefined
        }
      />
      <SearchBox
        value={search.search ?? ''}
        onChange={setText}
        label="Search outlets by name or address"
        placeholder="Search by name or address"
      />
      <OutletList filters={filters} onPageChange={setPage} onSizeChange={setSize} filtered={Boolean(search.search)} canManage={canManage} />
      <Outlet />
    </div>
  )
}
