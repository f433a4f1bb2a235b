import { createFileRoute } from '@tanstack/react-router'

import { MoveStockSheet } from '#app/features/catalogue/components/move-stock-sheet'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/products/$productId/move-stock')({
  component: MoveStockRoute,
})

function MoveStockRoute() {
  const { productId } = Route.useParams()
  const close = useCloseTo({ to: '/products/$productId', params: { productId } })
  return <MoveStockSheet productId={productId} onClose={close} />
}
