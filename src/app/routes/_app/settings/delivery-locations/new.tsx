import { createFileRoute } from '@tanstack/react-router'

import { DeliveryLocationSheet } from '#app/features/selling-terms/components/delivery-location-sheet'
import { NoPermissionSheet, useCanEditSellingTerms } from '#app/features/selling-terms/components/no-permission-sheet'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/settings/delivery-locations/new')({
  component: CreateDeliveryLocationRoute,
})

function CreateDeliveryLocationRoute() {
  const close = useCloseTo({ to: '/settings', search: { tab: 'delivery-locations' } })
  const canEdit = useCanEditSellingTerms()
  return canEdit ? <DeliveryLocationSheet onClose={close} /> : <NoPermissionSheet title="Create Delivery Location" onClose={close} />
}
