import { keepPreviousData, onlineManager, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { api, type Envelope } from '#app/lib/api'
import { notify } from '#app/lib/notify'
import { enqueueMerged } from '#app/lib/outbox'
import { type CollectionListFilters, type ProductListFilters, queryKeys } from '#app/lib/query-keys'
import { optionsLabel } from '#app/lib/variant-options'
import { catalogueEndpoints, type Product, type ProductVariant } from '#contract/catalogue'
import { MAX_PAGE_SIZE } from '#contract/common'
import type { BodyInput } from '#contract/endpoint'

import { describeVariantChange, foldVariantChange } from './variant-form'

/**
 * SPEC §9 asks for a huge size meaning "all"; the API refuses a size over MAX_PAGE_SIZE (decision 170), which is far
 * more collections than anyone keeps, so "all" is that.
 */
export const ALL = MAX_PAGE_SIZE

export const productListQuery = (filters: ProductListFilters) =>
  queryOptions({
    queryKey: queryKeys.products.list(filters),
    queryFn: async ({ signal }) => (await api(catalogueEndpoints.listProducts, { query: filters, signal })).data,
    // The page on screen stays while the next one loads, so paging never blanks the list.
    placeholderData: keepPreviousData,
  })

export const productDetailQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.products.detail(id),
    queryFn: async ({ signal }) => (await api(catalogueEndpoints.productDetail, { query: { id }, signal })).data,
  })

export const collectionListQuery = (filters: CollectionListFilters) =>
  queryOptions({
    queryKey: queryKeys.collections.list(filters),
    queryFn: async ({ signal }) => (await api(catalogueEndpoints.listCollections, { query: filters, signal })).data,
    placeholderData: keepPreviousData,
  })

/** Every collection, for pickers (product form, Filter Products) and the Update Collection sheet. */
export const allCollectionsQuery = () => collectionListQuery({ size: ALL })

/** A public pay link. Its key is left out of the persisted cache: a customer's page never lands in a vendor's store. */
export const payLinkQuery = (code: string) =>
  queryOptions({
    queryKey: queryKeys.payLink(code),
    queryFn: async ({ signal }) => (await api(catalogueEndpoints.payLink, { query: { code }, signal })).data,
  })

/**
 * A pay-link checkout. Public and never queued offline: it answers the reference the customer must quote, so it
 * is sent now or not at all. Refusals are shown on the form, under the field they name.
 */
export function usePayLinkCheckout() {
  return useMutation({
    mutationFn: (body: BodyInput<typeof catalogueEndpoints.payLinkCheckout>) => api(catalogueEndpoints.payLinkCheckout, { body }),
    // The page it opens shows the reference in full; a toast would only cover its title.
    meta: { errorToast: false, successToast: false },
  })
}

/**
 * After any product change: its lists and variant lists are stale, and so are collections (they count products).
 * Collections are another area's key; the product count shown there is why they are invalidated from here.
 */
export function invalidateProductLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.products.lists() })
  void queryClient.invalidateQueries({ queryKey: queryKeys.products.variantLists() })
  void queryClient.invalidateQueries({ queryKey: queryKeys.collections.all })
}

function useProductSaved() {
  const queryClient = useQueryClient()
  return ({ data }: { data: Product }) => {
    queryClient.setQueryData(queryKeys.products.detail(data.id), data)
    invalidateProductLists(queryClient)
  }
}

export function useCreateProduct() {
  const onSuccess = useProductSaved()
  return useMutation({
    mutationFn: (body: BodyInput<typeof catalogueEndpoints.createProduct>) => api(catalogueEndpoints.createProduct, { body }),
    onSuccess,
  })
}

export function useUpdateProduct() {
  const onSuccess = useProductSaved()
  return useMutation({
    mutationFn: (body: BodyInput<typeof catalogueEndpoints.updateProduct>) => api(catalogueEndpoints.updateProduct, { body }),
    onSuccess,
  })
}

/**
 * `leave` takes the screen away from the product (to the list) before its cached details are dropped; dropped
 * first, the page still showing them would fetch them again and flash 'not found'.
 */
export function useDeleteProduct(leave: () => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api(catalogueEndpoints.deleteProduct, { query: { id } }),
    onSuccess: async (_envelope, id) => {
      invalidateProductLists(queryClient)
      await leave()
      queryClient.removeQueries({ queryKey: queryKeys.products.detail(id) })
    },
  })
}

/**
 * A variant answer replaces the variant in its product at once; the product is then refetched for what the
 * server derives from all its variants (price range, units, low-stock count).
 */
