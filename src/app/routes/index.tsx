import { createFileRoute, redirect } from '@tanstack/react-router'

import { AuthLayout } from '../features/auth/components/auth-layout'
import { LoginForm } from '../features/auth/components/login-form'
import { isOnboarding } from '../lib/onboarding'
import { getSession } from '../lib/session'

export const Route = createFileRoute('/')({
  beforeLoad: () => {
    const session = getSession()
    // An owner still onboarding has a session for that only; /register sends them to their step.
    if (session) throw redirect({ to: isOnboarding(session.user) ? '/register' : '/home' })
  },
  component: () => (
    <AuthLayout title="Welcome back" description="Log in to manage your sales, payments and wallet.">
      <LoginForm />
    </AuthLayout>
  ),
})
