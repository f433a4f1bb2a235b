import { createFileRoute } from '@tanstack/react-router'

import { AuthLayout } from '../features/auth/components/auth-layout'
import { ShopSetupForm } from '../features/onboarding/components/shop-setup-form'
import { StepHeader } from '../features/onboarding/components/step-header'
import { requireStep } from '../features/onboarding/guard'
import { backgroundsQuery, fontsQuery } from '../features/onboarding/queries'
import { requireQueryData } from '../lib/query-client'
import { useSession } from '../lib/session'

export const Route = createFileRoute('/register/shop')({
  // No boundary of its own: a failed guard is drawn by the /register layout's RegisterError.
  errorComponent: false,
  loader: async ({ context: { queryClient } }) => {
    await requireStep(queryClient, '/register/shop')
    // The form's first values are the first font and background (useSuspenseQuery), so it waits for both.
    await Promise.all([requireQueryData(queryClient, fontsQuery()), requireQueryData(queryClient, backgroundsQuery())])
  },
  component: ShopRoute,
})

function ShopRoute() {
  const session = useSession()
  return (
    <AuthLayout title="Set up your shop" description="How your shop looks to customers. You can change all of it later in Settings.">
      <StepHeader current="Shop" />
      <ShopSetupForm businessName={session?.user.vendor.name ?? ''} />
    </AuthLayout>
  )
}
