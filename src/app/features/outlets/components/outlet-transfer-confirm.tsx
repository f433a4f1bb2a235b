import type { ReactNode } from 'react'

import { ConfirmStep } from '#app/ui/confirm-step'
import { DetailRow } from '#app/ui/detail-list'
import { formatKobo } from '#contract/naira'

/** The confirm step of an outlet transfer (decision 086): what will move, from where, to where, before the PIN. */
export function OutletTransferConfirm({
  amount,
  from,
  to,
  narration,
  children,
}: {
  amount: number
  from: string
  to: string
  narration?: string
  children?: ReactNode
}) {
  return (
    <ConfirmStep
      lead="Check the transfer. Your transaction PIN authorises it."
      rows={
        <>
          <DetailRow label="Amount">{formatKobo(amount)}</DetailRow>
          <DetailRow label="From">{from}</DetailRow>
          <DetailRow label="To">{to}</DetailRow>
          <DetailRow label="Charge">Free</DetailRow>
          {narration ? <DetailRow label="Narration">{narration}</DetailRow> : null}
        </>
      }
    >
      {children}
    </ConfirmStep>
  )
}
