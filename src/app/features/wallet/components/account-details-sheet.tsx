import { useQuery } from '@tanstack/react-query'

import { QueryError } from '#app/ui/query-error'
import { Sheet } from '#app/ui/sheet'
import { Skeleton } from '#app/ui/skeleton'

import { walletDetailsQuery } from '../queries'
import { AccountCardButton } from './account-card-button'
import { AccountDetailsList } from './account-details-list'

/** The wallet's account-details dialog: what a payer needs, copyable, and the printable card. */
export function AccountDetailsSheet({ onClose }: { onClose: () => void }) {
  const details = useQuery(walletDetailsQuery())
  return (
    <Sheet
      onClose={onClose}
      title="Account details"
      description="Transfers to this account from any Nigerian bank fund your wallet."
      footer={
        // No card to print until the account has its number.
        details.data?.accountNumber ? (
          <AccountCardButton details={{ ...details.data, accountNumber: details.data.accountNumber }} variant="solid" />
        ) : undefined
      }
    >
      {details.data ? (
        <AccountDetailsList details={details.data} large />
      ) : details.isError ? (
        <QueryError query={details} title="Could not load account details" description="no" />
      ) : (
        <Skeleton count={3} height={28} />
      )}
    </Sheet>
  )
}
