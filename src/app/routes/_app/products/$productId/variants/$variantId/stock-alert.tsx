import { createFileRoute } from '@tanstack/react-router'

import { StockAlertSheet } from '#app/features/catalogue/components/stock-alert-sheet'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/products/$productId/variants/$variantId/stock-alert')({
  component: StockAlertRoute,
})

function StockAlertRoute() {
  const params = Route.useParams()
  const close = useCloseTo({ to: '/products/$productId/variants/$variantId', params })
  return <StockAlertSheet productId={params.productId} variantId={params.variantId} onClose={close} />
}
