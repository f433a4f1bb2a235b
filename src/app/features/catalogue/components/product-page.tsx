import { useQuery } from '@tanstack/react-query'

import { BackLink, DetailFallback, detailStack } from '#app/ui/detail-page'
import { PageHeader } from '#app/ui/page'

import { productDetailQuery } from '../queries'
import { ProductDetailsSection } from './product-details-section'
import { ProductImagesSection } from './product-images-section'
import { ProductLabelsSection } from './product-labels-section'
import { ProductStockSection, showsLocations } from './product-stock-section'
import { ProductVariantsSection } from './product-variants-section'

export function BackToProducts() {
  return <BackLink to="/products">Products</BackLink>
}

/** /products/$productId: a stack of sections (details, images, variants), each owning its actions. */
export function ProductPage({ id }: { id: string }) {
  const query = useQuery(productDetailQuery(id))
  const product = query.data

  if (!product) {
    return (
      <DetailFallback
        back={<BackToProducts />}
        query={query}
        notFound={{ title: 'Product not found', description: 'It may have been deleted.' }}
        skeletons={[180, 240]}
      />
    )
  }

  return (
    <div className={detailStack}>
      <BackToProducts />
      <PageHeader title={product.name} />
      <ProductDetailsSection product={product} />
      <ProductImagesSection product={product} />
      <ProductVariantsSection product={product} />
      {showsLocations(product) ? <ProductStockSection product={product} /> : null}
      <ProductLabelsSection product={product} />
    </div>
  )
}
