import { createFileRoute, redirect } from '@tanstack/react-router'

import { WelcomeDialog } from '../features/auth/components/welcome-dialog'
import { useLiveAlerts } from '../features/live-alerts/use-live-alerts'
import { AppShell } from '../features/shell/components/app-shell'
import { isOnboarding } from '../lib/onboarding'
import { getSession } from '../lib/session'

/** Everything behind sign-in. The check is local, so a signed-in user can open the app offline. */
export const Route = createFileRoute('/_app')({
  beforeLoad: () => {
    const session = getSession()
    if (!session) throw redirect({ to: '/' })
    // Every business call answers 403 until an operator approves: an unapproved owner finishes onboarding first.
    if (isOnboarding(session.user)) throw redirect({ to: '/register' })
  },
  component: AppLayout,
})

function AppLayout() {
  // Payment alerts for as long as the signed-in app is open, on any screen (issue 22).
  useLiveAlerts()
  return (
    <>
      <AppShell />
      <WelcomeDialog />
    </>
  )
}
