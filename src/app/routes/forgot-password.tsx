import { createFileRoute } from '@tanstack/react-router'

import { AuthLayout } from '../features/auth/components/auth-layout'
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form'

export const Route = createFileRoute('/forgot-password')({
  component: () => (
    <AuthLayout title="Forgot password" description="Enter the email you log in with and we will send you a 6-digit reset code.">
      <ForgotPasswordForm />
    </AuthLayout>
  ),
})
