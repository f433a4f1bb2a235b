import { createFileRoute, useNavigate } from '@tanstack/react-router'

import { CreateOutletSheet } from '#app/features/outlets/components/create-outlet-sheet'
import { useCloseTo } from '#app/lib/navigation'
import { hasPermission } from '#app/lib/permissions'
import { useSession } from '#app/lib/session'
import { NoAccessSheet } from '#app/ui/no-access'

export const Route = createFileRoute('/_app/outlets/_list/new')({
  component: CreateOutletRoute,
})

function CreateOutletRoute() {
  const close = useCloseTo({ to: '/outlets', search: true })
  const navigate = useNavigate()
  const permissions = useSession()?.user.permissions ?? []
  if (!hasPermission(permissions, 'VENDOR_OUTLETS') || !hasPermission(permissions, 'VENDOR_TEAM')) {
    return <NoAccessSheet sheetTitle="Create Outlet" title="Your role does not allow this" permission="team" onClose={close} />
  }
  return (
    <CreateOutletSheet
      onClose={close}
      // The new outlet's page replaces the sheet in history: Back from it returns to the list.
      onCreated={(outlet) => void navigate({ to: '/outlets/$outletId', params: { outletId: outlet.id }, replace: true })}
    />
  )
}
