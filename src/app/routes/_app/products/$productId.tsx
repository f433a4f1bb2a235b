import { createFileRoute, Outlet } from '@tanstack/react-router'

import { ProductPage } from '#app/features/catalogue/components/product-page'
import { productDetailQuery } from '#app/features/catalogue/queries'
import { sessionCan, usePermission } from '#app/lib/permissions'
import { NoAccess } from '#app/ui/no-access'
import { BackSkeleton, DetailSkeleton } from '#app/ui/screen-skeleton'

export const Route = createFileRoute('/_app/products/$productId')({
  // Not awaited: the page shows its skeleton and, for a deleted product, says so instead of an error screen.
  loader: ({ context: { queryClient }, params }) => {
    if (sessionCan('VENDOR_INVENTORY')) void queryClient.prefetchQuery(productDetailQuery(params.productId))
  },
  // Drawn on the tap until the route is ready (decision 091); its name comes with the data: the heading is a bar, as on the page before its data.
  pendingComponent: () => <DetailSkeleton back={<BackSkeleton to="/products">Products</BackSkeleton>} skeletons={[180, 240]} />,
  component: ProductRoute,
})

function ProductRoute() {
  const { productId } = Route.useParams()
  if (!usePermission('VENDOR_INVENTORY')) return <NoAccess permission="VENDOR_INVENTORY" page="Products" />
  return (
    <>
      <ProductPage id={productId} />
      <Outlet />
    </>
  )
}
