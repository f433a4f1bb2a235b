import { createFileRoute, useNavigate } from '@tanstack/react-router'

import { CreateOutletSheet } from '#app/features/outlets/components/create-outlet-sheet'
import { useCloseTo } from '#app/lib/navigation'
import { usePermission } from '#app/lib/permissions'
import { NoAccessSheet } from '#app/ui/no-access'

export const Route = createFileRoute('/_app/outlets/_list/new')({
  component: CreateOutletRoute,
})

function CreateOutletRoute() {
  const close = useCloseTo({ to: '/outlets', search: true })
  const navigate = useNavigate()
  const canSeeOutlets = usePermission('VENDOR_OUTLETS')
  if (!usePermission('VENDOR_TEAM') || !canSeeOutlets) {
    return <NoAccessSheet sheetTitle="Create Outlet" title="Your role does not allow this" permission="VENDOR_TEAM" onClose={close} />
  }
  return (
    <CreateOutletSheet
      onClose={close}
      // The new outlet's page replaces the sheet in history: Back from it returns to the list.
      onCreated={(outlet) => void navigate({ to: '/outlets/$outletId', params: { outletId: outlet.id }, replace: true })}
    />
  )
}
