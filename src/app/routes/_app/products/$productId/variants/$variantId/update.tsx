import { createFileRoute } from '@tanstack/react-router'

import { UpdateVariantSheet } from '#app/features/catalogue/components/update-variant-sheet'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/products/$productId/variants/$variantId/update')({
  component: UpdateVariantRoute,
})

function UpdateVariantRoute() {
  const params = Route.useParams()
  const close = useCloseTo({ to: '/products/$productId/variants/$variantId', params })
  return <UpdateVariantSheet productId={params.productId} variantId={params.variantId} onClose={close} />
}
