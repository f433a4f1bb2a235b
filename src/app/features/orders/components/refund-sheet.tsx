import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { REFUND_TYPES, type Order } from '../../../../contract/orders'
import { errorMessage } from '../../../lib/api'
import { afterFailure, attemptFor, outcomeUnknown, type Attempt } from '../../../lib/idempotency'
import { OFFLINE_MONEY_MESSAGE, useOnline } from '../../../lib/online'
import { shouldToast } from '../../../lib/query-client'
import { chargeLabel, transferChargeQuery } from '../../../lib/transfer-charge'
import { Button } from '../../../ui/button'
import { ChoiceChips } from '../../../ui/choice-chips'
import { DetailList, DetailRow } from '../../../ui/detail-list'
import { AmountInput, Field, Textarea } from '../../../ui/field'
import { Money } from '../../../ui/money'
import { Notice } from '../../../ui/notice'
import { Sheet } from '../../../ui/sheet'
import { Skeleton } from '../../../ui/skeleton'
import { notify } from '../../../ui/toast'
import { useRefundOrder } from '../queries'
import { EMPTY_REFUND, refundAmount, type RefundDraft } from '../refund'

export const UNKNOWN_REFUND_OUTCOME = 'We could not confirm the refund. Try again: it will not be sent twice.'

const TYPE_CHOICES = REFUND_TYPES.map((value) => ({ value, label: value === 'FULL' ? 'Full' : 'Partial' }))

const body = css({ display: 'flex', flexDirection: 'column', gap: '5' })

function RefundFormSheet({ order, onClose }: { order: Order; onClose: () => void }) {
  const formId = useId()
  const online = useOnline()
  const refund = useRefundOrder()
  const [draft, setDraft] = useState<RefundDraft>(EMPTY_REFUND)
  const [outcome, setOutcome] = useState<string | null>(null)
  const pending = useRef<Attempt | null>(null)
  const amount = refundAmount(draft, order.refundableAmount, order.amountPaid, order.amountRefunded)
  const set = (patch: Partial<RefundDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const canSubmit = online && order.canRefund && amount.kobo !== null && !refund.isPending
  // A refund is a bank transfer: the wallet pays its charge on top, as with Send Money.
  const charge = useQuery({ ...transferChargeQuery(amount.kobo ?? 0), enabled: amount.kobo !== null, placeholderData: keepPreviousData })
  const chargeLine = amount.kobo === null ? undefined : `Charge: ${chargeLabel(charge.data?.fee)}`

  function submit() {
    if (!canSubmit || amount.kobo === null) return
    setOutcome(null)
    // The amount is always sent, FULL too: the server refunds exactly what the vendor saw, or refuses.
    const narration = draft.reason.trim() || undefined
    const refundBody = { reference: order.reference, status: 'refunded' as const, amount: amount.kobo, narration }
    // One Idempotency-Key per attempt (docs/decisions/011): a retry after an unknown outcome reuses it.
    const attempt = attemptFor(pending.current, JSON.stringify(refundBody))
    pending.current = attempt
    refund.mutate(
      { body: refundBody, idempotencyKey: attempt.key },
      {
        onSuccess: () => {
          pending.current = null
          onClose()
        },
        onError: (error) => {
          pending.current = afterFailure(attempt, error)
          if (outcomeUnknown(error)) return setOutcome(online ? UNKNOWN_REFUND_OUTCOME : errorMessage(error))
          // A refusal (too much, a status that cannot be refunded): the money did not move.
          if (shouldToast(error)) notify.error(errorMessage(error))
        },
      },
    )
  }

  return (
    <Sheet
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title="Initiate Refund"
      description={order.reference}
      footer={
        <>
          <Button variant="outline" size="lg" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="lg" form={formId} disabled={!canSubmit} loading={refund.isPending}>
            {pending.current ? 'Try again' : 'Initiate Refund'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className={body}
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        {online ? null : <Notice icon="wifi-off">{OFFLINE_MONEY_MESSAGE}</Notice>}
        {order.canRefund ? null : <Notice icon="info">Nothing on this {order.kind} can be refunded now.</Notice>}
        <DetailList>
          <DetailRow label="Amount paid">
            <Money kobo={order.amountPaid} currency={order.currency} />
          </DetailRow>
          {/* What reached the payer; a refund still with the bank blocks another (the notice above says so). */}
          {order.amountRefunded > 0 ? (
            <DetailRow label="Refunded">
              <Money kobo={order.amountRefunded} currency={order.currency} />
            </DetailRow>
          ) : null}
          <DetailRow label="Can be refunded">
            <Money kobo={order.refundableAmount} currency={order.currency} />
          </DetailRow>
        </DetailList>
        <ChoiceChips legend="Refund type" choices={TYPE_CHOICES} value={draft.type} onChange={(type) => set({ type, amount: '' })} />
        <Field label="Amount" error={amount.error} disabled={draft.type === 'FULL'} helper={[draft.type === 'FULL' ? 'A full refund returns everything that can be refunded.' : null, chargeLine].filter(Boolean).join(' ') || undefined}>
          <AmountInput value={amount.text} onChange={(text) => set({ amount: text })} />
        </Field>
        <Field label="Reason (optional)">
          <Textarea rows={3} maxLength={500} value={draft.reason} onChange={(event) => set({ reason: event.target.value })} />
        </Field>
        {outcome ? (
          <Notice icon="alert-circle" role="alert">
            {outcome}
          </Notice>
        ) : null}
      </form>
    </Sheet>
  )
}
/** Initiate Refund (SPEC §2, §5) for /orders/$reference/refund: money goes back to the account that paid. */
export function RefundSheet({ order, onClose }: { order: Order | undefined; onClose: () => void }) {
  if (order) return <RefundFormSheet order={order} onClose={onClose} />
  return (
    <Sheet
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title="Initiate Refund"
    >
      <div aria-busy="true">
        <Skeleton count={5} height={32} />
      </div>
    </Sheet>
  )
}
