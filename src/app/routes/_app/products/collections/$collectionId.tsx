import { createFileRoute } from '@tanstack/react-router'

import { UpdateCollectionSheet } from '#app/features/catalogue/components/update-collection-sheet'
import { allCollectionsQuery } from '#app/features/catalogue/queries'
import { type AppRouter, useCloseSheet } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/products/collections/$collectionId')({
  // There is no single-collection call: the sheet reads the collection from the list of all of them.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(allCollectionsQuery())
  },
  component: UpdateCollectionRoute,
})

const toList = (router: AppRouter) => void router.navigate({ to: '/products/collections', search: (prev) => prev, replace: true })

function UpdateCollectionRoute() {
  const { collectionId } = Route.useParams()
  const close = useCloseSheet(toList)
  return <UpdateCollectionSheet id={collectionId} onClose={close} />
}
