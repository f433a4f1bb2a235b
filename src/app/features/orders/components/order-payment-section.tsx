import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { formatDateTime } from '#app/lib/dates'
import { StatusBadge } from '#app/ui/badge'
import { Card } from '#app/ui/card'
import { Money } from '#app/ui/money'
import type { Order } from '#contract/orders'

import { CreditNoteButton } from './credit-note-button'

const heading = css({ textStyle: 'caption', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide', mt: '3', mb: '1' })
const item = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: '3',
  py: '2.5',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _last: { borderBottomWidth: '0' },
})
const title = css({ display: 'block', fontWeight: 'medium', overflowWrap: 'anywhere' })
const meta = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted', overflowWrap: 'anywhere' })
const right = stack({ alignItems: 'flex-end', gap: '1' })
const note = css({ textStyle: 'body.sm', color: 'fg.muted', py: '2' })

/**
 * Payment: the credits that paid the order and the refunds sent back, each with its status and, for an invoice's, its
 * credit note to download; `action` is Initiate Refund.
 */
export function OrderPaymentSection({ order, action }: { order: Order; action?: ReactNode }) {
  return (
    <Card title="Payment" action={action}>
      <h3 className={heading}>Payments</h3>
      {order.payments.length ? (
        <ul aria-label="Payments">
          {order.payments.map((p) => (
            <li key={p.transactionId} className={item}>
              <span className={css({ minW: '0' })}>
                <span className={title}>{p.payerName ?? 'Bank transfer'}</span>
                {p.payerBankName || p.payerAccountNumber ? (
                  <span className={meta}>{[p.payerBankName, p.payerAccountNumber].filter(Boolean).join(' · ')}</span>
                ) : null}
                <span className={meta}>
                  {p.reference} · {formatDateTime(p.createdAt)}
                </span>
              </span>
              <span className={right}>
                <Money kobo={p.amount} currency={order.currency} />
                <StatusBadge status="success" />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={note}>No payment yet.</p>
      )}
      {order.refunds.length ? (
        <>
          <h3 className={heading}>Refunds</h3>
          <ul aria-label="Refunds">
            {order.refunds.map((r) => (
              <li key={r.id} className={item}>
                <span className={css({ minW: '0' })}>
                  <span className={title}>{r.reason ?? 'Refund'}</span>
                  <span className={meta}>
                    {r.transactionReference} · {formatDateTime(r.createdAt)}
                  </span>
                  {r.failureReason ? <span className={meta}>{r.failureReason}</span> : null}
                  {r.creditNoteNumber && order.invoiceNumber ? (
                    <>
                      <span className={meta}>
                        Credit note {r.creditNoteNumber} against invoice {order.invoiceNumber}
                      </span>
                      <CreditNoteButton number={r.creditNoteNumber} />
                    </>
                  ) : null}
                </span>
                <span className={right}>
                  <Money kobo={r.amount} currency={order.currency} />
                  <StatusBadge status={r.status} />
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  )
}
