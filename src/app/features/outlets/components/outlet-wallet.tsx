import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type ReactNode, useId } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'

import { errorMessage } from '#app/lib/api'
import { useBalanceHidden } from '#app/lib/balance-hidden'
import { OFFLINE_MONEY_MESSAGE, useOnline } from '#app/lib/online'
import { AccountNumber } from '#app/ui/account-number'
import { IconButton } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import { Icon, type IconName } from '#app/ui/icon'
import { Money } from '#app/ui/money'
import { Notice } from '#app/ui/notice'
import { QueryError } from '#app/ui/query-error'
import { Skeleton } from '#app/ui/skeleton'
import type { Outlet } from '#contract/outlets'

import { outletBalanceQuery, outletWalletDetailsQuery, type TransferDirection } from '../queries'

/** Why Transfer to Outlet is disabled for an inactive outlet (decisions 043, 044). */
export const INACTIVE_OUTLET_REASON =
  'This outlet is inactive: it takes no money until it is activated again. Its balance can still be moved to the main wallet.'

/**
 * Why a transfer cannot be made now, or null. An inactive outlet takes no money in, but its balance may still be
 * moved to the main wallet: only the owner and team managers see an inactive outlet's wallet (outlet-page.tsx),
 * and bank credits keep landing there (decision 044).
 */
export function transferBlockedReason(online: boolean, outlet: Pick<Outlet, 'status'> | undefined, direction: TransferDirection) {
  if (!online) return OFFLINE_MONEY_MESSAGE
  if (outlet?.status === 'inactive' && direction === 'to-outlet') return INACTIVE_OUTLET_REASON
  return null
}

const amount = css({ textStyle: 'amount.lg', mt: '1', minH: '10' })
// One under the other: side by side, 'Transfer to Main Wallet' does not fit half of a phone or of the desktop card.
const actionGrid = css({ display: 'grid', gap: '2', mt: '4' })
const actionLink = (variant: 'solid' | 'outline') => cx(button({ variant, size: 'md' }), css({ textDecoration: 'none' }))

const ACTIONS: Record<
  TransferDirection,
  {
    to: '/outlets/$outletId/transfer-to-outlet' | '/outlets/$outletId/transfer-to-main'
    label: string
    icon: IconName
    variant: 'solid' | 'outline'
  }
> = {
  'to-outlet': { to: '/outlets/$outletId/transfer-to-outlet', label: 'Transfer to Outlet', icon: 'arrow-down-left', variant: 'solid' },
  'to-main': { to: '/outlets/$outletId/transfer-to-main', label: 'Transfer to Main Wallet', icon: 'arrow-up-right', variant: 'outline' },
}

/**
 * The two transfers. One that cannot be made now (offline; money into an inactive outlet) is a disabled button
 * that says why: a money call is never queued to run when the network comes back (docs/decisions).
 */
function TransferActions({ outlet, canFund }: { outlet: Outlet; canFund: boolean }) {
  const online = useOnline()
  const reasonId = useId()
  // Money leaves the main wallet only for a user holding VENDOR_TRANSFERS, as the server insists.
  const directions: TransferDirection[] = canFund ? ['to-outlet', 'to-main'] : ['to-main']
  const reasons = directions.map((direction) => transferBlockedReason(online, outlet, direction))
  const reason = reasons.find((r) => r !== null) ?? null
  return (
    <>
      <div className={actionGrid}>
        {directions.map((direction, index) => {
          const action = ACTIONS[direction]
          const content = (
            <>
              <Icon name={action.icon} size={18} />
              {action.label}
            </>
          )
          return reasons[index] ? (
            <button key={direction} type="button" className={actionLink(action.variant)} disabled aria-describedby={reasonId}>
              {content}
            </button>
          ) : (
            <Link key={direction} to={action.to} params={{ outletId: outlet.id }} search className={actionLink(action.variant)}>
              {content}
            </Link>
          )
        })}
      </div>
      {reason ? (
        <div id={reasonId} className={css({ mt: '3' })}>
          <Notice icon={online ? 'lock' : 'wifi-off'}>{reason}</Notice>
        </div>
      ) : null}
    </>
  )
}

/** The outlet wallet's balance (hide-able, as on the home card) and the transfers in and out of it. */
export function OutletBalanceCard({ outlet, canFund }: { outlet: Outlet; canFund: boolean }) {
  const balance = useQuery(outletBalanceQuery(outlet.id))
  const [hidden, toggleHidden] = useBalanceHidden()
  let shown: ReactNode
  if (balance.data) shown = hidden ? '₦ ••••••' : <Money kobo={balance.data.balance} currency={balance.data.currency} />
  else if (balance.isError) shown = '—'
  else shown = <Skeleton height={36} width="60%" />
  return (
    <Card
      title="Outlet balance"
      action={
        <span className={css({ display: 'flex' })}>
          <IconButton label="Refresh balance" icon="refresh" disabled={balance.isFetching} onClick={() => void balance.refetch()} />
          <IconButton
            label={hidden ? 'Show balance' : 'Hide balance'}
            icon={hidden ? 'eye' : 'eye-off'}
            aria-pressed={hidden}
            onClick={toggleHidden}
          />
        </span>
      }
    >
      <p data-testid="outlet-balance" className={amount}>
        {shown}
      </p>
      {balance.isError ? <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>{errorMessage(balance.error)}</p> : null}
      <TransferActions outlet={outlet} canFund={canFund} />
    </Card>
  )
}

/** The outlet wallet's own virtual account: money sent there lands in the outlet, not the main wallet. */
export function OutletAccountCard({ outletId }: { outletId: string }) {
  const details = useQuery(outletWalletDetailsQuery(outletId))
  const d = details.data
  return (
    <Card title="Receive money by bank transfer">
      {d ? (
        <DetailList>
          {d.bankName && <DetailRow label="Bank name">{d.bankName}</DetailRow>}
          <DetailRow label="Account number">
            <AccountNumber value={d.accountNumber} />
          </DetailRow>
          <DetailRow label="Account name">{d.accountName}</DetailRow>
        </DetailList>
      ) : details.isError ? (
        <QueryError query={details} title="Could not load account details" />
      ) : (
        <Skeleton count={3} height="20px" />
      )}
    </Card>
  )
}
