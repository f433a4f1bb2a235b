import { createFileRoute } from '@tanstack/react-router'

import { AddTaxSheet } from '#app/features/selling-terms/components/add-tax-sheet'
import { NoPermissionSheet, useCanEditSellingTerms } from '#app/features/selling-terms/components/no-permission-sheet'
import { type AppRouter, useCloseSheet } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/settings/taxes/new')({
  component: AddTaxRoute,
})

const toTaxes = (router: AppRouter) => void router.navigate({ to: '/settings', search: { tab: 'taxes' }, replace: true })

function AddTaxRoute() {
  const close = useCloseSheet(toTaxes)
  const canEdit = useCanEditSellingTerms()
  return canEdit ? <AddTaxSheet onClose={close} /> : <NoPermissionSheet title="Add Tax" onClose={close} />
}
