import { createFileRoute } from '@tanstack/react-router'

import { UpdateDeliveryLocationSheet } from '#app/features/selling-terms/components/delivery-location-sheet'
import { useCloseTo } from '#app/lib/navigation'
import { usePermission } from '#app/lib/permissions'
import { NoAccessSheet } from '#app/ui/no-access'

export const Route = createFileRoute('/_app/settings/delivery-locations/$locationId')({
  component: UpdateDeliveryLocationRoute,
})

function UpdateDeliveryLocationRoute() {
  const { locationId } = Route.useParams()
  const close = useCloseTo({ to: '/settings', search: { tab: 'delivery-locations' } })
  const canEdit = usePermission('VENDOR_SETTINGS')
  if (!canEdit) return <NoAccessSheet sheetTitle="Update Delivery Location" permission="VENDOR_SETTINGS" onClose={close} />
  return <UpdateDeliveryLocationSheet id={locationId} onClose={close} />
}
