import { createFileRoute } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { BackToProducts } from '../../../features/catalogue/components/product-page'
import { ProductForm } from '../../../features/catalogue/components/product-form'
import { NoInventoryAccess, useCanManageInventory } from '../../../lib/inventory-access'
import { PageHeader } from '../../../ui/page'

export const Route = createFileRoute('/_app/products/new')({
  component: NewProductPage,
})

function NewProductPage() {
  const navigate = Route.useNavigate()
  if (!useCanManageInventory()) return <NoInventoryAccess title="Add product" />
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
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
