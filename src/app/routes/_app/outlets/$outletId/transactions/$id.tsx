import { createFileRoute } from '@tanstack/react-router'
import { useMemo } from 'react'

import { outletTransactionData, outletTransactionSource } from '#app/features/outlets/queries'
import { TransactionSummarySheet } from '#app/features/transactions/components/transaction-summary'
import { transactionDetailQuery } from '#app/features/transactions/queries'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/outlets/$outletId/transactions/$id')({
  // Not awaited: the sheet opens at once with the row from the list (or a skeleton) while the details load.
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(transactionDetailQuery(params.id, outletTransactionData(params.outletId)))
  },
  component: OutletTransactionRoute,
})

function OutletTransactionRoute() {
  const { outletId, id } = Route.useParams()
  const source = useMemo(() => outletTransactionSource(outletId), [outletId])
  const close = useCloseTo({ to: '/outlets/$outletId', params: { outletId }, search: true })
  return <TransactionSummarySheet id={id} source={source} onClose={close} />
}
