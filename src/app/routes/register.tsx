import { createFileRoute, type ErrorComponentProps, Outlet, useRouter } from '@tanstack/react-router'

import { AuthLayout } from '../features/auth/components/auth-layout'
import { Button } from '../ui/button'

/** Opening a vendor account, step by step (docs/decisions/056, 059): public pages outside the signed-in app. */
export const Route = createFileRoute('/register')({
  component: Outlet,
  // A step's guard failed: offline with no step saved (features/onboarding/guard.ts), or the server did not answer.
  errorComponent: RegisterError,
})

function RegisterError({ error }: ErrorComponentProps) {
  const router = useRouter()
  return (
    <AuthLayout title="We could not open this step" description={error instanceof Error ? error.message : String(error)}>
      <Button onClick={() => void router.invalidate()}>Try again</Button>
    </AuthLayout>
  )
}
