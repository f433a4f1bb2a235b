import { useQuery } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'

import { errorMessage } from '#app/lib/api'
import { afterFailure, type Attempt, attemptFor } from '#app/lib/idempotency'
import { OFFLINE_MONEY_MESSAGE, useOnline } from '#app/lib/online'
import { hasReceipt } from '#app/lib/receipt'
import { usePinStep } from '#app/lib/use-pin-step'
import { StepFooter } from '#app/ui/confirm-step'
import { InfoDialog } from '#app/ui/dialog'
import { AmountInput, Field, Input } from '#app/ui/field'
import { Notice } from '#app/ui/notice'
import { PinDialog } from '#app/ui/pin-dialog'
import { ReceiptSheet } from '#app/ui/receipt-sheet'
import { Sheet } from '#app/ui/sheet'
import { parseNairaToKobo } from '#contract/money'
import { formatKobo } from '#contract/naira'
import { MAX_OUTLET_NARRATION } from '#contract/outlets'
import type { Transaction } from '#contract/transactions'

import { outletBalanceQuery, outletDetailQuery, type TransferDirection, useOutletTransfer } from '../queries'
import { OutletTransferConfirm } from './outlet-transfer-confirm'
import { OutletTransferDetails } from './outlet-transfer-details'
import { transferBlockedReason } from './outlet-wallet'

/** SPEC §2, spelt as SPEC spells it. */
export const TRANSFER_SUCCESS_TEXT = 'Your transaction has been processed succesfully.'
export const UNKNOWN_TRANSFER_OUTCOME = 'We could not confirm the transfer. Try again: it will not be sent twice.'

const TITLES: Record<TransferDirection, string> = {
  'to-outlet': 'Transfer to Outlet',
  'to-main': 'Transfer to Main Wallet',
}

export interface OutletTransferSheetProps {
  direction: TransferDirection
  outletId: string
  /** The main wallet's balance, when the user may read it (VENDOR_WALLET): what a Transfer to Outlet can draw. */
  mainBalance?: number
  onClose: () => void
}

/**
 * Transfer to Outlet (amount and an optional narration) and Transfer to Main Wallet (an amount), for
 * /outlets/$outletId/transfer-to-outlet and /transfer-to-main: the details, a confirm step (amount, from, to),
 * then the caller's transaction PIN (decision 086), then Transfer Successful. One Idempotency-Key per attempt,
 * reused only to retry an attempt whose outcome is unknown. Closing the success dialog closes the sheet, whose
 * route leaves, so the next transfer starts from an empty form (docs/decisions/048).
 */
