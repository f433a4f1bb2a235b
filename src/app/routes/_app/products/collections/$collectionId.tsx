import { createFileRoute } from '@tanstack/react-router'

import { UpdateCollectionSheet } from '#app/features/catalogue/components/update-collection-sheet'
import { allCollectionsQuery } from '#app/features/catalogue/queries'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/products/collections/$collectionId')({
  // There is no single-collection call: the sheet reads the collection from the list of all of them.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(allCollectionsQuery())
  },
  component: UpdateCollectionRoute,
})

function UpdateCollectionRoute() {
  const { collectionId } = Route.useParams()
  const close = useCloseTo({ to: '/products/collections', search: true })
  return <UpdateCollectionSheet id={collectionId} onClose={close} />
}
