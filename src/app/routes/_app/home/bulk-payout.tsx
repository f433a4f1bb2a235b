import { createFileRoute } from '@tanstack/react-router'

import { beneficiariesQuery } from '#app/features/banking/beneficiary-queries'
import { BulkPayoutSheet } from '#app/features/banking/components/bulk-payout-sheet'
import { banksQuery } from '#app/features/banking/queries'
import { useCloseTo } from '#app/lib/navigation'
import { usePermission } from '#app/lib/permissions'
import { NoAccessSheet } from '#app/ui/no-access'

export const Route = createFileRoute('/_app/home/bulk-payout')({
  loader: ({ context: { queryClient } }) => {
    // Not awaited: the sheet opens at once; banks read a CSV's bank names, the saved accounts are offered.
    void queryClient.prefetchQuery(banksQuery())
    void queryClient.prefetchQuery(beneficiariesQuery())
  },
  component: BulkPayoutRoute,
})

function BulkPayoutRoute() {
  const close = useCloseTo({ to: '/home', search: true })
  const canSend = usePermission('VENDOR_TRANSFERS')
  const canSeeReceipts = usePermission('VENDOR_TRANSACTIONS')
  if (!canSend) return <NoAccessSheet sheetTitle="Bulk payout" permission="VENDOR_TRANSFERS" onClose={close} />
  return <BulkPayoutSheet onClose={close} canSeeReceipts={canSeeReceipts} />
}
