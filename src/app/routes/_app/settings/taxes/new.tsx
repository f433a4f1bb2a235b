import { createFileRoute } from '@tanstack/react-router'

import { AddTaxSheet } from '#app/features/selling-terms/components/add-tax-sheet'
import { NoPermissionSheet, useCanEditSellingTerms } from '#app/features/selling-terms/components/no-permission-sheet'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/settings/taxes/new')({
  component: AddTaxRoute,
})

function AddTaxRoute() {
  const close = useCloseTo({ to: '/settings', search: { tab: 'taxes' } })
  const canEdit = useCanEditSellingTerms()
  return canEdit ? <AddTaxSheet onClose={close} /> : <NoPermissionSheet title="Add Tax" onClose={close} />
}
