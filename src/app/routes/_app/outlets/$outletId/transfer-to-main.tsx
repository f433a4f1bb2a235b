import { createFileRoute } from '@tanstack/react-router'

import { OutletTransferSheet } from '#app/features/outlets/components/outlet-transfer-sheet'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/outlets/$outletId/transfer-to-main')({
  component: TransferToMainRoute,
})

function TransferToMainRoute() {
  const { outletId } = Route.useParams()
  const close = useCloseTo({ to: '/outlets/$outletId', params: { outletId }, search: true })
  return <OutletTransferSheet direction="to-main" outletId={outletId} onClose={close} />
}
