import { useQuery } from '@tanstack/react-query'

import type { ProductListFilters } from '#app/lib/query-keys'
import { PagedList } from '#app/ui/paged-list'

import { productListQuery } from '../queries'
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '../search'
import { ProductRow } from './product-row'

export interface ProductListProps {
  filters: ProductListFilters
  onPageChange: (page: number) => void
  onSizeChange: (size: PageSize) => void
  /** True when a search or filter is on: the empty state then says so. */
  filtered: boolean
}

/** One page of products from the server (pages of 20 to 100, so 10,000 products cost no more than 20). */
export function ProductList({ filters, onPageChange, onSizeChange, filtered }: ProductListProps) {
  const query = useQuery(productListQuery(filters))
  return (
    <PagedList
      query={query}
      page={filters.page ?? 1}
      size={filters.size ?? DEFAULT_PAGE_SIZE}
      onPageChange={onPageChange}
      sizes={PAGE_SIZES}
      onSizeChange={onSizeChange}
      label="Products"
      noun={{ one: 'product', many: 'products' }}
      emptyText={filtered ? 'No product matches this search and these filters.' : 'Products you add will show here.'}
    >
      {(items) =>
        items.map((product) => (
          <li key={product.id}>
            <ProductRow product={product} />
          </li>
        ))
      }
    </PagedList>
  )
}
