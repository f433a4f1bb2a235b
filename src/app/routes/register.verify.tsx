import { createFileRoute } from '@tanstack/react-router'

import { AuthLayout } from '../features/auth/components/auth-layout'
import { StepHeader } from '../features/onboarding/components/step-header'
import { VerifyPhoneStep } from '../features/onboarding/components/verify-phone-step'
import { requireStep } from '../features/onboarding/guard'

export const Route = createFileRoute('/register/verify')({
  // No boundary of its own: a failed guard is drawn by the /register layout's RegisterError.
  errorComponent: false,
  loader: ({ context: { queryClient } }) => requireStep(queryClient, '/register/verify'),
  component: VerifyRoute,
})

function VerifyRoute() {
  const onboarding = Route.useLoaderData()
  return (
    <AuthLayout title="Verify your phone">
      <StepHeader current="Phone" />
      <VerifyPhoneStep onboarding={onboarding} />
    </AuthLayout>
  )
}
