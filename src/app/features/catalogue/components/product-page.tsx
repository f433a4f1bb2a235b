import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { errorMessage, errorStatus } from '../../../lib/api'
import { Card } from '../../../ui/card'
import { EmptyState } from '../../../ui/empty-state'
import { Icon } from '../../../ui/icon'
import { PageHeader } from '../../../ui/page'
import { Skeleton } from '../../../ui/skeleton'
import { productDetailQuery } from '../queries'
import { ProductDetailsSection } from './product-details-section'
import { ProductImagesSection } from './product-images-section'
import { ProductVariantsSection } from './product-variants-section'

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' })
const back = css({ display: 'inline-flex', alignItems: 'center', gap: '1', minH: 'touch', color: 'accent.fg', fontWeight: 'medium', textDecoration: 'none', alignSelf: 'flex-start' })

export function BackToProducts() {
  return (
    <Link to="/products" className={back}>
      <Icon name="arrow-left" size={18} />
      Products
    </Link>
  )
}

/** /products/$productId: a stack of sections (details, images, variants), each owning its actions. */
export function ProductPage({ id }: { id: string }) {
  const query = useQuery(productDetailQuery(id))
  const product = query.data

  if (!product) {
    return (
      <div className={stack}>
        <BackToProducts />
        {query.isError ? (
          <Card>
            <EmptyState
              title={errorStatus(query.error) === 404 ? 'Product not found' : 'No record found'}
              description={errorStatus(query.error) === 404 ? 'It may have been deleted.' : errorMessage(query.error)}
              errorStatus={errorStatus(query.error)}
              onRefetch={errorStatus(query.error) === 404 ? undefined : () => void query.refetch()}
              refetching={query.isFetching}
            />
          </Card>
        ) : (
          <div aria-busy="true" className={stack}>
            <Skeleton height={32} width="60%" />
            <Skeleton height={180} />
            <Skeleton height={240} />
          </div>
        )}
      </div>
    )
  }

  return (
    <div className={stack}>
      <BackToProducts />
      <PageHeader title={product.name} />
      <ProductDetailsSection product={product} />
      <ProductImagesSection product={product} />
      <ProductVariantsSection product={product} />
    </div>
  )
}
