import { createFileRoute } from '@tanstack/react-router'

import { StorefrontPage } from '../features/storefront/components/storefront-page'
import { storefrontQuery } from '../features/storefront/queries'

/**
 * A shop's public page, outside the signed-in app like the pay link: no session needed, its own chunk, and its
 * data is never persisted with a vendor's cache.
 */
export const Route = createFileRoute('/shop/$url')({
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchInfiniteQuery(storefrontQuery(params.url))
  },
  component: ShopRoute,
})

function ShopRoute() {
  const { url } = Route.useParams()
  return <StorefrontPage url={url} />
}
