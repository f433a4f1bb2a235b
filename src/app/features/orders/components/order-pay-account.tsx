import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'

import { formatShortDateTime } from '#app/lib/dates'
import { Card } from '#app/ui/card'
import { CopyButton } from '#app/ui/copy-button'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import { Money } from '#app/ui/money'
import type { Order } from '#contract/orders'

const muted = css({ textStyle: 'body.sm', color: 'fg.muted' })
const copyValue = css({ display: 'inline-flex', alignItems: 'center', gap: '1', overflowWrap: 'anywhere' })
const number = css({ fontFamily: 'mono', fontSize: 'lg', letterSpacing: 'wide' })
const late = css({ p: '3', borderRadius: 'control', bg: 'warning.subtle', color: 'warning.fg', textStyle: 'body.sm' })
const lateItem = css({ display: 'flex', justifyContent: 'space-between', gap: '3', py: '1', flexWrap: 'wrap' })

/** When the account stops taking money for this order, in Lagos time (decision 147). */
export const accountExpiryText = (expiresAt: string) => `${formatShortDateTime(expiresAt)} (Lagos time)`

/**
 * The order's own account (issue 36): money into it pays this order with no narration, until it expires or the order
 * is paid or closed. Credits that arrived after it closed are listed for the vendor to attach (decision 147).
 */
export function OrderPayAccountSection({ order }: { order: Order }) {
  const account = order.payAccount
  if (!account && !order.unattachedPayments.length) return null
  const noun = order.kind === 'invoice' ? 'invoice' : 'order'
  return (
    <Card title={`Account for this ${noun}`}>
      {account ? (
        <>
          <p className={muted}>The customer transfers to this account from their bank app; it pays this {noun} with no narration needed.</p>
          <DetailList>
            <DetailRow label="Bank">{account.bankName}</DetailRow>
            <DetailRow label="Account number">
              <span className={copyValue}>
                <span className={number}>{account.accountNumber}</span>
                <CopyButton value={account.accountNumber} label="Copy account number" toastMessage="Account number copied" />
              </span>
            </DetailRow>
            <DetailRow label="Account name">{account.accountName}</DetailRow>
            <DetailRow label="Amount">
              <Money kobo={account.amount} currency={order.currency} />
            </DetailRow>
            <DetailRow label="Expires">{accountExpiryText(account.expiresAt)}</DetailRow>
          </DetailList>
        </>
      ) : null}
      {order.unattachedPayments.length ? (
        <div role="status" className={late}>
          <p>Paid into this {noun}'s account after it closed, so not counted here. Match it to an order from the transaction:</p>
          <ul aria-label="Unattached payments">
            {order.unattachedPayments.map((payment) => (
              <li key={payment.transactionId} className={lateItem}>
                <Link to="/transactions/$id" params={{ id: payment.transactionId }}>
                  {payment.reference}
                </Link>
                <span>
                  <Money kobo={payment.amount} currency={order.currency} /> · {formatShortDateTime(payment.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  )
}
