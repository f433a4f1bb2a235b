import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'

import { useCustomerFilter } from '#app/features/customers/customer-filter'
import { OrderListPage, prefetchOrderList } from '#app/features/orders/components/order-list-page'
import type { SetOrderSearch } from '#app/features/orders/components/order-list-screen'
import { KINDS } from '#app/features/orders/kinds'
import { type OrderSearch, orderSearchSchema } from '#app/features/orders/search'
import { OrderListSkeleton } from '#app/ui/screen-skeleton'

export const Route = createFileRoute('/_app/invoices/')({
  validateSearch: orderSearchSchema,
  // No loaderDeps: a filter change keeps this match, so the page stays while the list refetches (decision 091).
  loader: ({ context: { queryClient }, location }) => prefetchOrderList(queryClient, location.search as OrderSearch, KINDS.invoice),
  pendingComponent: () => <OrderListSkeleton title="Invoices" />,
  component: InvoicesPage,
})

function InvoicesPage() {
  const navigate = Route.useNavigate()
  const setSearch = useCallback<SetOrderSearch>(
    (update, options) => void navigate({ search: update, replace: options?.replace }),
    [navigate],
  )
  const search = Route.useSearch()
  return <OrderListPage kind={KINDS.invoice} search={search} setSearch={setSearch} {...useCustomerFilter(search.customerId)} />
}
