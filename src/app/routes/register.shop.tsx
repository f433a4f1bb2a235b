import { createFileRoute } from '@tanstack/react-router'

import { AuthLayout } from '../features/auth/components/auth-layout'
import { ShopSetupForm } from '../features/onboarding/components/shop-setup-form'
import { StepHeader } from '../features/onboarding/components/step-header'
import { requireStep } from '../features/onboarding/guard'
import { backgroundsQuery, fontsQuery } from '../features/onboarding/queries'
import { useSession } from '../lib/session'

export const Route = createFileRoute('/register/shop')({
  loader: async ({ context: { queryClient } }) => {
    await requireStep(queryClient, '/register/shop')
    await Promise.all([queryClient.ensureQueryData(fontsQuery()), queryClient.ensureQueryData(backgroundsQuery())])
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
