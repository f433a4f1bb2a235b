import { createFileRoute } from '@tanstack/react-router'

import { DevelopersPage } from '#app/features/developers/components/developers-page'
import { apiKeyCallsQuery, apiKeysQuery } from '#app/features/developers/queries'
import { sessionCan } from '#app/lib/permissions'
import { CardSkeleton, ScreenSkeleton } from '#app/ui/screen-skeleton'

/** Settings → Developers: a page of its own (not a tab under Settings), reached from a row of the Profile tab. */
export const Route = createFileRoute('/_app/settings_/developers')({
  loader: ({ context: { queryClient } }) => {
    // Each card shows its own loading and error state: nothing here blocks the page.
    if (!sessionCan('VENDOR_DEVELOPERS')) return
    void queryClient.prefetchQuery(apiKeysQuery())
    void queryClient.prefetchQuery(apiKeyCallsQuery(1))
  },
  pendingComponent: () => (
    <ScreenSkeleton title="Developers" gap={5}>
      <CardSkeleton rows={3} rowHeight={56} />
    </ScreenSkeleton>
  ),
  component: DevelopersPage,
})
