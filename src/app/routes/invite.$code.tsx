import { createFileRoute } from '@tanstack/react-router'

import { InvitePage } from '../features/team/components/invite-page'
import { inviteDetailsQuery } from '../features/team/queries'

/**
 * An invitee's page, outside the signed-in app: no session needed, its own chunk, and its data is never persisted
 * with a vendor's cache (docs/decisions/031). Someone signed in may open it too (docs/decisions/051).
 */
export const Route = createFileRoute('/invite/$code')({
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(inviteDetailsQuery(params.code))
  },
  component: InviteRoute,
})

function InviteRoute() {
  const { code } = Route.useParams()
  return <InvitePage code={code} />
}
