import { useQuery } from '@tanstack/react-query'
import { stack } from 'styled-system/patterns'

import { errorMessage, errorStatus } from '#app/lib/api'
import { Card } from '#app/ui/card'
import { EmptyState } from '#app/ui/empty-state'
import { PageHeader } from '#app/ui/page'
import { Skeleton } from '#app/ui/skeleton'

import { productDetailQuery } from '../queries'
import { ProductForm } from './product-form'
import { BackToProducts } from './product-page'

/** The product form over a loaded product; the draft is taken once, so a refetch never overwrites typing. */
export function EditProduct({ id, onDone }: { id: string; onDone: () => void }) {
  const query = useQuery(productDetailQuery(id))
  return (
    <div className={stack({ gap: '4' })}>
      <BackToProducts />
      <PageHeader title="Edit product" description={query.data?.name} />
      {query.data ? (
        <ProductForm key={query.data.id} product={query.data} onSaved={onDone} onCancel={onDone} />
      ) : query.isError ? (
        <Card>
          <EmptyState
            description={errorMessage(query.error)}
            errorStatus={errorStatus(query.error)}
            onRefetch={() => void query.refetch()}
            refetching={query.isFetching}
          />
        </Card>
      ) : (
        <Skeleton count={6} height={48} />
      )}
    </div>
  )
}
