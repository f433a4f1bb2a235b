import { createFileRoute } from '@tanstack/react-router'

import { AccountDetailsSheet } from '#app/features/wallet/components/account-details-sheet'
import { walletDetailsQuery } from '#app/features/wallet/queries'
import { useCloseTo } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/home/account-details')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(walletDetailsQuery())
  },
  component: AccountDetailsRoute,
})

function AccountDetailsRoute() {
  const close = useCloseTo({ to: '/home', search: true })
  return <AccountDetailsSheet onClose={close} />
}
