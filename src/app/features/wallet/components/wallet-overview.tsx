import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import { css } from 'styled-system/css'

import { useBalanceHidden } from '#app/lib/balance-hidden'
import { OFFLINE_MONEY_MESSAGE, useOnline } from '#app/lib/online'
import { Card } from '#app/ui/card'
import { Icon } from '#app/ui/icon'
import { Money } from '#app/ui/money'
import { QueryError } from '#app/ui/query-error'
import { Skeleton } from '#app/ui/skeleton'

import { walletBalanceQuery, walletDetailsQuery } from '../queries'
import { AccountCardButton } from './account-card-button'
import { AccountDetailsList } from './account-details-list'

const roundButton = css({
  display: 'grid',
  placeItems: 'center',
  width: '44px',
  height: '44px',
  borderRadius: 'full',
  cursor: 'pointer',
  _hover: { bg: 'white/15' },
  _disabled: { opacity: 0.6, cursor: 'progress' },
})

function BalanceAmount({ hidden }: { hidden: boolean }) {
  const balance = useQuery(walletBalanceQuery())
  if (balance.data) return hidden ? '₦ ••••••' : <Money kobo={balance.data.balance} currency={balance.data.currency} />
  if (balance.isError) return '—'
  return <Skeleton height={36} width="60%" />
}

const actionLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1.5',
  minH: 'touch',
  px: '3',
  borderRadius: 'control',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  cursor: 'pointer',
  bg: 'white',
  color: 'accent.fg',
  _hover: { bg: 'accent.subtle' },
  '&[data-variant=quiet]': { bg: 'white/15', color: 'fg.onAccent', _hover: { bg: 'white/25' } },
  _disabled: { opacity: 0.65, cursor: 'not-allowed' },
})

/**
 * Bulk payout (decision 192): a quieter way in than Send Money's, under it. A block of a fixed height (12 + 24 px),
 * so Home's pending card can reserve exactly that much (balance-card-height.ts) and nothing moves when Home arrives.
 */
const bulkLink = css({
  display: 'block',
  width: 'fit-content',
  h: '6',
  lineHeight: '1.5rem',
  mt: '3',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'fg.onAccent',
  textDecoration: 'underline',
})

/**
 * Send Money and Add money. Offline, Send Money is a disabled button that says why: a transfer is never queued
 * to run when the network comes back (docs/decisions).
 */
function WalletActions({ canSend }: { canSend: boolean }) {
  const online = useOnline()
  const reasonId = useId()
  return (
    <div className={css({ mt: '4' })}>
      <div className={css({ display: 'grid', gridTemplateColumns: canSend ? '1fr 1fr' : '1fr', gap: '3' })}>
        {canSend ? (
          online ? (
            <Link to="/home/send-money" className={actionLink}>
              <Icon name="send" size={18} />
              Send Money
            </Link>
          ) : (
            <button type="button" className={actionLink} disabled aria-describedby={reasonId}>
              <Icon name="send" size={18} />
              Send Money
            </button>
          )
        ) : null}
        <Link to="/home/account-details" className={actionLink} data-variant="quiet">
          <Icon name="plus" size={18} />
          Add money
        </Link>
      </div>
      {canSend && online ? (
        <Link to="/home/bulk-payout" className={bulkLink}>
          Pay many people at once
        </Link>
      ) : null}
      {canSend && !online ? (
        <p id={reasonId} className={css({ mt: '2', fontSize: 'sm' })}>
          {OFFLINE_MONEY_MESSAGE}
        </p>
      ) : null}
    </div>
  )
}

export function BalanceCard({ canSend = false }: { canSend?: boolean }) {
  const balance = useQuery(walletBalanceQuery())
  const [hidden, toggleHidden] = useBalanceHidden()
  return (
    <section
      aria-labelledby="balance-title"
      className={css({ borderRadius: 'card', p: '5', bg: 'accent.default', color: 'fg.onAccent', boxShadow: 'raised' })}
    >
      <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center' })}>
        <h2 id="balance-title" className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
          Wallet balance
        </h2>
        <div className={css({ display: 'flex' })}>
          <button
            type="button"
            className={roundButton}
            aria-label="Refresh balance"
            disabled={balance.isFetching}
            onClick={() => void balance.refetch()}
          >
            <Icon name="refresh" size={20} />
          </button>
          <button
            type="button"
            className={roundButton}
            aria-label={hidden ? 'Show balance' : 'Hide balance'}
            aria-pressed={hidden}
            onClick={toggleHidden}
          >
            <Icon name={hidden ? 'eye' : 'eye-off'} size={20} />
          </button>
        </div>
      </div>
      <p data-testid="wallet-balance" className={css({ textStyle: 'amount.lg', mt: '1' })}>
        <BalanceAmount hidden={hidden} />
      </p>
      {balance.isError && <p className={css({ fontSize: 'sm', mt: '1' })}>Could not load the balance.</p>}
      <WalletActions canSend={canSend} />
    </section>
  )
}

export function AccountDetailsCard() {
  const details = useQuery(walletDetailsQuery())
  return (
    <Card title="Receive money by bank transfer">
      {details.data ? (
        <>
          <AccountDetailsList details={details.data} />
          {details.data.accountNumber && (
            <div className={css({ mt: '4' })}>
              <AccountCardButton details={{ ...details.data, accountNumber: details.data.accountNumber }} />
            </div>
          )}
        </>
      ) : details.isError ? (
        <QueryError query={details} title="Could not load account details" description="no" />
      ) : (
        <Skeleton count={3} height="20px" />
      )}
    </Card>
  )
}
