import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'

import { EscalateDisputeSheet } from '#app/features/disputes/components/escalate-dispute-sheet'
import { disputeInfoQuery } from '#app/features/disputes/queries'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/orders/disputes_/$disputeId/escalate')({
  component: EscalateRoute,
})

function EscalateRoute() {
  const { disputeId } = Route.useParams()
  const close = useCloseTo({ to: '/orders/disputes/$disputeId', params: { disputeId } })
  // The page under the sheet loads the dispute; the sheet opens once it is there.
  const dispute = useQuery(disputeInfoQuery(disputeId)).data
  return dispute ? <EscalateDisputeSheet dispute={dispute} onClose={close} /> : null
}
