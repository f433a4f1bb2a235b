import { createFileRoute } from '@tanstack/react-router'

import { CreateCouponSheet } from '#app/features/coupons/components/create-coupon-sheet'
import { type AppRouter, useCloseSheet } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/products/coupons/new')({
  component: CreateCouponRoute,
})

const toList = (router: AppRouter) => void router.navigate({ to: '/products/coupons', search: (prev) => prev, replace: true })

function CreateCouponRoute() {
  const close = useCloseSheet(toList)
  return <CreateCouponSheet onClose={close} />
}
