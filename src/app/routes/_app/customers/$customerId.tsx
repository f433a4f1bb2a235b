import { createFileRoute } from '@tanstack/react-router'

import { CustomerPage } from '#app/features/customers/components/customer-page'
import { customerInfoQuery } from '#app/features/customers/queries'
import { sessionCan, usePermission } from '#app/lib/permissions'
import { NoAccess } from '#app/ui/no-access'
import { BackSkeleton, DetailSkeleton } from '#app/ui/screen-skeleton'

export const Route = createFileRoute('/_app/customers/$customerId')({
  // Not awaited: the page shows its skeleton and, for someone else's customer, says so instead of an error screen.
  loader: ({ context: { queryClient }, params }) => {
    if (sessionCan('VENDOR_CUSTOMERS')) void queryClient.prefetchQuery(customerInfoQuery(params.customerId))
  },
  // Drawn on the tap until the route is ready (decision 091); its name comes with the data: the heading is a bar, as on the page before its data.
  pendingComponent: () => <DetailSkeleton back={<BackSkeleton to="/customers">Customers</BackSkeleton>} skeletons={[160, 240]} />,
  component: CustomerRoute,
})

function CustomerRoute() {
  const { customerId } = Route.useParams()
  if (!usePermission('VENDOR_CUSTOMERS')) return <NoAccess permission="VENDOR_CUSTOMERS" page="Customers" />
  return <CustomerPage id={customerId} />
}
