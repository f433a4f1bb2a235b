import { infiniteQueryOptions, useMutation } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { queryKeys } from '#app/lib/query-keys'
import type { BodyInput } from '#contract/endpoint'
import { type Storefront, storefrontEndpoints } from '#contract/storefront'

/** Products per "Show more": two columns of ten rows on a phone. */
export const STOREFRONT_PAGE_SIZE = 20

/** A shop's page by its URL, its products a page at a time (public: no session is sent, nothing is persisted). */
export const storefrontQuery = (url: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.storefront(url),
    queryFn: async ({ pageParam, signal }) =>
      (await api(storefrontEndpoints.storefront, { query: { url, page: pageParam, size: STOREFRONT_PAGE_SIZE }, signal })).data,
    initialPageParam: 1,
    getNextPageParam: (last: Storefront) =>
      last.products.page * last.products.size < last.products.total ? last.products.page + 1 : undefined,
  })

/** A cart checked out (decision 176): the order's payment page comes back; its refusals go under the cart's fields. */
export function useCartCheckout() {
  return useMutation({
    mutationFn: (body: BodyInput<typeof storefrontEndpoints.cartCheckout>) => api(storefrontEndpoints.cartCheckout, { body }),
    // The payment page it opens says everything; a toast would only cover its title.
    meta: { errorToast: false, successToast: false },
  })
}
