import { useState } from 'react'

import { useOnline } from '#app/lib/online'
import { ConfirmDialog } from '#app/ui/dialog'
import { Switch } from '#app/ui/switch'
import type { Outlet } from '#contract/outlets'

import { useSetOutletStatus } from '../queries'

/**
 * Active / inactive, changed only through the confirm dialog (SPEC §2): deactivating stops the outlet's
 * transfers and shuts its members out of it, which is not something to do with a stray tap.
 */
export function OutletStatusSwitch({ outlet, compact = false }: { outlet: Outlet; compact?: boolean }) {
  const online = useOnline()
  const setStatus = useSetOutletStatus()
  const [asking, setAsking] = useState(false)
  const active = outlet.status === 'active'
  // While the change is on its way the switch shows where it is going, not where it was.
  const shown = setStatus.isPending && setStatus.variables ? setStatus.variables.status === 'active' : active
  return (
    <>
      <Switch
        compact={compact}
        label="Active"
        name={`Active: ${outlet.name}`}
        checked={shown}
        disabled={!online || setStatus.isPending}
        onChange={() => setAsking(true)}
      />
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={active ? `Deactivate ${outlet.name}?` : `Activate ${outlet.name}?`}
        description={
          active
            ? 'An inactive outlet takes no money from the main wallet, and its members cannot act for it until it is active again.'
            : 'The outlet takes transfers again, and its members can act for it.'
        }
        loading={setStatus.isPending}
        onProceed={() =>
          setStatus.mutate({ outletId: outlet.id, status: active ? 'inactive' : 'active' }, { onSettled: () => setAsking(false) })
        }
      />
    </>
  )
}
