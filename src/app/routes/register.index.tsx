import { createFileRoute } from '@tanstack/react-router'

import { AuthLayout } from '../features/auth/components/auth-layout'
import { RegisterForm } from '../features/onboarding/components/register-form'
import { StepHeader } from '../features/onboarding/components/step-header'
import { continueOnboarding } from '../features/onboarding/guard'

export const Route = createFileRoute('/register/')({
  // No boundary of its own: a failed guard is drawn by the /register layout's RegisterError.
  errorComponent: false,
  beforeLoad: ({ context: { queryClient } }) => continueOnboarding(queryClient),
  component: () => (
    <AuthLayout
      title="Create your account"
      description="Start selling in a few minutes: your business, your phone, your identity, your shop."
    >
      <StepHeader current="Account" />
      <RegisterForm />
    </AuthLayout>
  ),
})
