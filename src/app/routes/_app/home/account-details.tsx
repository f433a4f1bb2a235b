import { createFileRoute } from '@tanstack/react-router'

import { AccountDetailsSheet } from '#app/features/wallet/components/account-details-sheet'
import { walletDetailsQuery } from '#app/features/wallet/queries'
import { type AppRouter, useCloseSheet } from '#app/lib/navigation'

export const Route = createFileRoute('/_app/home/account-details')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(walletDetailsQuery())
  },
  component: AccountDetailsRoute,
})

const toHome = (router: AppRouter) => void router.navigate({ to: '/home', search: (prev) => prev, replace: true })

function AccountDetailsRoute() {
  const close = useCloseSheet(toHome)
  return <AccountDetailsSheet onClose={close} />
}
