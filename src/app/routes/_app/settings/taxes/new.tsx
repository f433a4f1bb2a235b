import { createFileRoute } from '@tanstack/react-router'

import { TaxSheet } from '#app/features/selling-terms/components/tax-sheet'
import { useCloseTo } from '#app/lib/navigation'
import { usePermission } from '#app/lib/permissions'
import { NoAccessSheet } from '#app/ui/no-access'

export const Route = createFileRoute('/_app/settings/taxes/new')({
  component: AddTaxRoute,
})

function AddTaxRoute() {
  const close = useCloseTo({ to: '/settings', search: { tab: 'taxes' } })
  const canEdit = usePermission('VENDOR_SETTINGS')
  return canEdit ? <TaxSheet onClose={close} /> : <NoAccessSheet sheetTitle="Add Tax" permission="VENDOR_SETTINGS" onClose={close} />
}
