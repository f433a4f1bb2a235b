import { createFileRoute } from '@tanstack/react-router'

import { CouponDetailsSheet } from '#app/features/coupons/components/coupon-details-sheet'
import { couponDetailQuery } from '#app/features/coupons/queries'
import { type AppRouter, useCloseSheet } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/products/coupons/$couponId')({
  // Not awaited: the sheet opens at once with the row from the list (or a skeleton) while the details load.
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(couponDetailQuery(params.couponId))
  },
  component: CouponDetailsRoute,
})

const toList = (router: AppRouter) => void router.navigate({ to: '/products/coupons', search: (prev) => prev, replace: true })

function CouponDetailsRoute() {
  const { couponId } = Route.useParams()
  const close = useCloseSheet(toList)
  return <CouponDetailsSheet id={couponId} onClose={close} />
}
