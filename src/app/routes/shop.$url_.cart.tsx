import { createFileRoute } from '@tanstack/react-router'

import { CartPage } from '../features/storefront/components/cart-page'
import { storefrontQuery } from '../features/storefront/queries'

/**
 * A shop's cart, outside the signed-in app like the storefront it belongs to (decision 176): no session needed,
 * its own chunk, and the cart itself is in this browser's localStorage, never in the vendor's persisted cache.
 */
export const Route = createFileRoute('/shop/$url_/cart')({
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchInfiniteQuery(storefrontQuery(params.url))
  },
  component: CartRoute,
})

function CartRoute() {
  const { url } = Route.useParams()
  return <CartPage url={url} />
}
