import { createFileRoute, useNavigate } from '@tanstack/react-router'

import { InitiateDisputeSheet } from '#app/features/disputes/components/initiate-dispute-sheet'
import { disputeCategoriesQuery } from '#app/features/disputes/queries'
import { newDisputeSearchSchema } from '#app/features/disputes/search'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/orders/disputes/new')({
  validateSearch: newDisputeSearchSchema,
  // Not awaited: the sheet opens at once and the categories fill in.
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(disputeCategoriesQuery()),
  component: InitiateDisputeRoute,
})

function InitiateDisputeRoute() {
  const { orderReference } = Route.useSearch()
  const close = useCloseTo({ to: '/orders/disputes' })
  const navigate = useNavigate()
  return (
    <InitiateDisputeSheet
      orderReference={orderReference}
      onClose={close}
      // The new dispute replaces the sheet in history: Back from it returns to where the vendor started.
      onCreated={(dispute) => void navigate({ to: '/orders/disputes/$disputeId', params: { disputeId: dispute.id }, replace: true })}
    />
  )
}
