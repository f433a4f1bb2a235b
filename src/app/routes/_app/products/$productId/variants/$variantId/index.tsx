import { createFileRoute } from '@tanstack/react-router'

import { VariantDetailsSheet } from '#app/features/catalogue/components/variant-details-sheet'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/products/$productId/variants/$variantId/')({
  component: VariantDetailsRoute,
})

function VariantDetailsRoute() {
  const { productId, variantId } = Route.useParams()
  const close = useCloseTo({ to: '/products/$productId', params: { productId } })
  return <VariantDetailsSheet productId={productId} variantId={variantId} onClose={close} />
}
