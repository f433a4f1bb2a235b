import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { errorMessage } from '../../../lib/api'
import { afterFailure, attemptFor, outcomeUnknown, type Attempt } from '../../../lib/idempotency'
import { formatKobo, parseNairaToKobo } from '../../../lib/money'
import { useOnline } from '../../../lib/online'
import { shouldToast } from '../../../lib/query-client'
import { DetailList, DetailRow } from '../../../ui/detail-list'
import { InfoDialog } from '../../../ui/dialog'
import { AmountInput, Field, Input } from '../../../ui/field'
import { FormSheet } from '../../../ui/form-sheet'
import { Notice } from '../../../ui/notice'
import { notify } from '../../../ui/toast'
import { outletBalanceQuery, outletDetailQuery, useOutletTransfer, type TransferDirection } from '../queries'
import { transferBlockedReason } from './outlet-wallet'

/** SPEC §2, spelt as SPEC spells it. */
export const TRANSFER_SUCCESS_TEXT = 'Your transaction has been processed succesfully.'
export const UNKNOWN_TRANSFER_OUTCOME = 'We could not confirm the transfer. Try again: it will not be sent twice.'

const TITLES: Record<TransferDirection, string> = { 'to-outlet': 'Transfer to Outlet', 'to-main': 'Transfer to Main Wallet' }

export interface OutletTransferSheetProps {
  direction: TransferDirection
  outletId: string
  /** The main wallet's balance, when the user may read it (VENDOR_WALLET): what a Transfer to Outlet can draw. */
  mainBalance?: number
  onClose: () => void
}

/**
 * Transfer to Outlet (amount and an optional narration) and Transfer to Main Wallet (an amount), for
 * /outlets/$outletId/transfer-to-outlet and /transfer-to-main. One Idempotency-Key per attempt, reused only to
 * retry an attempt whose outcome is unknown. After success the Transfer Successful dialog; closing it closes
 * the sheet, whose route leaves, so the next transfer starts from an empty form (docs/decisions/048).
 */
export function OutletTransferSheet({ direction, outletId, mainBalance, onClose }: OutletTransferSheetProps) {
  const online = useOnline()
  const outlet = useQuery(outletDetailQuery(outletId)).data
  const outletBalance = useQuery(outletBalanceQuery(outletId)).data?.balance
  const transfer = useOutletTransfer(direction)
  const [amountText, setAmountText] = useState('')
  const [narration, setNarration] = useState('')
  const [outcome, setOutcome] = useState<string | null>(null)
  const [succeeded, setSucceeded] = useState(false)
  const pending = useRef<Attempt | null>(null)

  const parsed = parseNairaToKobo(amountText)
  const amount = parsed !== null && parsed > 0 ? parsed : null
  const blocked = transferBlockedReason(online, outlet, direction)
  const canSubmit = !blocked && outlet !== undefined && amount !== null
  const available = direction === 'to-main' ? outletBalance : mainBalance
  const main = 'Main wallet'
  const outletName = outlet?.name ?? 'This outlet'

  function submit() {
    if (!canSubmit || amount === null || transfer.isPending) return
    setOutcome(null)
    const transferBody = { amount, outletId, narration: direction === 'to-outlet' ? narration.trim() || undefined : undefined }
    const attempt = attemptFor(pending.current, JSON.stringify(transferBody))
    pending.current = attempt
    transfer.mutate(
      { body: transferBody, idempotencyKey: attempt.key },
      {
        onSuccess: () => {
          pending.current = null
          setSucceeded(true)
        },
        onError: (error) => {
          pending.current = afterFailure(attempt, error)
          if (outcomeUnknown(error)) return setOutcome(online ? UNKNOWN_TRANSFER_OUTCOME : errorMessage(error))
          // A refusal (more than the wallet holds, an inactive outlet): the money did not move.
          if (shouldToast(error)) notify.error(errorMessage(error))
        },
      },
    )
  }

  return (
    <>
      <FormSheet
        title={TITLES[direction]}
        description={outlet?.name}
        submitLabel={pending.current ? 'Try again' : 'Transfer'}
        pending={transfer.isPending}
        disabled={!canSubmit}
        onSubmit={submit}
        onClose={onClose}
      >
        {blocked ? <Notice icon={online ? 'lock' : 'wifi-off'}>{blocked}</Notice> : null}
        <DetailList>
          <DetailRow label="From">{direction === 'to-outlet' ? main : outletName}</DetailRow>
          <DetailRow label="To">{direction === 'to-outlet' ? outletName : main}</DetailRow>
        </DetailList>
        <Field
          label="Amount"
          error={amountText && amount === null ? 'Enter an amount greater than zero.' : undefined}
          helper={available === undefined ? undefined : `Available: ${formatKobo(available)}`}
        >
          <AmountInput value={amountText} onChange={setAmountText} />
        </Field>
        {direction === 'to-outlet' ? (
          <Field label="Narration (optional)">
            <Input maxLength={100} autoComplete="off" value={narration} onChange={(event) => setNarration(event.target.value)} />
          </Field>
        ) : null}
        {outcome ? (
          <Notice icon="alert-circle" role="alert">
            {outcome}
          </Notice>
        ) : null}
      </FormSheet>
      <InfoDialog
        open={succeeded}
        onOpenChange={(open) => {
          if (!open) onClose()
        }}
        title="Transfer Successful"
        description={TRANSFER_SUCCESS_TEXT}
        tone="success"
        closeOnInteractOutside={false}
      />
    </>
  )
}
