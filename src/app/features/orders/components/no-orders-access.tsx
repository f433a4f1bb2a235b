import { EmptyState } from '#app/ui/empty-state'
import { PageHeader } from '#app/ui/page'

/** What a member without VENDOR_ORDERS sees on any order or invoice page: no Refetch, asking again cannot help. */
export function NoOrdersAccess({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        title="Your role does not include orders"
        description="Ask the account owner to grant the orders permission."
        errorStatus={403}
      />
    </>
  )
}
