import { createFileRoute } from '@tanstack/react-router'

import { PayLinkPage } from '../features/catalogue/components/pay-link-page'
import { payLinkQuery } from '../features/catalogue/queries'

/**
 * A customer's page, outside the signed-in app: no session needed, its own chunk, and its data is never
 * persisted with a vendor's cache (docs/decisions/031).
 */
export const Route = createFileRoute('/pay/$code')({
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(payLinkQuery(params.code))
  },
  component: PayLinkRoute,
})

function PayLinkRoute() {
  const { code } = Route.useParams()
  return <PayLinkPage code={code} />
}
