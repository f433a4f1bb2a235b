import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { chargeLabel } from '#app/lib/transfer-charge'
import { Notice } from '#app/ui/notice'
import { totalDebit } from '#contract/charges'
import { formatKobo } from '#contract/naira'

import type { Resolved } from '../use-account-resolution'

const list = css({
  display: 'flex',
  flexDirection: 'column',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'card',
  px: '4',
})
const item = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '3',
  minH: '12',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _last: { borderBottomWidth: '0' },
})
const term = css({ color: 'fg.muted', textStyle: 'body.sm' })
const detail = css({ fontWeight: 'medium', textAlign: 'right', wordBreak: 'break-word' })

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={item}>
      <dt className={term}>{label}</dt>
      <dd className={detail}>{children}</dd>
    </div>
  )
}

export interface ConfirmPaymentProps {
  account: Resolved
  amountKobo: number
  fee: number | undefined
  narration: string
  /** Why Send is disabled (too little balance, third-party transfers off), said here and not under the PIN. */
  problem?: string | null
  /** What the send limits leave today (decision 144), when nothing stops the transfer. */
  note?: string | null
}

/** Step 2, 'Confirm Payment': everything that will happen, read back before the PIN. */
export function ConfirmPayment({ account, amountKobo, fee, narration, problem, note }: ConfirmPaymentProps) {
  return (
    <div className={stack({ gap: '4' })}>
      <div className={css({ textAlign: 'center', py: '2' })}>
        <p className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>You are sending</p>
        <p className={css({ textStyle: 'amount.lg' })}>{formatKobo(amountKobo)}</p>
        <p className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>to {account.accountName}</p>
      </div>
      <dl className={list}>
        <Row label="Account name">{account.accountName}</Row>
        <Row label="Bank">{account.bankName}</Row>
        <Row label="Account number">{account.accountNumber}</Row>
        <Row label="Amount">{formatKobo(amountKobo)}</Row>
        <Row label="Charge">{chargeLabel(fee)}</Row>
        <Row label="Total">{fee === undefined ? '—' : formatKobo(totalDebit(amountKobo, fee))}</Row>
        {narration.trim() ? <Row label="Narration">{narration.trim()}</Row> : null}
      </dl>
      {problem ? (
        <Notice icon="alert-circle" role="alert" tone="danger">
          {problem}
        </Notice>
      ) : null}
      {note ? <p className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>{note}</p> : null}
    </div>
  )
}
