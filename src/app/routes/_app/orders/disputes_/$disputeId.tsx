import { createFileRoute, Outlet } from '@tanstack/react-router'

import { DisputePage } from '#app/features/disputes/components/dispute-page'
import { disputeConversationQuery, disputeInfoQuery } from '#app/features/disputes/queries'
import { sessionCan, usePermission } from '#app/lib/permissions'
import { NoAccess } from '#app/ui/no-access'
import { BackSkeleton, DetailSkeleton } from '#app/ui/screen-skeleton'

// `disputes_` keeps this page out of the disputes list's layout: it is a page of its own, not a sheet over the list.
export const Route = createFileRoute('/_app/orders/disputes_/$disputeId')({
  // Not awaited: the page shows its skeleton and, for someone else's dispute, says so instead of an error screen.
  loader: ({ context: { queryClient }, params }) => {
    if (!sessionCan('VENDOR_ORDERS')) return
    void queryClient.prefetchQuery(disputeInfoQuery(params.disputeId))
    void queryClient.prefetchQuery(disputeConversationQuery(params.disputeId))
  },
  // Drawn on the tap until the route is ready (decision 091); its title comes with the data: the heading is a bar, as on the page before its data.
  pendingComponent: () => <DetailSkeleton back={<BackSkeleton to="/orders/disputes">Disputes</BackSkeleton>} skeletons={[200, 240]} />,
  component: DisputeRoute,
})

function DisputeRoute() {
  const { disputeId } = Route.useParams()
  if (!usePermission('VENDOR_ORDERS')) return <NoAccess permission="VENDOR_ORDERS" page="Disputes" />
  return (
    <>
      <DisputePage id={disputeId} />
      <Outlet />
    </>
  )
}
