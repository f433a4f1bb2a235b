import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { stack } from 'styled-system/patterns'

import { errorMessage } from '#app/lib/api'
import { afterFailure, type Attempt, attemptFor } from '#app/lib/idempotency'
import { OFFLINE_MONEY_MESSAGE, useOnline } from '#app/lib/online'
import { usePermission } from '#app/lib/permissions'
import { chargeLabel, transferChargeQuery } from '#app/lib/transfer-charge'
import { usePinStep } from '#app/lib/use-pin-step'
import { ChoiceChips } from '#app/ui/choice-chips'
import { StepFooter } from '#app/ui/confirm-step'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import { AmountInput, Field, Textarea } from '#app/ui/field'
import { Money } from '#app/ui/money'
import { Notice } from '#app/ui/notice'
import { PinDialog } from '#app/ui/pin-dialog'
import { Sheet } from '#app/ui/sheet'
import { Skeleton } from '#app/ui/skeleton'
import { formatKobo } from '#contract/naira'
import { MAX_ORDER_NARRATION, type Order, REFUND_TYPES } from '#contract/orders'

import { type RefundInput, useRefundOrder } from '../queries'
import { EMPTY_REFUND, refundAmount, type RefundDraft } from '../refund'
import { RefundConfirm } from './refund-confirm'

export const UNKNOWN_REFUND_OUTCOME = 'We could not confirm the refund. Try again: it will not be sent twice.'

const TYPE_CHOICES = REFUND_TYPES.map((value) => ({
  value,
  label: value === 'FULL' ? 'Full' : 'Partial',
}))

const body = stack({ gap: '5' })

type RefundBody = Omit<RefundInput['body'], 'pin'>

