import { createFileRoute } from '@tanstack/react-router'

import { TransactionSummarySheet } from '#app/features/transactions/components/transaction-summary'
import { transactionDetailQuery } from '#app/features/transactions/queries'
import { type AppRouter, useCloseSheet } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/transactions/$id')({
  // Not awaited: the sheet opens at once with the row from the list (or a skeleton) while the details load.
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(transactionDetailQuery(params.id))
  },
  component: TransactionSummaryRoute,
})

const toList = (router: AppRouter) => void router.navigate({ to: '/transactions', search: true, replace: true })

function TransactionSummaryRoute() {
  const { id } = Route.useParams()
  const close = useCloseSheet(toList)
  return <TransactionSummarySheet id={id} onClose={close} />
}
