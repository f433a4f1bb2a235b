import { createFileRoute } from '@tanstack/react-router'
import { stack } from 'styled-system/patterns'

import { CustomerPicker } from '#app/features/customers/customer-picker'
import { BackToList } from '#app/features/orders/components/back-to-list'
import { CreateOrderForm } from '#app/features/orders/components/create-order-form'
import { KINDS } from '#app/features/orders/kinds'
import { usePermission } from '#app/lib/permissions'
import { NoAccess } from '#app/ui/no-access'
import { PageHeader } from '#app/ui/page'
import { BackSkeleton, FormSkeleton, ScreenSkeleton } from '#app/ui/screen-skeleton'

export const Route = createFileRoute('/_app/orders/new')({
  // Drawn on the tap until the chunk is in (decision 091): the form's cards at their phone heights.
  pendingComponent: () => (
    <ScreenSkeleton back={<BackSkeleton to="/orders">Orders</BackSkeleton>} title="Create order">
      <FormSkeleton sections={[436, 510, 448, 294]} />
    </ScreenSkeleton>
  ),
  component: NewOrderPage,
})

function NewOrderPage() {
  const navigate = Route.useNavigate()
  const canListCustomers = usePermission('VENDOR_CUSTOMERS')
  if (!usePermission('VENDOR_ORDERS')) return <NoAccess permission="VENDOR_ORDERS" page="Create order" />
  return (
    <div className={stack({ gap: '4' })}>
      <BackToList kind={KINDS.order} />
      <PageHeader title="Create order" />
      <CreateOrderForm
        kind={KINDS.order}
        picker={canListCustomers ? CustomerPicker : undefined}
        // The form's page is replaced by the order's: Back from there goes to the list, not to a spent form.
        onCreated={(order) => void navigate({ to: '/orders/$reference', params: { reference: order.reference }, replace: true })}
        // Kept offline: the list shows it as waiting to send.
        onQueued={() => void navigate({ to: '/orders', replace: true })}
        onCancel={() => void navigate({ to: '/orders' })}
      />
    </div>
  )
}
