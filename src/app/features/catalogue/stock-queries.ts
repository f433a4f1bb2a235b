import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { queryKeys } from '#app/lib/query-keys'
import type { Product, ProductVariant } from '#contract/catalogue'
import type { BodyInput } from '#contract/endpoint'
import { stockEndpoints } from '#contract/stock'

/*
 * Stock per location (decision 174): a product's transfers, a location's count and alert level, and moving units
 * between two locations. Apart from queries.ts so the catalogue's own calls stay as they were.
 */

/** The newest transfers of a product the caller may see (the product page shows a few). */
export const stockTransfersQuery = (productId: string, size = 5) =>
  queryOptions({
    queryKey: [...queryKeys.products.stockTransfers(productId), size],
    queryFn: async ({ signal }) => (await api(stockEndpoints.listStockTransfers, { query: { productId, size }, signal })).data,
  })

/** The product under the answer changed: the variant in place at once, then the product and lists again. */
function useStockChanged() {
  const queryClient = useQueryClient()
  return (productId: string, variant?: ProductVariant) => {
    const key = queryKeys.products.detail(productId)
    if (variant) {
      queryClient.setQueryData<Product>(key, (product) =>
        product ? { ...product, variants: product.variants.map((v) => (v.id === variant.id ? variant : v)) } : product,
      )
    }
    void queryClient.invalidateQueries({ queryKey: key })
    void queryClient.invalidateQueries({ queryKey: queryKeys.products.stockTransfers(productId) })
    void queryClient.invalidateQueries({ queryKey: queryKeys.products.lists() })
    void queryClient.invalidateQueries({ queryKey: queryKeys.products.variantLists() })
  }
}

/** PATCH /product/stock: a refusal toasts the server's sentence (it names the location and the count now). */
export function useSetLocationStock() {
  const changed = useStockChanged()
  return useMutation({
    mutationFn: (body: BodyInput<typeof stockEndpoints.setLocationStock>) => api(stockEndpoints.setLocationStock, { body }),
    onSuccess: ({ data }) => changed(data.productId, data),
  })
}

/** POST /product/stock/transfer with the attempt's Idempotency-Key: a retry after no answer never moves units twice. */
export function useTransferStock() {
  const changed = useStockChanged()
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BodyInput<typeof stockEndpoints.transferStock>; idempotencyKey: string }) =>
      api(stockEndpoints.transferStock, { body, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: ({ data }) => changed(data.productId),
  })
}
