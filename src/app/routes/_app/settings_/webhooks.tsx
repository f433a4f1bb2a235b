import { createFileRoute } from '@tanstack/react-router'

import { WebhooksPage } from '#app/features/webhooks/components/webhooks-page'
import { webhookDeliveriesQuery, webhookEndpointsQuery } from '#app/features/webhooks/queries'
import { sessionCan, usePermission } from '#app/lib/permissions'
import { NoAccess } from '#app/ui/no-access'
import { CardSkeleton, ScreenSkeleton } from '#app/ui/screen-skeleton'

// `settings_` keeps this page out of the Settings tabs' layout: a page of its own, reached from a Settings row.
export const Route = createFileRoute('/_app/settings_/webhooks')({
  loader: ({ context: { queryClient } }) => {
    if (!sessionCan('VENDOR_DEVELOPERS')) return
    void queryClient.prefetchQuery(webhookEndpointsQuery())
    void queryClient.prefetchQuery(webhookDeliveriesQuery())
  },
  pendingComponent: () => (
    <ScreenSkeleton title="Webhooks" gap={4}>
      <CardSkeleton rows={3} rowHeight={56} />
    </ScreenSkeleton>
  ),
  component: WebhooksRoute,
})

function WebhooksRoute() {
  if (!usePermission('VENDOR_DEVELOPERS')) return <NoAccess permission="VENDOR_DEVELOPERS" page="Webhooks" />
  return <WebhooksPage />
}
