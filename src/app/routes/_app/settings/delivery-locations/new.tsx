import { createFileRoute } from '@tanstack/react-router'

import { DeliveryLocationSheet } from '#app/features/selling-terms/components/delivery-location-sheet'
import { useCloseTo } from '#app/lib/navigation'
import { usePermission } from '#app/lib/permissions'
import { NoAccessSheet } from '#app/ui/no-access'

export const Route = createFileRoute('/_app/settings/delivery-locations/new')({
  component: CreateDeliveryLocationRoute,
})

function CreateDeliveryLocationRoute() {
  const close = useCloseTo({ to: '/settings', search: { tab: 'delivery-locations' } })
  const canEdit = usePermission('VENDOR_SETTINGS')
  return canEdit ? (
    <DeliveryLocationSheet onClose={close} />
  ) : (
    <NoAccessSheet sheetTitle="Create Delivery Location" permission="VENDOR_SETTINGS" onClose={close} />
  )
}
