import { EmptyState } from './empty-state'
import { Sheet } from './sheet'

export interface NoAccessProps {
  /** 'Your role does not include outlets'. */
  title: string
  /** The permission to ask for, in words: 'outlets', 'team'. */
  permission: string
}

/** Where the user's role lacks a permission: whom to ask, and no Refetch (a 403), since asking again cannot help. */
export function NoAccess({ title, permission }: NoAccessProps) {
  return <EmptyState title={title} description={`Ask the account owner to grant the ${permission} permission.`} errorStatus={403} />
}

/** The same in a sheet opened by an address the role does not cover (Create Outlet without VENDOR_TEAM, for one). */
export function NoAccessSheet({ sheetTitle, onClose, ...props }: NoAccessProps & { sheetTitle: string; onClose: () => void }) {
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()} title={sheetTitle}>
      <NoAccess {...props} />
    </Sheet>
  )
}
