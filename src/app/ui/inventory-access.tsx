import { hasPermission } from '../lib/permissions'
import { useSession } from '../lib/session'
import { EmptyState } from './empty-state'
import { PageHeader } from './page'

export function useCanManageInventory(): boolean {
  const session = useSession()
  return hasPermission(session?.user.permissions ?? [], 'VENDOR_INVENTORY')
}

/**
 * What a member without VENDOR_INVENTORY sees on any catalogue page (products, collections, coupons): no Refetch,
 * since asking again cannot help. Here, not in a feature, because each catalogue section is its own feature.
 */
export function NoInventoryAccess({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        title="Your role does not include products"
        description="Ask the account owner to grant the inventory permission."
        errorStatus={403}
      />
    </>
  )
}
