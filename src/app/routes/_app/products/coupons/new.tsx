import { createFileRoute } from '@tanstack/react-router'

import { CreateCouponSheet } from '#app/features/coupons/components/create-coupon-sheet'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/products/coupons/new')({
  component: CreateCouponRoute,
})

function CreateCouponRoute() {
  const close = useCloseTo({ to: '/products/coupons', search: true })
  return <CreateCouponSheet onClose={close} />
}
