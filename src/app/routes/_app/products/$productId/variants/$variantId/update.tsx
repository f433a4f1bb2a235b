import { createFileRoute } from '@tanstack/react-router'

import { UpdateVariantSheet } from '#app/features/catalogue/components/update-variant-sheet'
import { type AppRouter, useCloseSheet } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/products/$productId/variants/$variantId/update')({
  component: UpdateVariantRoute,
})

function UpdateVariantRoute() {
  const params = Route.useParams()
  const toDetails = (router: AppRouter) => void router.navigate({ to: '/products/$productId/variants/$variantId', params, replace: true })
  const close = useCloseSheet(toDetails)
  return <UpdateVariantSheet productId={params.productId} variantId={params.variantId} onClose={close} />
}
