import { useQuery } from '@tanstack/react-query'
import { stack } from 'styled-system/patterns'

import { Card } from '#app/ui/card'
import { PageHeader } from '#app/ui/page'
import { QueryError } from '#app/ui/query-error'
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
          <QueryError query={query} />
        </Card>
      ) : (
        <Skeleton count={6} height={48} />
      )}
    </div>
  )
}
