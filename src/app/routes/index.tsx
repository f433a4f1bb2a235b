import { createFileRoute, redirect } from '@tanstack/react-router'

import { LoginScreen } from '../features/auth/components/login-screen'
import { isOnboarding } from '../lib/onboarding'
import { getSession } from '../lib/session'

/*
 * A page load of `/` gets the prerendered login page (decision 099), not this route; the app reaches this route
 * without a reload: after a sign-out, a lost session, or a link to `/`.
 */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    const session = getSession()
    // An owner still onboarding has a session for that only; /register sends them to their step.
    if (session) throw redirect({ to: isOnboarding(session.user) ? '/register' : '/home' })
  },
  component: LoginScreen,
})
