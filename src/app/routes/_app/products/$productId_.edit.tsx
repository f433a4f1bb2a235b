import { createFileRoute } from '@tanstack/react-router'

import { EditProduct } from '#app/features/catalogue/components/edit-product'
import { productDetailQuery } from '#app/features/catalogue/queries'
import { useCloseTo } from '#app/lib/navigation'
import { sessionCan, usePermission } from '#app/lib/permissions'
import { NoAccess } from '#app/ui/no-access'
import { BackSkeleton, ScreenSkeleton } from '#app/ui/screen-skeleton'
import { Skeleton } from '#app/ui/skeleton'

/** Its own page, not a child of the product page: the form needs the whole screen on a phone. */
export const Route = createFileRoute('/_app/products/$productId_/edit')({
  loader: ({ context: { queryClient }, params }) => {
    if (sessionCan('VENDOR_INVENTORY')) void queryClient.prefetchQuery(productDetailQuery(params.productId))
  },
  // Drawn on the tap until the chunk is in (decision 091), as the page draws itself before the product is there.
  pendingComponent: () => (
    <ScreenSkeleton back={<BackSkeleton to="/products">Products</BackSkeleton>} title="Edit product">
      <Skeleton count={6} height={48} />
    </ScreenSkeleton>
  ),
  component: EditProductRoute,
})

function EditProductRoute() {
  const { productId } = Route.useParams()
  // Saving or cancelling goes back to the product page it was opened from, like closing a sheet.
  const close = useCloseTo({ to: '/products/$productId', params: { productId } })
  if (!usePermission('VENDOR_INVENTORY')) return <NoAccess permission="VENDOR_INVENTORY" page="Edit product" />
  return <EditProduct id={productId} onDone={close} />
}
