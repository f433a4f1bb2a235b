import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'

import { SendMoneySheet } from '#app/features/banking/components/send-money-sheet'
import { banksQuery, settlementAccountQuery, thirdPartyTransfersQuery } from '#app/features/banking/queries'
import { pinStatusQuery } from '#app/features/pin/queries'
import { walletBalanceQuery } from '#app/features/wallet/queries'
import { useCloseTo } from '#app/lib/navigation'
import { usePermission } from '#app/lib/permissions'
import { NoAccessSheet } from '#app/ui/no-access'

export const Route = createFileRoute('/_app/home/send-money')({
  loader: ({ context: { queryClient } }) => {
    // Not awaited: the sheet opens at once; the bank list is usually cached for a day anyway.
    void queryClient.prefetchQuery(banksQuery())
    void queryClient.prefetchQuery(thirdPartyTransfersQuery())
    // Beside the switch, not after it: with third-party transfers off, step 1 opens on the settlement account.
    void queryClient.prefetchQuery(settlementAccountQuery())
    void queryClient.prefetchQuery(pinStatusQuery())
  },
  component: SendMoneyRoute,
})

/** Sending needs a PIN that works: say so before the details are typed, not at the last step. */
function pinProblem(status: { hasPin: boolean; locked: boolean } | undefined): string | null {
  if (!status) return null
  if (!status.hasPin) return 'Create your transaction PIN first: Settings → Security.'
  if (status.locked) return 'Your PIN is locked after too many wrong tries. Reset it in Settings → Security.'
  return null
}

function SendMoneyRoute() {
  const close = useCloseTo({ to: '/home', search: true })
  const pin = useQuery(pinStatusQuery())
  // The balance lets the Confirm step say "Insufficient balance" before the PIN; read only by who may see it.
  const canSeeWallet = usePermission('VENDOR_WALLET')
  const canSend = usePermission('VENDOR_TRANSFERS')
  const main = useQuery({ ...walletBalanceQuery(), enabled: canSeeWallet })
  if (!canSend) return <NoAccessSheet sheetTitle="Send Money" permission="VENDOR_TRANSFERS" onClose={close} />
  return <SendMoneySheet onClose={close} blockedReason={pinProblem(pin.data)} mainBalance={canSeeWallet ? main.data?.balance : undefined} />
}
