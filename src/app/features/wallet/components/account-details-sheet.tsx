import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { errorStatus } from '../../../lib/api'
import { CopyButton } from '../../../ui/copy-button'
import { EmptyState } from '../../../ui/empty-state'
import { Sheet } from '../../../ui/sheet'
import { Skeleton } from '../../../ui/skeleton'
import { walletDetailsQuery } from '../queries'
import { AccountCardButton } from './account-card-button'

const label = css({ textStyle: 'body.sm', color: 'fg.muted' })

/** The wallet's account-details dialog: what a payer needs, copyable, and the printable card. */
export function AccountDetailsSheet({ onClose }: { onClose: () => void }) {
  const details = useQuery(walletDetailsQuery())
  return (
    <Sheet
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title="Account details"
      description="Transfers to this account from any Nigerian bank fund your wallet."
      footer={details.data ? <AccountCardButton details={details.data} variant="solid" /> : undefined}
    >
      {details.data ? (
        <dl className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          <div>
            <dt className={label}>Bank name</dt>
            <dd className={css({ fontWeight: 'medium', fontSize: 'lg' })}>{details.data.bankName}</dd>
          </div>
          <div>
            <dt className={label}>Account number</dt>
            <dd className={css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'bold', fontSize: '2xl', letterSpacing: 'wider' })}>
              <span>{details.data.accountNumber}</span>
              <CopyButton value={details.data.accountNumber} label="Copy account number" toastMessage="Account number copied" />
            </dd>
          </div>
          <div>
            <dt className={label}>Account name</dt>
            <dd className={css({ fontWeight: 'medium', fontSize: 'lg' })}>{details.data.accountName}</dd>
          </div>
        </dl>
      ) : details.isError ? (
        <EmptyState title="Could not load account details" onRefetch={() => void details.refetch()} errorStatus={errorStatus(details.error)} refetching={details.isFetching} />
      ) : (
        <Skeleton count={3} height={28} />
      )}
    </Sheet>
  )
}
