import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { listRow } from 'styled-system/recipes'

import { formatShortDateTime } from '#app/lib/dates'
import { internalTransferLabel } from '#app/lib/internal-transfer'
import { StatusBadge } from '#app/ui/badge'
import { Icon } from '#app/ui/icon'
import { formatKobo } from '#contract/naira'
import type { Transaction } from '#contract/transactions'
import { counterparty } from '#contract/transactions-csv'

import { refundedOrder } from '../refund'
import { MAIN_WALLET, type TransactionLink } from '../source'

/** Fixed, so the virtual list can place 10,000 rows without measuring any of them. */
export const ROW_HEIGHT = 72

const row = cx(listRow(), css({ gridTemplateColumns: 'auto minmax(0, 1fr) auto', h: 'full' }))
const avatar = css({
  display: 'grid',
  placeItems: 'center',
  w: '10',
  h: '10',
  borderRadius: 'full',
  '&[data-type=credit]': { bg: 'success.subtle', color: 'success.default' },
  '&[data-type=debit]': { bg: 'neutral.subtle', color: 'neutral.fg' },
})
const title = css({ fontWeight: 'medium', truncate: true })
const meta = css({ textStyle: 'body.sm', color: 'fg.muted', truncate: true })
const right = stack({ alignItems: 'flex-end', gap: '1' })
const amount = css({
  textStyle: 'amount',
  whiteSpace: 'nowrap',
  '&[data-type=credit]': { color: 'success.fg' },
})

/** Credits read '+₦1,500.00' and debits '−₦1,500.00' (a true minus sign), so direction never rests on colour. */
export function signedAmount(t: Pick<Transaction, 'type' | 'amount' | 'currency'>): string {
  return `${t.type === 'credit' ? '+' : '−'}${formatKobo(t.amount, t.currency)}`
}

export function rowTitle(t: Transaction): string {
  return internalTransferLabel(t) ?? counterparty(t).name ?? t.narration ?? (t.type === 'credit' ? 'Money received' : 'Money sent')
}

/**
 * The row's second line: the time, then a refund's order or the reference. An own transfer with a narration shows
 * the narration first (what the user typed is what tells two float transfers apart, and on a phone the line is cut
 * after ~30 characters), then the time; its reference is in the summary.
 */
export function rowDetail(t: Transaction): string {
  const time = formatShortDateTime(t.createdAt)
  if (t.internalTransfer && t.narration) return `${t.narration} · ${time}`
  // Paid into an order's account after it closed (decision 147): marked until the vendor attaches it.
  if (t.unattachedOrderReference) return `${time} · Unattached, for ${t.unattachedOrderReference}`
  return `${time} · ${refundLabel(t) ?? t.reference}`
}

/** 'Refund for ORD-…' on a refund's row, where other rows show their reference. */
export function refundLabel(t: Transaction): string | null {
  const order = refundedOrder(t)
  return order ? `Refund for ${order}` : null
}

/** One row, leading to its Transaction Summary (`link`, the main wallet's by default). */
export function TransactionRow({
  transaction: t,
  link = MAIN_WALLET.summaryLink(t.id),
}: {
  transaction: Transaction
  link?: TransactionLink
}) {
  return (
    <Link {...link} className={row} data-testid="transaction-row">
      <span className={avatar} data-type={t.type}>
        <Icon name={t.type === 'credit' ? 'arrow-down-left' : 'arrow-up-right'} size={18} label={t.type} />
      </span>
      <span className={css({ minW: '0' })}>
        <span className={title} style={{ display: 'block' }}>
          {rowTitle(t)}
        </span>
        <span className={meta} style={{ display: 'block' }}>
          {rowDetail(t)}
        </span>
      </span>
      <span className={right}>
        <span className={amount} data-type={t.type}>
          {signedAmount(t)}
        </span>
        <StatusBadge status={t.status} />
      </span>
    </Link>
  )
}
