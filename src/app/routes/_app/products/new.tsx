import { createFileRoute } from '@tanstack/react-router'
import { stack } from 'styled-system/patterns'

import { ProductForm } from '#app/features/catalogue/components/product-form'
import { BackToProducts } from '#app/features/catalogue/components/product-page'
import { usePermission } from '#app/lib/permissions'
import { NoAccess } from '#app/ui/no-access'
import { PageHeader } from '#app/ui/page'
import { BackSkeleton, FormSkeleton, ScreenSkeleton } from '#app/ui/screen-skeleton'

export const Route = createFileRoute('/_app/products/new')({
  // Drawn on the tap until the chunk is in (decision 091): the form's cards at their phone heights.
  pendingComponent: () => (
    <ScreenSkeleton back={<BackSkeleton to="/products">Products</BackSkeleton>} title="Add product">
      <FormSkeleton sections={[560, 237, 202, 160]} />
    </ScreenSkeleton>
  ),
  component: NewProductPage,
})

function NewProductPage() {
  const navigate = Route.useNavigate()
  if (!usePermission('VENDOR_INVENTORY')) return <NoAccess permission="VENDOR_INVENTORY" page="Add product" />
  return (
    <div className={stack({ gap: '4' })}>
      <BackToProducts />
      <PageHeader title="Add product" />
      <ProductForm
        // The form's page is replaced by the product's: Back from there goes to the list, not to a spent form.
        onSaved={(product) => void navigate({ to: '/products/$productId', params: { productId: product.id }, replace: true })}
        onCancel={() => void navigate({ to: '/products' })}
      />
    </div>
  )
}
