import { createFileRoute } from '@tanstack/react-router'

import { OutletTransferSheet } from '#app/features/outlets/components/outlet-transfer-sheet'

import { useCloseOutletSheet } from './-close'

export const Route = createFileRoute('/_app/outlets/$outletId/transfer-to-main')({
  component: TransferToMainRoute,
})

function TransferToMainRoute() {
  const { outletId } = Route.useParams()
  const close = useCloseOutletSheet(outletId)
  return <OutletTransferSheet direction="to-main" outletId={outletId} onClose={close} />
}
