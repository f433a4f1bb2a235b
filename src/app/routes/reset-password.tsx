import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'

import { AuthLayout } from '../features/auth/components/auth-layout'
import { ResetPasswordForm } from '../features/auth/components/reset-password-form'

export const Route = createFileRoute('/reset-password')({
  validateSearch: v.object({ email: v.optional(v.pipe(v.string(), v.maxLength(254))) }),
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { email } = Route.useSearch()
  return (
    <AuthLayout title="Reset password" description="Enter the code we emailed you and choose a new password.">
      <ResetPasswordForm email={email} />
    </AuthLayout>
  )
}
