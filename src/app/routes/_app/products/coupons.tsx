import { createFileRoute, Link, Outlet } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import * as v from 'valibot'

import { CouponList } from '#app/features/coupons/components/coupon-list'
import { couponListQuery } from '#app/features/coupons/queries'
import { sessionCan, usePermission } from '#app/lib/permissions'
import { loadQuery } from '#app/lib/query-client'
import { CatalogueTabs } from '#app/ui/catalogue-tabs'
import { Icon } from '#app/ui/icon'
import { NoAccess } from '#app/ui/no-access'
import { PageHeader } from '#app/ui/page'
import { CardSkeleton, ScreenSkeleton, TabsSkeleton } from '#app/ui/screen-skeleton'

export const Route = createFileRoute('/_app/products/coupons')({
  validateSearch: v.object({ page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1) }),
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context: { queryClient }, deps, cause }) => {
    if (!sessionCan('VENDOR_INVENTORY')) return
    // A failed load is not thrown: the list shows it with Refetch (hidden on 403).
    return loadQuery(queryClient, couponListQuery(deps.page), cause)?.catch(() => undefined)
  },
  // Its loader waits for the first page when nothing is saved: this is what the tap shows meanwhile (decision 091).
  // A coupon and Create Coupon are sheets over this list and have none.
  pendingComponent: () => (
    <ScreenSkeleton title="Coupons" actions={1}>
      <TabsSkeleton />
      <CardSkeleton />
    </ScreenSkeleton>
  ),
  component: CouponsPage,
})

const linkButton = cx(button({ variant: 'solid' }), css({ textDecoration: 'none' }))

function CouponsPage() {
  const canManage = usePermission('VENDOR_INVENTORY')
  const { page } = Route.useSearch()
  const navigate = Route.useNavigate()
  if (!canManage) return <NoAccess permission="VENDOR_INVENTORY" page="Coupons" />
  return (
    <div className={stack({ gap: '4' })}>
      <PageHeader
        title="Coupons"
        actions={
          <Link to="/products/coupons/new" search={(prev) => prev} className={linkButton}>
            <Icon name="plus" size={18} />
            Create Coupon
          </Link>
        }
      />
      <CatalogueTabs current="coupons" />
      <CouponList page={page} onPageChange={(to) => void navigate({ search: (prev) => ({ ...prev, page: to }) })} />
      <Outlet />
    </div>
  )
}
