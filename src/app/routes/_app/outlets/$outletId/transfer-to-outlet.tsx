import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'

import { OutletTransferSheet } from '#app/features/outlets/components/outlet-transfer-sheet'
import { walletBalanceQuery } from '#app/features/wallet/queries'
import { useCloseTo } from '#app/lib/navigation'
import { usePermission } from '#app/lib/permissions'
import { NoAccessSheet } from '#app/ui/no-access'

export const Route = createFileRoute('/_app/outlets/$outletId/transfer-to-outlet')({
  component: TransferToOutletRoute,
})

function TransferToOutletRoute() {
  const { outletId } = Route.useParams()
  const close = useCloseTo({ to: '/outlets/$outletId', params: { outletId }, search: true })
  // What the main wallet holds, for the sheet to show: read only by a user who may see the wallet.
  const canSeeWallet = usePermission('VENDOR_WALLET')
  const canTransfer = usePermission('VENDOR_TRANSFERS')
  const main = useQuery({ ...walletBalanceQuery(), enabled: canSeeWallet })
  // Money leaves the main wallet only for a user holding VENDOR_TRANSFERS, as the server insists.
  if (!canTransfer)
    return (
      <NoAccessSheet sheetTitle="Transfer to Outlet" title="Your role does not allow this" permission="VENDOR_TRANSFERS" onClose={close} />
    )
  return (
    <OutletTransferSheet
      direction="to-outlet"
      outletId={outletId}
      mainBalance={canSeeWallet ? main.data?.balance : undefined}
      onClose={close}
    />
  )
}
