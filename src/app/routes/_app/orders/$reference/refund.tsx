import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'

import { RefundSheet } from '#app/features/orders/components/refund-sheet'
import { orderDetailQuery } from '#app/features/orders/queries'
import { useCloseTo } from '#app/lib/navigation'
import { loadQuery } from '#app/lib/query-client'

export const Route = createFileRoute('/_app/orders/$reference/refund')({
  // Waits for the order when it can arrive (online, or cached by the page under the sheet), so the sheet opens
  // with its form rather than a skeleton that the form then replaces.
  loader: ({ context: { queryClient }, params }) => loadQuery(queryClient, orderDetailQuery(params.reference))?.catch(() => undefined),
  component: RefundRoute,
})

function RefundRoute() {
  const { reference } = Route.useParams()
  const order = useQuery(orderDetailQuery(reference)).data
  const close = useCloseTo({ to: '/orders/$reference', params: { reference }, search: true })
  return <RefundSheet order={order} onClose={close} />
}
