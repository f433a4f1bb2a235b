import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useCustomerName } from '../../../features/customers/customer-name'
import { CustomerPicker } from '../../../features/customers/customer-picker'
import { NoOrdersAccess } from '../../../features/orders/components/no-orders-access'
import { OrderListScreen, type SetOrderSearch } from '../../../features/orders/components/order-list-screen'
import { KINDS } from '../../../features/orders/kinds'
import { orderListQuery } from '../../../features/orders/queries'
import { orderListFilters, orderSearchSchema } from '../../../features/orders/search'
import { hasPermission } from '../../../lib/permissions'
import { getSession, useSession } from '../../../lib/session'

export const Route = createFileRoute('/_app/invoices/')({
  validateSearch: orderSearchSchema,
  loaderDeps: ({ search }) => search,
  // Not awaited: while another page loads, the one on screen stays (placeholder data) instead of the router
  // holding the old screen with no sign of progress.
  loader: ({ context: { queryClient }, deps }) => {
    if (hasPermission(getSession()?.user.permissions ?? [], 'VENDOR_ORDERS')) void queryClient.prefetchQuery(orderListQuery(orderListFilters(deps, 'invoice')))
  },
  component: InvoicesPage,
})

function InvoicesPage() {
  const permissions = useSession()?.user.permissions ?? []
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const setSearch = useCallback<SetOrderSearch>((update, options) => void navigate({ search: update, replace: options?.replace }), [navigate])
  // GET /vendor/customers needs VENDOR_CUSTOMERS: without it the picker could only fail (docs/decisions/041).
  const canListCustomers = hasPermission(permissions, 'VENDOR_CUSTOMERS')
  const customerName = useCustomerName(search.customerId, canListCustomers)
  if (!hasPermission(permissions, 'VENDOR_ORDERS')) return <NoOrdersAccess title="Invoices" />
  return (
    <OrderListScreen
      kind={KINDS.invoice}
      search={search}
      setSearch={setSearch}
      picker={canListCustomers ? CustomerPicker : undefined}
      customerName={customerName}
    />
  )
}
