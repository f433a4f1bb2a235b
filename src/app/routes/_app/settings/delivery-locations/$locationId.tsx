import { createFileRoute } from '@tanstack/react-router'

import { UpdateDeliveryLocationSheet } from '#app/features/selling-terms/components/delivery-location-sheet'
import { NoPermissionSheet, useCanEditSellingTerms } from '#app/features/selling-terms/components/no-permission-sheet'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/settings/delivery-locations/$locationId')({
  component: UpdateDeliveryLocationRoute,
})

function UpdateDeliveryLocationRoute() {
  const { locationId } = Route.useParams()
  const close = useCloseTo({ to: '/settings', search: { tab: 'delivery-locations' } })
  const canEdit = useCanEditSellingTerms()
  if (!canEdit) return <NoPermissionSheet title="Update Delivery Location" onClose={close} />
  return <UpdateDeliveryLocationSheet id={locationId} onClose={close} />
}
