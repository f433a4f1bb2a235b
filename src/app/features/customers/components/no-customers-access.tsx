import { EmptyState } from '#app/ui/empty-state'
import { PageHeader } from '#app/ui/page'

/** What a member without VENDOR_CUSTOMERS sees on a customers page: no Refetch, since asking again cannot help. */
export function NoCustomersAccess() {
  return (
    <>
      <PageHeader title="Customers" />
      <EmptyState
        title="Your role does not include customers"
        description="Ask the account owner to grant the customers permission."
        errorStatus={403}
      />
    </>
  )
}
