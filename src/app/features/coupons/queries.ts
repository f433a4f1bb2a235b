import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { queryKeys } from '#app/lib/query-keys'
import type { BodyInput } from '#contract/endpoint'
import { type Coupon, sellingTermsEndpoints } from '#contract/selling-terms'

/** Coupons per page: a screen or two of rows on a phone. */
export const COUPON_PAGE_SIZE = 20

type CouponPage = { items: Coupon[]; page: number; size: number; total: number }

export const couponListQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.coupons.list({ page, size: COUPON_PAGE_SIZE }),
    queryFn: async ({ signal }) => (await api(sellingTermsEndpoints.listCoupons, { query: { page, size: COUPON_PAGE_SIZE }, signal })).data,
  })

/** A coupon already in a loaded page, so Coupon Details opens at once (and offline) while it refreshes. */
export function findCouponInLists(queryClient: QueryClient, id: string): Coupon | undefined {
  for (const [, data] of queryClient.getQueriesData<CouponPage>({ queryKey: queryKeys.coupons.lists() })) {
    const found = data?.items.find((c) => c.id === id)
    if (found) return found
  }
  return undefined
}

export const couponDetailQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.coupons.detail(id),
    queryFn: async ({ signal }) => (await api(sellingTermsEndpoints.couponDetail, { query: { id }, signal })).data,
  })

export type CreateCouponBody = BodyInput<typeof sellingTermsEndpoints.createCoupon>

/** Refusals the form can place (a duplicate code, a date the server's today rejects) go under their fields. */
export function useCreateCoupon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateCouponBody) => api(sellingTermsEndpoints.createCoupon, { body }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.coupons.lists() }),
  })
}

export type UpdateCouponBody = BodyInput<typeof sellingTermsEndpoints.updateCoupon>

/** Edit Coupon: the saved coupon replaces the one on screen; refusals the form can place go under their fields. */
export function useUpdateCoupon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateCouponBody) => api(sellingTermsEndpoints.updateCoupon, { body }),
    meta: { errorToast: false },
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.coupons.detail(result.data.id), result.data)
      return queryClient.invalidateQueries({ queryKey: queryKeys.coupons.lists() })
    },
  })
}

/** Deactivate / Activate: sends only `enabled`, so it never overwrites other fields changed meanwhile. */
export function useSetCouponEnabled() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Pick<UpdateCouponBody, 'id' | 'enabled'>) => api(sellingTermsEndpoints.updateCoupon, { body }),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.coupons.detail(result.data.id), result.data)
      return queryClient.invalidateQueries({ queryKey: queryKeys.coupons.lists() })
    },
  })
}
