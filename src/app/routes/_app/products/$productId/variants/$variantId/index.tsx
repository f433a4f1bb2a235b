import { createFileRoute } from '@tanstack/react-router'

import { VariantDetailsSheet } from '#app/features/catalogue/components/variant-details-sheet'
import { type AppRouter, useCloseSheet } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/products/$productId/variants/$variantId/')({
  component: VariantDetailsRoute,
})

function VariantDetailsRoute() {
  const { productId, variantId } = Route.useParams()
  const toProduct = (router: AppRouter) => void router.navigate({ to: '/products/$productId', params: { productId }, replace: true })
  const close = useCloseSheet(toProduct)
  return <VariantDetailsSheet productId={productId} variantId={variantId} onClose={close} />
}
