import { createFileRoute } from '@tanstack/react-router'

import { StockAlertSheet } from '#app/features/catalogue/components/stock-alert-sheet'
import { type AppRouter, useCloseSheet } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/products/$productId/variants/$variantId/stock-alert')({
  component: StockAlertRoute,
})

function StockAlertRoute() {
  const params = Route.useParams()
  const toDetails = (router: AppRouter) => void router.navigate({ to: '/products/$productId/variants/$variantId', params, replace: true })
  const close = useCloseSheet(toDetails)
  return <StockAlertSheet productId={params.productId} variantId={params.variantId} onClose={close} />
}
