import { NoAccess } from '#app/ui/no-access'
import { PageHeader } from '#app/ui/page'

/** What a member without VENDOR_OUTLETS sees on an outlets page. */
export function NoOutletsAccess() {
  return (
    <>
      <PageHeader title="Outlets" />
      <NoAccess title="Your role does not include outlets" permission="outlets" />
    </>
  )
}
