import { createFileRoute } from '@tanstack/react-router'
import { stack } from 'styled-system/patterns'
import * as v from 'valibot'

import { CustomerPicker } from '#app/features/customers/customer-picker'
import { BackToList } from '#app/features/orders/components/back-to-list'
import { CreateFromTransaction } from '#app/features/orders/components/create-from-transaction'
import { KINDS } from '#app/features/orders/kinds'
import { usePermission } from '#app/lib/permissions'
import { EmptyState } from '#app/ui/empty-state'
import { NoAccess } from '#app/ui/no-access'
import { PageHeader } from '#app/ui/page'
import { BackSkeleton, ScreenSkeleton } from '#app/ui/screen-skeleton'
import { Skeleton } from '#app/ui/skeleton'

export const Route = createFileRoute('/_app/orders/create-order')({
  // SPEC §2: /orders/create-order?reference={reference}, from a transfer's Transaction Summary.
  validateSearch: v.object({ reference: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(64))), undefined) }),
  // Drawn on the tap until the chunk is in (decision 091): the transfer's boxes, as the page draws them loading.
  pendingComponent: () => (
    <ScreenSkeleton back={<BackSkeleton to="/orders">Orders</BackSkeleton>} title="Create order" description="For a transfer you received">
      <Skeleton height={140} />
      <Skeleton height={240} />
    </ScreenSkeleton>
  ),
  component: CreateOrderForTransferPage,
})

function CreateOrderForTransferPage() {
  const { reference } = Route.useSearch()
  const navigate = Route.useNavigate()
  const canSeeTransactions = usePermission('VENDOR_TRANSACTIONS')
  const canListCustomers = usePermission('VENDOR_CUSTOMERS')
  if (!usePermission('VENDOR_ORDERS')) return <NoAccess permission="VENDOR_ORDERS" page="Create order" />
  return (
    <div className={stack({ gap: '4' })}>
      <BackToList kind={KINDS.order} />
      <PageHeader title="Create order" description="For a transfer you received" />
      {!reference ? (
        <EmptyState title="No transfer chosen" description="Open a transfer in Transactions and choose Create order." />
      ) : !canSeeTransactions ? (
        <EmptyState
          title="Your role does not include transactions"
          description="Creating an order for a transfer needs the transactions permission too."
          errorStatus={403}
        />
      ) : (
        <CreateFromTransaction
          reference={reference}
          picker={canListCustomers ? CustomerPicker : undefined}
          onCreated={(order) => void navigate({ to: '/orders/$reference', params: { reference: order.reference }, replace: true })}
          onCancel={() => void navigate({ to: '/transactions' })}
        />
      )}
    </div>
  )
}
