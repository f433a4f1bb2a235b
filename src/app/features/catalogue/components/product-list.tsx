import { useQuery } from '@tanstack/react-query'

import type { ProductListFilters } from '#app/lib/query-keys'
import { UrlPagedList, type UrlPaging } from '#app/ui/url-paged-list'

import { productListQuery } from '../queries'
import { ProductRow } from './product-row'
import { type ProductSelection, SelectableProductRow } from './product-selection'

export interface ProductListProps extends UrlPaging<ProductListFilters> {
  /** True when a search or filter is on: the empty state then says so. */
  filtered: boolean
  /** Selection mode (bulk edit): rows tick instead of opening the product. */
  selection?: ProductSelection
}

/** One page of products from the server (pages of 20 to 100, so 10,000 products cost no more than 20). */
export function ProductList({ filtered, selection, ...paging }: ProductListProps) {
  const query = useQuery(productListQuery(paging.filters))
  return (
    <UrlPagedList
      query={query}
      {...paging}
      label="Products"
      noun={{ one: 'product', many: 'products' }}
      emptyText={filtered ? 'No product matches this search and these filters.' : 'Products you add will show here.'}
    >
      {(items) =>
        items.map((product) => (
          <li key={product.id}>
            {selection ? <SelectableProductRow product={product} selection={selection} /> : <ProductRow product={product} />}
          </li>
        ))
      }
    </UrlPagedList>
  )
}
