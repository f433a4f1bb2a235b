import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'

import { useCustomerName } from '#app/features/customers/customer-name'
import { CustomerPicker } from '#app/features/customers/customer-picker'
import { OutletPage } from '#app/features/outlets/components/outlet-page'
import {
  outletBalanceQuery,
  outletDetailQuery,
  outletTransactionData,
  outletTransactionSource,
  outletWalletDetailsQuery,
} from '#app/features/outlets/queries'
import { StatementLink } from '#app/features/statements/components/statement-link'
import { TransactionsSection } from '#app/features/transactions/components/transactions-section'
import { transactionListQuery } from '#app/features/transactions/queries'
import { listFilters, type TransactionSearch, transactionSearchSchema } from '#app/features/transactions/search'
import { durationShowing } from '#app/lib/date-range'
import { toDateSearch } from '#app/lib/date-search'
import { sessionCan, usePermission } from '#app/lib/permissions'
import { loadInfiniteQuery, requireQueryData } from '#app/lib/query-client'
import { NoAccess } from '#app/ui/no-access'
import { BackSkeleton, DetailSkeleton } from '#app/ui/screen-skeleton'

// The outlet's transactions keep their filters in the URL, as on /transactions.
export const Route = createFileRoute('/_app/outlets/$outletId')({
  validateSearch: transactionSearchSchema,
  /*
   * Issue 22: an outlet's page opens on a range that has its transactions. With no date in the URL it opens on
   * the range durationShowing picks from the outlet's newest transaction (Today if it is today's), put in the URL
   * so the Date filter says which. Choosing Today afterwards is kept as duration=TODAY (setSearch below), so it is
   * not overruled. Only the page itself is redirected, never a sheet opened over it from a link.
   */
  beforeLoad: async ({ context: { queryClient }, params: { outletId }, search, location }) => {
    if (search.duration || !sessionCan('VENDOR_OUTLETS')) return
    if (location.pathname.replace(/\/$/, '') !== `/outlets/${encodeURIComponent(outletId)}`) return
    // Not found, not allowed or offline with nothing saved: the page says so itself, on Today. The loader rule
    // (decision 090): offline with nothing saved this throws at once, where ensureQueryData waited on a paused fetch
    // until the network returned, and the tap on an outlet never opened did nothing.
    const outlet = await requireQueryData(queryClient, outletDetailQuery(outletId)).catch(() => null)
    if (!outlet?.lastTransactionAt) return
    const range = durationShowing(new Date(outlet.lastTransactionAt), new Date())
    if (range.duration === 'TODAY') return
    throw redirect({ to: '/outlets/$outletId', params: { outletId }, search: { ...search, ...toDateSearch(range) }, replace: true })
  },
  // No loaderDeps: a filter change keeps this match, so the page stays while the list refetches (decision 091).
  // Not awaited but the transactions: the page shows its skeleton, and for an outlet the user cannot see, says so.
  loader: ({ context: { queryClient }, params: { outletId }, location, cause }) => {
    const deps = location.search as TransactionSearch
    if (!sessionCan('VENDOR_OUTLETS')) return
    void queryClient.prefetchQuery(outletDetailQuery(outletId))
    void queryClient.prefetchQuery(outletBalanceQuery(outletId))
    void queryClient.prefetchQuery(outletWalletDetailsQuery(outletId))
    return loadInfiniteQuery(queryClient, transactionListQuery(listFilters(deps), outletTransactionData(outletId)), cause)
  },
  // Drawn on the tap until the route is ready (decision 091); its loader waits for the first transactions when none are saved; the name comes with the data.
  pendingComponent: () => <DetailSkeleton back={<BackSkeleton to="/outlets">Outlets</BackSkeleton>} skeletons={[200, 240]} />,
  component: OutletRoute,
})

function OutletRoute() {
  const { outletId } = Route.useParams()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const canSeeOutlets = usePermission('VENDOR_OUTLETS')
  // GET /vendor/customers needs VENDOR_CUSTOMERS: without it the picker could only fail, so it is not offered.
  const canListCustomers = usePermission('VENDOR_CUSTOMERS')
  const customerName = useCustomerName(search.customerId, canListCustomers)
  const source = useMemo(() => outletTransactionSource(outletId), [outletId])
  // Filters replace the history entry: Back should leave the page, not step through every tap on a filter.
  // A date change naming no duration is Today (toDateSearch leaves the default out): kept as TODAY here, or the
  // page would open on the outlet's latest range again (beforeLoad above).
  const setSearch = useCallback(
    (patch: Partial<TransactionSearch>) => {
      const today = 'duration' in patch && !patch.duration ? { duration: 'TODAY' as const } : {}
      void navigate({ search: (prev) => ({ ...prev, ...patch, ...today }), replace: true })
    },
    [navigate],
  )

  if (!canSeeOutlets) return <NoAccess permission="VENDOR_OUTLETS" page="Outlets" />
  return (
    <>
      <OutletPage
        outletId={outletId}
        transactions={
          <>
            <StatementLink outletId={outletId} />
            <TransactionsSection
              search={search}
              onSearchChange={setSearch}
              source={source}
              picker={canListCustomers ? CustomerPicker : undefined}
              customerName={customerName}
            />
          </>
        }
      />
      <Outlet />
    </>
  )
}
