import { createFileRoute } from '@tanstack/react-router'

import { DeliveryLocationSheet } from '#app/features/selling-terms/components/delivery-location-sheet'
import { NoPermissionSheet, useCanEditSellingTerms } from '#app/features/selling-terms/components/no-permission-sheet'
import { type AppRouter, useCloseSheet } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/settings/delivery-locations/new')({
  component: CreateDeliveryLocationRoute,
})

const toDeliveryLocations = (router: AppRouter) =>
  void router.navigate({ to: '/settings', search: { tab: 'delivery-locations' }, replace: true })

function CreateDeliveryLocationRoute() {
  const close = useCloseSheet(toDeliveryLocations)
  const canEdit = useCanEditSellingTerms()
  return canEdit ? <DeliveryLocationSheet onClose={close} /> : <NoPermissionSheet title="Create Delivery Location" onClose={close} />
}
