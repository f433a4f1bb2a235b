import { createFileRoute, Outlet } from '@tanstack/react-router'
import * as v from 'valibot'

import { OrderPage } from '#app/features/orders/components/order-page'
import { KINDS } from '#app/features/orders/kinds'
import { orderDetailQuery } from '#app/features/orders/queries'
import { sessionCan, usePermission } from '#app/lib/permissions'
import { NoAccess } from '#app/ui/no-access'
import { BackSkeleton, DetailSkeleton } from '#app/ui/screen-skeleton'

export const Route = createFileRoute('/_app/orders/$reference')({
  // SPEC §2: ?type=shareable when a transaction's order is shareable. One reference finds either kind, so it only
  // says where the link came from.
  validateSearch: v.object({ type: v.fallback(v.optional(v.picklist(['shareable'])), undefined) }),
  // Not awaited: the page shows its skeleton (or, offline, the order from the persisted cache) at once.
  loader: ({ context: { queryClient }, params }) => {
    if (sessionCan('VENDOR_ORDERS')) void queryClient.prefetchQuery(orderDetailQuery(params.reference))
  },
  // Drawn on the tap until the chunk is in (decision 091); the heading is built from the reference, as the page's.
  pendingComponent: OrderPending,
  component: OrderRoute,
})

function OrderRoute() {
  const { reference } = Route.useParams()
  if (!usePermission('VENDOR_ORDERS')) return <NoAccess permission="VENDOR_ORDERS" page="Order" />
  return (
    <>
      <OrderPage reference={reference} kind={KINDS.order} />
      <Outlet />
    </>
  )
}

function OrderPending() {
  const { reference } = Route.useParams()
  return <DetailSkeleton back={<BackSkeleton to="/orders">Orders</BackSkeleton>} title={`Order ${reference}`} skeletons={[200, 160]} />
}
