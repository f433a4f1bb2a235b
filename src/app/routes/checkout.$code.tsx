import { createFileRoute } from '@tanstack/react-router'

import { CheckoutPage } from '../features/orders/components/checkout-page'
import { publicOrderQuery } from '../features/orders/queries'

/**
 * A customer's page for a shareable order or invoice, outside the signed-in app: no session needed, its own
 * chunk, and its data is never persisted with a vendor's cache (docs/decisions/031).
 */
export const Route = createFileRoute('/checkout/$code')({
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(publicOrderQuery(params.code))
  },
  component: CheckoutRoute,
})

function CheckoutRoute() {
  const { code } = Route.useParams()
  return <CheckoutPage code={code} />
}
