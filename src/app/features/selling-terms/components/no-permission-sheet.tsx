import { hasPermission } from '#app/lib/permissions'
import { useSession } from '#app/lib/session'
import { EmptyState } from '#app/ui/empty-state'
import { Sheet } from '#app/ui/sheet'

/** Taxes and delivery locations are read by every member and changed only with VENDOR_SETTINGS. */
export function useCanEditSellingTerms(): boolean {
  const session = useSession()
  return hasPermission(session?.user.permissions ?? [], 'VENDOR_SETTINGS')
}

/** What a form sheet opened by its address shows to someone who may not change these settings. */
export function NoPermissionSheet({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()} title={title}>
      <EmptyState
        title="Your role does not include settings"
        description="Ask the account owner to grant the settings permission."
        errorStatus={403}
      />
    </Sheet>
  )
}
