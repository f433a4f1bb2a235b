import { createFileRoute } from '@tanstack/react-router'

import { AuthLayout } from '../features/auth/components/auth-layout'
import { KycForm } from '../features/onboarding/components/kyc-form'
import { StepHeader } from '../features/onboarding/components/step-header'
import { requireStep } from '../features/onboarding/guard'

export const Route = createFileRoute('/register/kyc')({
  // No boundary of its own: a failed guard is drawn by the /register layout's RegisterError.
  errorComponent: false,
  loader: ({ context: { queryClient } }) => requireStep(queryClient, '/register/kyc'),
  component: () => (
    <AuthLayout title="Verify your identity" description="We check who runs every shop before it can take payments.">
      <StepHeader current="Identity" />
      <KycForm />
    </AuthLayout>
  ),
})
