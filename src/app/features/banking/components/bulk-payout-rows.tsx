import { css } from 'styled-system/css'

import { Badge, type StatusTone } from '#app/ui/badge'
import { Button } from '#app/ui/button'
import { formatKobo } from '#contract/naira'
import type { PayoutBatch, PayoutBatchRow } from '#contract/payout-batches'

const list = css({ listStyle: 'none', p: '0', m: '0' })
const item = css({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: '1 3',
  py: '3',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
})
const name = css({ fontWeight: 'medium', overflowWrap: 'anywhere' })
const small = css({ textStyle: 'body.sm', color: 'fg.muted' })
const reason = css({ textStyle: 'body.sm', color: 'danger.fg', gridColumn: '1 / -1' })
const totals = css({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: '1',
  p: '3',
  mb: '3',
  borderRadius: 'control',
  bg: 'bg.subtle',
  '& dd': { textAlign: 'right', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' },
})

const STATUS: Record<PayoutBatchRow['status'], { label: string; tone: StatusTone }> = {
  refused: { label: 'Not sent', tone: 'danger' },
  ready: { label: 'Ready', tone: 'info' },
  scheduled: { label: 'Scheduled', tone: 'info' },
  pending: { label: 'Sending', tone: 'warning' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
}

const count = (batch: PayoutBatch, status: PayoutBatchRow['status']) => batch.rows.filter((row) => row.status === status).length

/** The review's and the outcome's sums: what the PIN authorises, and what became of it. */
export function BatchTotals({ batch }: { batch: PayoutBatch }) {
  const payable = batch.rowCount - batch.refusedCount
  return (
    <dl className={totals}>
      <dt>Payees</dt>
      <dd>{batch.refusedCount ? `${payable} of ${batch.rowCount}` : payable}</dd>
      <dt>Total</dt>
      <dd>{formatKobo(batch.total)}</dd>
      <dt>Charges</dt>
      <dd>{formatKobo(batch.totalFee)}</dd>
      {/* A cancelled batch moved no money: its sum is what it would have debited. */}
      <dt>{batch.status === 'cancelled' ? 'Total, not debited' : 'Total debit'}</dt>
      <dd>{formatKobo(batch.total + batch.totalFee)}</dd>
      {batch.status === 'confirmed' ? (
        <>
          {/* What became of it: a failed row's amount and charge are back in the wallet. */}
          <dt>Sent · Sending · Failed</dt>
          <dd>{`${count(batch, 'sent')} · ${count(batch, 'pending')} · ${count(batch, 'failed')}`}</dd>
        </>
      ) : null}
    </dl>
  )
}

/** Each row: the bank's name for the account (or why it cannot be paid), the amount and fee, and its status. */
export function BatchRows({ batch, onReceipt }: { batch: PayoutBatch; onReceipt?: (transactionId: string) => void }) {
  return (
    <ul className={list} aria-label="Payees">
      {batch.rows.map((row) => {
        const status = STATUS[row.status]
        return (
          <li key={row.id} className={item}>
            <span>
              <span className={name}>{row.accountName ?? `Row ${row.position}`}</span>
              <span className={css({ display: 'block' }) + ' ' + small}>
                {row.accountNumber} · {row.bankName ?? row.bankCode}
              </span>
            </span>
            <span className={css({ textAlign: 'right' })}>
              <span className={css({ display: 'block', fontWeight: 'semibold' })}>{formatKobo(row.amount)}</span>
              <span className={small}>+ {formatKobo(row.fee)} charge</span>
            </span>
            <span className={css({ display: 'flex', gap: '2', alignItems: 'center', gridColumn: '1 / -1' })}>
              <Badge tone={status.tone}>{status.label}</Badge>
              {row.status === 'sent' && row.transactionId && onReceipt ? (
                <Button size="sm" variant="ghost" onClick={() => onReceipt(row.transactionId!)}>
                  Receipt
                </Button>
              ) : null}
            </span>
            {row.reason ? <span className={reason}>{row.reason}</span> : null}
          </li>
        )
      })}
    </ul>
  )
}