export function OutletTransferSheet({ direction, outletId, mainBalance, onClose }: OutletTransferSheetProps) {
  const formId = useId()
  const online = useOnline()
  const outlet = useQuery(outletDetailQuery(outletId)).data
  const outletBalance = useQuery(outletBalanceQuery(outletId)).data?.balance
  const transfer = useOutletTransfer(direction)
  const pinStep = usePinStep()
  const [step, setStep] = useState<'details' | 'confirm'>('details')
  const [amountText, setAmountText] = useState('')
  const [narration, setNarration] = useState('')
  const [refusal, setRefusal] = useState<string | null>(null)
  const [succeeded, setSucceeded] = useState<Transaction | null>(null)
  const [receiptOpen, setReceiptOpen] = useState(false)
  // The success dialog opens once the PIN dialog has finished closing (PinDialog.onExitComplete).
  const [successVisible, setSuccessVisible] = useState(false)
  const pending = useRef<Attempt | null>(null)

  const parsed = parseNairaToKobo(amountText)
  const amount = parsed !== null && parsed > 0 ? parsed : null
  const blocked = transferBlockedReason(online, outlet, direction)
  const available = direction === 'to-main' ? outletBalance : mainBalance
  // Known before the PIN, so said on the confirm step and never as if the PIN were wrong.
  const tooMuch = amount !== null && available !== undefined && amount > available
  const canProceed = !blocked && outlet !== undefined && amount !== null
  const outletName = outlet?.name ?? 'This outlet'
  const from = direction === 'to-outlet' ? 'Main wallet' : outletName
  const to = direction === 'to-outlet' ? outletName : 'Main wallet'
  const note = direction === 'to-outlet' ? narration.trim() || undefined : undefined

  function send(pin: string) {
    if (amount === null || transfer.isPending) return
    pinStep.clearError()
    const body = { amount, outletId }
    // The fingerprint leaves out the PIN: a retry with the PIN typed again is the same transfer (same key).
    const attempt = attemptFor(pending.current, JSON.stringify({ ...body, narration: note }))
    pending.current = attempt
    transfer.mutate(
      { body: { ...body, narration: note, pin }, idempotencyKey: attempt.key },
      {
        onSuccess: ({ data }) => {
          pending.current = null
          setSucceeded(data.transaction)
          pinStep.close()
        },
        onError: (error) => {
          pending.current = afterFailure(attempt, error)
          setRefusal(pinStep.failed(error, online ? UNKNOWN_TRANSFER_OUTCOME : errorMessage(error)))
        },
      },
    )
  }

  // View receipt swaps the success dialog (and the sheet under it) for the receipt; closing that ends the flow.
  if (receiptOpen && succeeded) return <ReceiptSheet t={succeeded} onClose={onClose} />

  const footer = (
    <StepFooter
      confirming={step !== 'details'}
      formId={formId}
      proceedLabel="Proceed"
      canProceed={canProceed}
      onCancel={onClose}
      onBack={() => setStep('details')}
      confirmLabel="Transfer"
      canConfirm={!blocked && !tooMuch}
      onConfirm={() => {
        setRefusal(null)
        pinStep.start()
      }}
    />
  )

  return (
    <>
      <Sheet
        onClose={onClose}
        title={step === 'details' ? TITLES[direction] : 'Confirm Transfer'}
        description={outlet?.name}
        footer={footer}
      >
        {blocked ? <Notice icon={online ? 'lock' : 'wifi-off'}>{blocked}</Notice> : null}
        {step === 'details' || amount === null ? (
          <OutletTransferDetails formId={formId} onSubmit={() => canProceed && setStep('confirm')} from={from} to={to}>
            <Field
              label="Amount"
              error={amountText && amount === null ? 'Enter an amount greater than zero.' : undefined}
              helper={available === undefined ? undefined : `Available: ${formatKobo(available)}`}
            >
              <AmountInput value={amountText} onChange={setAmountText} />
            </Field>
            {direction === 'to-outlet' ? (
              <Field label="Narration (optional)">
                <Input
                  maxLength={MAX_OUTLET_NARRATION}
                  autoComplete="off"
                  value={narration}
                  onChange={(event) => setNarration(event.target.value)}
                />
              </Field>
            ) : null}
          </OutletTransferDetails>
        ) : (
          <OutletTransferConfirm amount={amount} from={from} to={to} narration={note}>
            {tooMuch ? (
              <Notice icon="alert-circle" role="alert">
                {`This is more than ${from === 'Main wallet' ? 'the main wallet' : from} holds (${formatKobo(available!)}). Go back and enter a smaller amount.`}
              </Notice>
            ) : null}
            {refusal ? (
              <Notice icon="alert-circle" role="alert">
                {refusal}
              </Notice>
            ) : null}
          </OutletTransferConfirm>
        )}
      </Sheet>
      <PinDialog
        {...pinStep.dialog}
        onSubmit={send}
        loading={transfer.isPending}
        submitLabel={pending.current ? 'Try again' : 'Confirm'}
        disabledReason={online ? null : OFFLINE_MONEY_MESSAGE}
        onExitComplete={() => setSuccessVisible(succeeded !== null)}
        description={amount === null ? undefined : `Enter your 4-digit PIN to move ${formatKobo(amount)} from ${from} to ${to}.`}
      />
      <InfoDialog
        open={successVisible}
        onOpenChange={(open) => {
          if (!open) onClose()
        }}
        title="Transfer Successful"
        description={TRANSFER_SUCCESS_TEXT}
        tone="success"
        closeOnInteractOutside={false}
        secondaryAction={succeeded && hasReceipt(succeeded) ? { label: 'View receipt', onClick: () => setReceiptOpen(true) } : undefined}
      />
    </>
  )
}
