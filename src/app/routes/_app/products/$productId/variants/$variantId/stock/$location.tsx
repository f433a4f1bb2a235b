import { createFileRoute } from '@tanstack/react-router'

import { LocationStockSheet } from '#app/features/catalogue/components/location-stock-sheet'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/products/$productId/variants/$variantId/stock/$location')({
  component: LocationStockRoute,
})

function LocationStockRoute() {
  const { productId, variantId, location } = Route.useParams()
  const close = useCloseTo({ to: '/products/$productId', params: { productId } })
  return <LocationStockSheet productId={productId} variantId={variantId} location={location} onClose={close} />
}
