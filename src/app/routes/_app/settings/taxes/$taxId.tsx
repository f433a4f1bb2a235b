import { createFileRoute } from '@tanstack/react-router'

import { UpdateTaxSheet } from '#app/features/selling-terms/components/tax-sheet'
import { useCloseTo } from '#app/lib/navigation'
import { usePermission } from '#app/lib/permissions'
import { NoAccessSheet } from '#app/ui/no-access'

export const Route = createFileRoute('/_app/settings/taxes/$taxId')({
  component: UpdateTaxRoute,
})

function UpdateTaxRoute() {
  const { taxId } = Route.useParams()
  const close = useCloseTo({ to: '/settings', search: { tab: 'taxes' } })
  const canEdit = usePermission('VENDOR_SETTINGS')
  if (!canEdit) return <NoAccessSheet sheetTitle="Update Tax" permission="VENDOR_SETTINGS" onClose={close} />
  return <UpdateTaxSheet id={taxId} onClose={close} />
}
