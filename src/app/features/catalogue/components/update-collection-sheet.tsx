import { useQuery } from '@tanstack/react-query'

import { EmptyState } from '#app/ui/empty-state'
import { QueryError } from '#app/ui/query-error'
import { Sheet } from '#app/ui/sheet'
import { Skeleton } from '#app/ui/skeleton'

import { allCollectionsQuery } from '../queries'
import { CollectionSheet } from './collection-sheet'

/** 'Update Collection' once the collection is known; its loading and missing states in the same sheet. */
export function UpdateCollectionSheet({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useQuery(allCollectionsQuery())
  const collection = query.data?.items.find((c) => c.id === id)
  if (collection) return <CollectionSheet key={collection.id} collection={collection} onClose={onClose} />
  return (
    <Sheet onClose={onClose} title="Update Collection">
      {query.isError ? (
        <QueryError query={query} />
      ) : query.data ? (
        <EmptyState title="Collection not found" description="It may have been removed." />
      ) : (
        <Skeleton count={3} height={48} />
      )}
    </Sheet>
  )
}
