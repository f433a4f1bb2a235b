import { createFileRoute } from '@tanstack/react-router'

import { CouponFormSheet } from '#app/features/coupons/components/coupon-form-sheet'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/products/coupons/new')({
  component: CreateCouponRoute,
})

function CreateCouponRoute() {
  const close = useCloseTo({ to: '/products/coupons', search: true })
  return <CouponFormSheet onClose={close} />
}
