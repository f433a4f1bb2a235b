import { createFileRoute } from '@tanstack/react-router'
import { lazy, useCallback } from 'react'

import { useCustomerFilter } from '#app/features/customers/customer-filter'
import { OrderListPage, prefetchOrderList } from '#app/features/orders/components/order-list-page'
import type { SetOrderSearch } from '#app/features/orders/components/order-list-screen'
import { KINDS } from '#app/features/orders/kinds'
import { type OrderSearch, orderSearchSchema } from '#app/features/orders/search'
import { sessionCan, usePermission } from '#app/lib/permissions'
import type { DateRangeKey } from '#app/lib/query-keys'
import { AfterFirstScreen } from '#app/ui/after-first-screen'
import { NetFiguresCardPending } from '#app/ui/net-figures'
import { OrderListSkeleton } from '#app/ui/screen-skeleton'

// Not every member sees it, and it takes the statements area of the contract: out of the signed-in chunk /orders is
// part of (its budget, bench/budgets.ts), as on Home, and asked for once the list has painted.
const NetFiguresCard = lazy(() => import('#app/features/statements/components/net-figures').then((m) => ({ default: m.NetFiguresCard })))

export const Route = createFileRoute('/_app/orders/')({
  validateSearch: orderSearchSchema,
  // No loaderDeps: a filter change keeps this match (decision 091), so the page stays while the list refetches.
  loader: ({ context: { queryClient }, location }) => prefetchOrderList(queryClient, location.search as OrderSearch, KINDS.order),
  pendingComponent: () => <OrderListSkeleton title="Orders" tabs netFigures={sessionCan('VENDOR_TRANSACTIONS')} />,
  component: OrdersPage,
})

/** The wallet's net figures for the analytics' range (decision 194), drawn in their final shape while they load. */
function netFiguresFor(range: DateRangeKey) {
  return (
    <AfterFirstScreen meanwhile={<NetFiguresCardPending />}>
      <NetFiguresCard range={range} />
    </AfterFirstScreen>
  )
}

function OrdersPage() {
  const navigate = Route.useNavigate()
  const setSearch = useCallback<SetOrderSearch>(
    (update, options) => void navigate({ search: update, replace: options?.replace }),
    [navigate],
  )
  const search = Route.useSearch()
  // The figures are the main wallet's: only for a role that may see its transactions (the server's rule too).
  const canSeeTransactions = usePermission('VENDOR_TRANSACTIONS')
  return (
    <OrderListPage
      kind={KINDS.order}
      search={search}
      setSearch={setSearch}
      rangeFigures={canSeeTransactions ? netFiguresFor : undefined}
      {...useCustomerFilter(search.customerId)}
    />
  )
}