function RefundFormSheet({ order, onClose }: { order: Order; onClose: () => void }) {
  const formId = useId()
  const online = useOnline()
  const refund = useRefundOrder()
  const pinStep = usePinStep()
  const mayRefund = usePermission('VENDOR_REFUNDS')
  const [draft, setDraft] = useState<RefundDraft>(EMPTY_REFUND)
  const [step, setStep] = useState<'form' | 'confirm'>('form')
  const [refusal, setRefusal] = useState<string | null>(null)
  const pending = useRef<{ attempt: Attempt; body: RefundBody } | null>(null)
  const amount = refundAmount(draft, order.refundableAmount, order.amountPaid, order.amountRefunded)
  const set = (patch: Partial<RefundDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const canProceed = online && mayRefund && order.canRefund && amount.kobo !== null
  // A refund is a bank transfer: the wallet pays its charge on top, as with Send Money.
  const charge = useQuery({
    ...transferChargeQuery(amount.kobo ?? 0),
    enabled: amount.kobo !== null,
    placeholderData: keepPreviousData,
  })
  const fee = charge.isPlaceholderData ? undefined : charge.data?.fee
  const chargeLine = amount.kobo === null ? undefined : `Charge: ${chargeLabel(charge.data?.fee)}`

  function send(pin: string) {
    if (amount.kobo === null || refund.isPending) return
    pinStep.clearError()
    // The amount is always sent, FULL too: the server refunds exactly what the vendor saw, or refuses.
    const to = order.refundAccount
    // One Idempotency-Key per attempt (docs/decisions/011): a retry after an unknown outcome reuses it, and resends
    // the body it was sent with. What makes it the same refund is what the person chose (the draft), not the order:
    // refetched after the failure, it may name a smaller amount or another account because the first refund went
    // through, and sending that under a new key would refund twice. The PIN is not part of it either.
    const attempt = attemptFor(pending.current?.attempt ?? null, JSON.stringify(draft))
    const refundBody: RefundBody =
      pending.current?.attempt === attempt
        ? pending.current.body
        : {
            reference: order.reference,
            status: 'refunded',
            amount: amount.kobo,
            narration: draft.reason.trim() || undefined,
            // The account the confirm step showed: the server refuses (REFUND_ACCOUNT_CHANGED) if it would now pay another.
            refundAccount: to ? { accountNumber: to.accountNumber, bankName: to.bankName } : undefined,
          }
    pending.current = { attempt, body: refundBody }
    refund.mutate(
      { body: { ...refundBody, pin }, idempotencyKey: attempt.key },
      {
        onSuccess: () => {
          pending.current = null
          onClose()
        },
        onError: (error) => {
          pending.current = afterFailure(attempt, error) && { attempt, body: refundBody }
          // A refusal that is not the PIN's (too much, a status that cannot be refunded) is said on the confirm step.
          setRefusal(pinStep.failed(error, online ? UNKNOWN_REFUND_OUTCOME : errorMessage(error)))
        },
      },
    )
  }

  const footer = (
    <StepFooter
      confirming={step !== 'form'}
      formId={formId}
      proceedLabel="Initiate Refund"
      canProceed={canProceed}
      onCancel={onClose}
      onBack={() => setStep('form')}
      confirmLabel="Refund"
      // The total must be on screen before the PIN authorises it.
      canConfirm={canProceed && fee !== undefined}
      onConfirm={() => {
        setRefusal(null)
        pinStep.start()
      }}
    />
  )

  return (
    <>
      <Sheet onClose={onClose} title={step === 'form' ? 'Initiate Refund' : 'Confirm Refund'} description={order.reference} footer={footer}>
        {step === 'confirm' && amount.kobo !== null ? (
          <RefundConfirm order={order} amount={amount.kobo} fee={fee} reason={draft.reason}>
            {online ? null : <Notice icon="wifi-off">{OFFLINE_MONEY_MESSAGE}</Notice>}
            {refusal ? (
              <Notice icon="alert-circle" role="alert">
                {refusal}
              </Notice>
            ) : null}
          </RefundConfirm>
        ) : (
          <form
            id={formId}
            noValidate
            className={body}
            onSubmit={(event) => {
              event.preventDefault()
              if (canProceed) setStep('confirm')
            }}
          >
            {online ? null : <Notice icon="wifi-off">{OFFLINE_MONEY_MESSAGE}</Notice>}
            {mayRefund ? null : <Notice icon="lock">Refunds need the vendor refunds permission. Ask the owner to grant it.</Notice>}
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
            <Field
              label="Amount"
              error={amount.error}
              disabled={draft.type === 'FULL'}
              helper={
                [draft.type === 'FULL' ? 'A full refund returns everything that can be refunded.' : null, chargeLine]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
            >
              <AmountInput value={amount.text} onChange={(text) => set({ amount: text })} />
            </Field>
            <Field label="Reason (optional)">
              <Textarea
                rows={3}
                maxLength={MAX_ORDER_NARRATION}
                value={draft.reason}
                onChange={(event) => set({ reason: event.target.value })}
              />
            </Field>
          </form>
        )}
      </Sheet>
      <PinDialog
        {...pinStep.dialog}
        onSubmit={send}
        loading={refund.isPending}
        submitLabel={pending.current ? 'Try again' : 'Confirm'}
        disabledReason={online ? null : OFFLINE_MONEY_MESSAGE}
        description={
          amount.kobo === null
            ? undefined
            : `Enter your 4-digit PIN to refund ${formatKobo(amount.kobo, order.currency)} to ${order.refundAccount?.accountName || 'the account that paid'}.`
        }
      />
    </>
  )
}
/** Initiate Refund (SPEC §2, §5) for /orders/$reference/refund: money goes back to the account that paid. */
export function RefundSheet({ order, onClose }: { order: Order | undefined; onClose: () => void }) {
  if (order) return <RefundFormSheet order={order} onClose={onClose} />
  return (
    <Sheet onClose={onClose} title="Initiate Refund">
      <div aria-busy="true">
        <Skeleton count={5} height={32} />
      </div>
    </Sheet>
  )
}
