import { createFileRoute } from '@tanstack/react-router'

import { CollectionSheet } from '#app/features/catalogue/components/collection-sheet'
import { type AppRouter, useCloseSheet } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/products/collections/new')({
  component: AddCollectionRoute,
})

const toList = (router: AppRouter) => void router.navigate({ to: '/products/collections', search: (prev) => prev, replace: true })

function AddCollectionRoute() {
  const close = useCloseSheet(toList)
  return <CollectionSheet onClose={close} />
}
