import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'

import { useCustomerFilter } from '#app/features/customers/customer-filter'
import { OrderListPage, prefetchOrderList } from '#app/features/orders/components/order-list-page'
import type { SetOrderSearch } from '#app/features/orders/components/order-list-screen'
import { KINDS } from '#app/features/orders/kinds'
import { type OrderSearch, orderSearchSchema } from '#app/features/orders/search'
import { OrderListSkeleton } from '#app/ui/screen-skeleton'

export const Route = createFileRoute('/_app/orders/')({
  validateSearch: orderSearchSchema,
  // No loaderDeps: a filter change keeps this match (decision 091), so the page stays while the list refetches.
  loader: ({ context: { queryClient }, location }) => prefetchOrderList(queryClient, location.search as OrderSearch, KINDS.order),
  pendingComponent: () => <OrderListSkeleton title="Orders" tabs />,
  component: OrdersPage,
})

function OrdersPage() {
  const navigate = Route.useNavigate()
  const setSearch = useCallback<SetOrderSearch>(
    (update, options) => void navigate({ search: update, replace: options?.replace }),
    [navigate],
  )
  const search = Route.useSearch()
  return <OrderListPage kind={KINDS.order} search={search} setSearch={setSearch} {...useCustomerFilter(search.customerId)} />
}
