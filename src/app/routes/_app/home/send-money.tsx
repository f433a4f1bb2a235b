import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'

import { SendMoneySheet } from '#app/features/banking/components/send-money-sheet'
import { banksQuery, thirdPartyTransfersQuery } from '#app/features/banking/queries'
import { pinStatusQuery } from '#app/features/pin/queries'
import { walletBalanceQuery } from '#app/features/wallet/queries'
import { useCloseTo } from '#app/lib/navigation'
import { hasPermission } from '#app/lib/permissions'
import { useSession } from '#app/lib/session'
import { EmptyState } from '#app/ui/empty-state'
import { Sheet } from '#app/ui/sheet'

export const Route = createFileRoute('/_app/home/send-money')({
  loader: ({ context: { queryClient } }) => {
    // Not awaited: the sheet opens at once; the bank list is usually cached for a day anyway.
    void queryClient.prefetchQuery(banksQuery())
    void queryClient.prefetchQuery(thirdPartyTransfersQuery())
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
  const session = useSession()
  const close = useCloseTo({ to: '/home', search: true })
  const pin = useQuery(pinStatusQuery())
  // The balance lets the Confirm step say "Insufficient balance" before the PIN; read only by who may see it.
  const canSeeWallet = hasPermission(session?.user.permissions ?? [], 'VENDOR_WALLET')
  const main = useQuery({ ...walletBalanceQuery(), enabled: canSeeWallet })
  if (!hasPermission(session?.user.permissions ?? [], 'VENDOR_TRANSFERS')) {
    return (
      <Sheet open onOpenChange={(open) => !open && close()} title="Send Money">
        <EmptyState
          title="Your role does not include sending money"
          description="Ask the account owner to grant the transfers permission."
          errorStatus={403}
        />
      </Sheet>
    )
  }
  return <SendMoneySheet onClose={close} blockedReason={pinProblem(pin.data)} mainBalance={canSeeWallet ? main.data?.balance : undefined} />
}
