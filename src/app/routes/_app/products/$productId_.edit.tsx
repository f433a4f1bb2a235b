import { createFileRoute } from '@tanstack/react-router'
import { EditProduct } from '../../../features/catalogue/components/edit-product'
import { productDetailQuery } from '../../../features/catalogue/queries'
import { NoInventoryAccess, useCanManageInventory } from '../../../lib/inventory-access'
import { type AppRouter, useCloseSheet } from '../../../lib/navigation'
import { hasPermission } from '../../../lib/permissions'
import { getSession } from '../../../lib/session'

/** Its own page, not a child of the product page: the form needs the whole screen on a phone. */
export const Route = createFileRoute('/_app/products/$productId_/edit')({
  loader: ({ context: { queryClient }, params }) => {
    if (hasPermission(getSession()?.user.permissions ?? [], 'VENDOR_INVENTORY')) void queryClient.prefetchQuery(productDetailQuery(params.productId))
  },
  component: EditProductRoute,
})

function EditProductRoute() {
  const { productId } = Route.useParams()
  const toProduct = (router: AppRouter) => void router.navigate({ to: '/products/$productId', params: { productId }, replace: true })
  // Saving or cancelling goes back to the product page it was opened from, like closing a sheet.
  const close = useCloseSheet(toProduct)
  if (!useCanManageInventory()) return <NoInventoryAccess title="Edit product" />
  return <EditProduct id={productId} onDone={close} />
}
