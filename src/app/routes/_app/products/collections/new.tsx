import { createFileRoute } from '@tanstack/react-router'

import { CollectionSheet } from '#app/features/catalogue/components/collection-sheet'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/products/collections/new')({
  component: AddCollectionRoute,
})

function AddCollectionRoute() {
  const close = useCloseTo({ to: '/products/collections', search: true })
  return <CollectionSheet onClose={close} />
}
