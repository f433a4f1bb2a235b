import { createFileRoute, useNavigate } from '@tanstack/react-router'

import { AuthLayout } from '../features/auth/components/auth-layout'
import { ReviewOutcome } from '../features/onboarding/components/review-outcome'
import { requireStep } from '../features/onboarding/guard'
import { useLogout } from '../lib/sign-out'

export const Route = createFileRoute('/register/review')({
  // No boundary of its own: a failed guard is drawn by the /register layout's RegisterError.
  errorComponent: false,
  loader: ({ context: { queryClient } }) => requireStep(queryClient, '/register/review'),
  component: ReviewRoute,
})

function ReviewRoute() {
  const onboarding = Route.useLoaderData()
  const logout = useLogout()
  const navigate = useNavigate()
  return (
    <AuthLayout title="Thank you">
      <ReviewOutcome
        step={onboarding.step}
        busy={logout.isPending}
        onOkay={() => logout.mutate(undefined, { onSettled: () => void navigate({ to: '/' }) })}
      />
    </AuthLayout>
  )
}
