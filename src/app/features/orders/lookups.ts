import { queryOptions } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { queryKeys } from '#app/lib/query-keys'
import { MAX_PAGE_SIZE } from '#contract/common'
import { sellingTermsEndpoints } from '#contract/selling-terms'
import { transactionEndpoints } from '#contract/transactions'

/*
 * What the order screens read from other areas and no other screen reads this way: every coupon at once, and a
 * transfer by its reference. Taxes and delivery locations are read through the selling-terms screens' own queries
 * (same keys, one cache).
 */

const ALL = { page: 1, size: MAX_PAGE_SIZE }

/**
 * Every coupon, to preview a typed code's discount. Only for users with VENDOR_INVENTORY (the coupon list's
 * permission); others see that the coupon is worked out when the order is saved.
 */
export const allCouponsQuery = () =>
  queryOptions({
    queryKey: queryKeys.coupons.list(ALL),
    queryFn: async ({ signal }) => (await api(sellingTermsEndpoints.listCoupons, { query: ALL, signal })).data,
  })

/** The transfer an order is being created for (/orders/create-order?reference=…), looked up by its reference. */
export const transactionByReferenceQuery = (reference: string) =>
  queryOptions({
    queryKey: queryKeys.transactions.byReference(reference),
    queryFn: async ({ signal }) => (await api(transactionEndpoints.transactionDetail, { query: { reference }, signal })).data,
  })
