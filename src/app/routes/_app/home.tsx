import { createFileRoute } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { AccountDetailsCard, BalanceCard, NoWalletAccess } from '../../features/wallet/components/wallet-overview'
import { walletBalanceQuery, walletDetailsQuery } from '../../features/wallet/queries'
import { hasPermission } from '../../lib/permissions'
import { loadQuery } from '../../lib/query-client'
import { getSession, useSession } from '../../lib/session'
import { PageHeader } from '../../ui/page'

export const Route = createFileRoute('/_app/home')({
  loader: ({ context: { queryClient } }) => {
    if (!hasPermission(getSession()?.user.permissions ?? [], 'VENDOR_WALLET')) return
    return Promise.all([loadQuery(queryClient, walletBalanceQuery()), loadQuery(queryClient, walletDetailsQuery())]).then(() => undefined)
  },
  component: Home,
})

function greeting(now: Date) {
  const h = now.getHours()
  return h < 12 ? 'Good morning' : h < 17 ? 'Good afternoon' : 'Good evening'
}

function Home() {
  const session = useSession()
  const user = session?.user
  const canSeeWallet = hasPermission(user?.permissions ?? [], 'VENDOR_WALLET')
  const firstName = user?.name.split(' ')[0] ?? ''
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      <PageHeader title={`${greeting(new Date())}, ${firstName}`} description={user?.vendor.name} />
      {canSeeWallet ? (
        <div className={css({ display: 'grid', gap: '4', lg: { gridTemplateColumns: '1fr 1fr' } })}>
          <BalanceCard />
          <AccountDetailsCard />
        </div>
      ) : (
        <NoWalletAccess />
      )}
    </div>
  )
}
