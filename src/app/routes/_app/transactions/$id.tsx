import { createFileRoute } from '@tanstack/react-router'

import { TransactionSummarySheet } from '#app/features/transactions/components/transaction-summary'
import { transactionDetailQuery } from '#app/features/transactions/queries'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/transactions/$id')({
  // Not awaited: the sheet opens at once with the row from the list (or a skeleton) while the details load.
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(transactionDetailQuery(params.id))
  },
  component: TransactionSummaryRoute,
})

function TransactionSummaryRoute() {
  const { id } = Route.useParams()
  const close = useCloseTo({ to: '/transactions', search: true })
  return <TransactionSummarySheet id={id} onClose={close} />
}
