import { createFileRoute, redirect } from '@tanstack/react-router'
import { AuthLayout } from '../features/auth/components/auth-layout'
import { LoginForm } from '../features/auth/components/login-form'
import { getSession } from '../lib/session'

export const Route = createFileRoute('/')({
  beforeLoad: () => {
    if (getSession()) throw redirect({ to: '/home' })
  },
  component: () => (
    <AuthLayout title="Welcome back" description="Log in to manage your sales, payments and wallet.">
      <LoginForm />
    </AuthLayout>
  ),
})
