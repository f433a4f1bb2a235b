import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'

import { OutletTransferSheet } from '#app/features/outlets/components/outlet-transfer-sheet'
import { walletBalanceQuery } from '#app/features/wallet/queries'
import { useCloseTo } from '#app/lib/navigation'
import { hasPermission } from '#app/lib/permissions'
import { useSession } from '#app/lib/session'
import { NoAccessSheet } from '#app/ui/no-access'

export const Route = createFileRoute('/_app/outlets/$outletId/transfer-to-outlet')({
  component: TransferToOutletRoute,
})

function TransferToOutletRoute() {
  const { outletId } = Route.useParams()
  const close = useCloseTo({ to: '/outlets/$outletId', params: { outletId }, search: true })
  const permissions = useSession()?.user.permissions ?? []
  // What the main wallet holds, for the sheet to show: read only by a user who may see the wallet.
  const canSeeWallet = hasPermission(permissions, 'VENDOR_WALLET')
  const main = useQuery({ ...walletBalanceQuery(), enabled: canSeeWallet })
  // Money leaves the main wallet only for a user holding VENDOR_TRANSFERS, as the server insists.
  if (!hasPermission(permissions, 'VENDOR_TRANSFERS'))
    return <NoAccessSheet sheetTitle="Transfer to Outlet" title="Your role does not allow this" permission="transfers" onClose={close} />
  return (
    <OutletTransferSheet
      direction="to-outlet"
      outletId={outletId}
      mainBalance={canSeeWallet ? main.data?.balance : undefined}
      onClose={close}
    />
  )
}
