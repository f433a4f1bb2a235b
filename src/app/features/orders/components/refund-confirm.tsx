import type { ReactNode } from 'react'

import { chargeLabel } from '#app/lib/transfer-charge'
import { ConfirmStep } from '#app/ui/confirm-step'
import { DetailRow } from '#app/ui/detail-list'
import { Money } from '#app/ui/money'
import type { Order } from '#contract/orders'

/**
 * The refund's confirm step (decision 086): what leaves the wallet (the amount and the bank charge on top, as for
 * Send Money) and the account it returns to, read back before the PIN authorises it.
 */
export function RefundConfirm({
  order,
  amount,
  fee,
  reason,
  children,
}: {
  order: Order
  amount: number
  fee: number | undefined
  reason: string
  children?: ReactNode
}) {
  const to = order.refundAccount
  return (
    <ConfirmStep
      lead="The refund goes back by bank transfer to the account that paid. Your transaction PIN authorises it."
      rows={
        <>
          <DetailRow label="Refund">
            <Money kobo={amount} currency={order.currency} />
          </DetailRow>
          <DetailRow label="Charge">{chargeLabel(fee)}</DetailRow>
          <DetailRow label="Total from your wallet">
            {fee === undefined ? '—' : <Money kobo={amount + fee} currency={order.currency} />}
          </DetailRow>
          <DetailRow label="To">{to?.accountName || 'The account that paid'}</DetailRow>
          <DetailRow label="Bank">{to?.bankName}</DetailRow>
          <DetailRow label="Account number">{to?.accountNumber}</DetailRow>
          {reason.trim() ? <DetailRow label="Reason">{reason.trim()}</DetailRow> : null}
        </>
      }
    >
      {children}
    </ConfirmStep>
  )
}
