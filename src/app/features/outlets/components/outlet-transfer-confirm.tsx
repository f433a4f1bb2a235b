import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { formatKobo } from '../../../lib/money'
import { DetailList, DetailRow } from '../../../ui/detail-list'

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' })
const lead = css({ color: 'fg.muted', textStyle: 'body.sm' })

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
    <div className={stack}>
      <p className={lead}>Check the transfer. Your transaction PIN authorises it.</p>
      <DetailList>
        <DetailRow label="Amount">{formatKobo(amount)}</DetailRow>
        <DetailRow label="From">{from}</DetailRow>
        <DetailRow label="To">{to}</DetailRow>
        <DetailRow label="Charge">Free</DetailRow>
        {narration ? <DetailRow label="Narration">{narration}</DetailRow> : null}
      </DetailList>
      {children}
    </div>
  )
}