function useVariantSaved() {
  const queryClient = useQueryClient()
  return ({ data }: { data: ProductVariant }) => {
    const key = queryKeys.products.detail(data.productId)
    queryClient.setQueryData<Product>(key, (product) =>
      product ? { ...product, variants: product.variants.map((v) => (v.id === data.id ? data : v)) } : product,
    )
    void queryClient.invalidateQueries({ queryKey: key })
    invalidateProductLists(queryClient)
  }
}

type UpdateVariantBody = BodyInput<typeof catalogueEndpoints.updateVariant>

/** A change to a variant, with what the outbox needs to name it if it has to wait. */
export interface VariantChange {
  body: UpdateVariantBody
  variant: Pick<ProductVariant, 'productId' | 'productName' | 'options'>
}

/**
 * Offline, a variant change waits in the outbox (docs/decisions/092), folded into one still waiting for the same
 * variant, and the screens show it as waiting; it is sent in order when the network returns.
 */
function queueVariantChange({ body, variant }: VariantChange): Promise<void> {
  return enqueueMerged(
    {
      kind: 'variant',
      subject: body.id,
      endpoint: catalogueEndpoints.updateVariant,
      body,
      label: '',
      invalidate: [
        queryKeys.products.detail(variant.productId),
        queryKeys.products.lists(),
        [...queryKeys.products.all, 'variants'],
        queryKeys.collections.all,
      ],
    },
    (waiting) => {
      const merged = foldVariantChange(waiting as UpdateVariantBody | undefined, body)
      return { body: merged, label: `${variant.productName} · ${optionsLabel(variant.options)}: ${describeVariantChange(merged)}` }
    },
  )
}

/** PATCH /product/variants online; offline, kept to send later. The answer is null when it was kept. */
export function useUpdateVariant() {
  const onSuccess = useVariantSaved()
  return useMutation({
    mutationFn: async (change: VariantChange): Promise<Envelope<ProductVariant> | null> => {
      if (onlineManager.isOnline()) return api(catalogueEndpoints.updateVariant, { body: change.body })
      await queueVariantChange(change)
      notify.success('Saved on this device. It will be sent when you reconnect.')
      return null
    },
    onSuccess: (answer) => {
      if (answer) onSuccess(answer)
    },
  })
}

export function useGeneratePayLink() {
  const onSuccess = useVariantSaved()
  return useMutation({
    mutationFn: (body: BodyInput<typeof catalogueEndpoints.generatePayLink>) => api(catalogueEndpoints.generatePayLink, { body }),
    onSuccess,
  })
}

export function useSetStockAlert() {
  const onSuccess = useVariantSaved()
  return useMutation({
    mutationFn: (body: BodyInput<typeof catalogueEndpoints.setStockAlert>) => api(catalogueEndpoints.setStockAlert, { body }),
    onSuccess,
  })
}

/**
 * Collections changes: their lists, and the products that show a collection's name (details and lists).
 */
function useCollectionSaved() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.collections.all })
    void queryClient.invalidateQueries({ queryKey: queryKeys.products.all })
  }
}

export function useCreateCollection() {
  const onSuccess = useCollectionSaved()
  return useMutation({
    mutationFn: (body: BodyInput<typeof catalogueEndpoints.createCollection>) => api(catalogueEndpoints.createCollection, { body }),
    // The form shows a refusal under the field it names (a duplicate name); showSubmitError toasts the rest.
    meta: { errorToast: false },
    onSuccess,
  })
}

export function useUpdateCollection() {
  const onSuccess = useCollectionSaved()
  return useMutation({
    mutationFn: (body: BodyInput<typeof catalogueEndpoints.updateCollection>) => api(catalogueEndpoints.updateCollection, { body }),
    // The form shows a refusal under the field it names (a duplicate name); showSubmitError toasts the rest.
    meta: { errorToast: false },
    onSuccess,
  })
}

/** Its products stay (without a collection), so product lists are refreshed too (useCollectionSaved). */
export function useDeleteCollection() {
  const onSuccess = useCollectionSaved()
  return useMutation({
    mutationFn: (id: string) => api(catalogueEndpoints.deleteCollection, { query: { id } }),
    onSuccess,
  })
}

export function useSetCollectionVisibility() {
  const onSuccess = useCollectionSaved()
  return useMutation({
    mutationFn: (body: BodyInput<typeof catalogueEndpoints.setCollectionVisibility>) =>
      api(catalogueEndpoints.setCollectionVisibility, { body }),
    onSuccess,
  })
}
