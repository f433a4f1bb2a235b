import { createFileRoute } from '@tanstack/react-router'

import { CouponDetailsSheet } from '#app/features/coupons/components/coupon-details-sheet'
import { couponDetailQuery } from '#app/features/coupons/queries'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/products/coupons/$couponId')({
  // Not awaited: the sheet opens at once with the row from the list (or a skeleton) while the details load.
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(couponDetailQuery(params.couponId))
  },
  component: CouponDetailsRoute,
})

function CouponDetailsRoute() {
  const { couponId } = Route.useParams()
  const close = useCloseTo({ to: '/products/coupons', search: true })
  return <CouponDetailsSheet id={couponId} onClose={close} />
}
