import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { css } from 'styled-system/css'

import { errorMessage } from '#app/lib/api'
import { afterFailure, type Attempt, attemptFor, newIdempotencyKey } from '#app/lib/idempotency'
import { OFFLINE_MONEY_MESSAGE, useOnline } from '#app/lib/online'
import { usePinStep } from '#app/lib/use-pin-step'
import { Button } from '#app/ui/button'
import { Field, Input } from '#app/ui/field'
import { Notice } from '#app/ui/notice'
import { PinDialog } from '#app/ui/pin-dialog'
import { ReceiptSheet } from '#app/ui/receipt-sheet'
import { Sheet } from '#app/ui/sheet'
import { lagosMinuteText } from '#contract/lagos-time'
import { formatKobo } from '#contract/naira'

import { payoutBatchQuery, rowReceiptQuery, useConfirmPayoutBatch, useCreatePayoutBatch } from '../payout-batch-queries'
import { CancelBatch } from './bulk-payout-cancel'
import { BulkPayoutInput, NO_PAYEES, usePayeeRows } from './bulk-payout-input'
import { EarlierPayouts } from './bulk-payout-list'
import { BatchRows, BatchTotals } from './bulk-payout-rows'

const UNKNOWN_OUTCOME = 'We could not confirm the batch. Try again: no payment will be sent twice.'

/** A datetime-local value read as Lagos time (UTC+1 all year): the instant sent to the server; null if unreadable. */
function lagosInstant(value: string): string | null {
  const at = new Date(`${value}:00+01:00`)
  return Number.isNaN(at.getTime()) ? null : at.toISOString()
}

/**
 * Bulk payout (issue 42, decision 192): rows from a CSV or the saved accounts; Review asks the server to resolve
 * every name and price every row; one PIN sends the batch; then each row's outcome, refreshed until every row has
 * one, with a receipt per sent row. A scheduled batch can be cancelled until it starts (decision 196). Earlier
 * batches are listed under the first step and open here again (decision 199). Never queued offline: every button
 * that reaches the server is disabled then.
 */
export function BulkPayoutSheet({ onClose, canSeeReceipts }: { onClose: () => void; canSeeReceipts: boolean }) {
  const online = useOnline()
  // The payees given in the first step, kept here so Back from the review finds them as they were.
  const [draft, setDraft] = useState(NO_PAYEES)
  const payees = usePayeeRows(draft)
  const { rows } = payees
  const [batchId, setBatchId] = useState<string | null>(null)
  const [sent, setSent] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [receiptOf, setReceiptOf] = useState<string | null>(null)
  // A batch opened from Earlier payouts goes back to the list rather than closing the sheet.
  const [fromList, setFromList] = useState(false)
  // Empty: send on confirmation. Else a Lagos date and time the rows' jobs wait for (decision 192).
  const [later, setLater] = useState('')
  const create = useCreatePayoutBatch()
  const confirm = useConfirmPayoutBatch()
  const pinStep = usePinStep()
  const pending = useRef<Attempt | null>(null)
  // One key per list of rows: pressing Review again for the same rows answers the same review.
  const reviewKey = useRef<{ rows: string; key: string } | null>(null)
  const batch = useQuery({ ...payoutBatchQuery(batchId ?? ''), enabled: batchId !== null })
  const receipt = useQuery({ ...rowReceiptQuery(receiptOf ?? ''), enabled: receiptOf !== null })

  function review() {
    if (!rows) return
    setRefusal(null)
    const listed = JSON.stringify(rows)
    if (reviewKey.current?.rows !== listed) reviewKey.current = { rows: listed, key: newIdempotencyKey() }
    create.mutate(
      { body: { rows }, idempotencyKey: reviewKey.current.key },
      { onSuccess: ({ data }) => setBatchId(data.id), onError: (error) => setRefusal(errorMessage(error)) },
    )
  }

  function send(pin: string) {
    if (!batchId || confirm.isPending) return
    pinStep.clearError()
    const body = { batchId, pin, sendAt: later ? (lagosInstant(later) ?? undefined) : undefined }
    if (later && !body.sendAt) return
    const attempt = attemptFor(pending.current, JSON.stringify({ batchId, sendAt: body.sendAt }))
    pending.current = attempt
    confirm.mutate(
      { body, idempotencyKey: attempt.key },
      {
        onSuccess: () => {
          pending.current = null
          pinStep.close()
          setSent(true)
        },
        onError: (error) => {
          pending.current = afterFailure(attempt, error)
          setRefusal(pinStep.failed(error, online ? UNKNOWN_OUTCOME : errorMessage(error)))
        },
      },
    )
  }

  if (receiptOf && receipt.data) return <ReceiptSheet t={receipt.data} onClose={() => setReceiptOf(null)} />
  const data = batch.data
  const payable = data ? data.rowCount - data.refusedCount : 0
  const step = !data ? (fromList ? 'opening' : 'rows') : sent || data.status !== 'review' ? 'outcome' : 'review'
  const cancelledAt = data?.cancelledAt ?? null
  const waiting = !cancelledAt && data?.sendAt && Date.parse(data.sendAt) > Date.now() ? data.sendAt : null
  const title =
    step === 'rows'
      ? 'Bulk payout'
      : step === 'review'
        ? 'Review payout'
        : cancelledAt
          ? 'Payout cancelled'
          : waiting
            ? 'Payout scheduled'
            : 'Payout progress'
  const count = payable === 1 ? '1 payment' : `${payable} payments`

  const footer =
    step === 'rows' ? (
      <Button size="lg" disabled={!online || !rows || create.isPending} loading={create.isPending} onClick={review}>
        Review
      </Button>
    ) : step === 'review' ? (
      <>
        <Button
          size="lg"
          variant="outline"
          onClick={() => {
            setBatchId(null)
            setRefusal(null)
            reviewKey.current = null
          }}
        >
          Back
        </Button>
        <Button size="lg" disabled={!online || payable === 0 || (later !== '' && lagosInstant(later) === null)} onClick={pinStep.start}>
          {later ? `Schedule ${count}` : `Send ${count}`}
        </Button>
      </>
    ) : (
      <>
        {waiting && data?.status === 'confirmed' ? <CancelBatch batch={data} onRefusal={setRefusal} /> : null}
        {fromList ? (
          <Button
            size="lg"
            variant="outline"
            onClick={() => {
              setBatchId(null)
              setFromList(false)
              setRefusal(null)
            }}
          >
            Back
          </Button>
        ) : (
          <Button size="lg" onClick={onClose}>
            Done
          </Button>
        )}
      </>
    )

  return (
    <>
      <Sheet onClose={onClose} title={title} footer={footer}>
        {online ? null : <Notice icon="wifi-off">{OFFLINE_MONEY_MESSAGE}</Notice>}
        {refusal ? (
          <Notice icon="alert-circle" tone="danger" role="alert">
            {refusal}
          </Notice>
        ) : null}
        {step === 'rows' ? (
          <>
            <BulkPayoutInput draft={draft} onDraft={setDraft} payees={payees} />
            <EarlierPayouts
              onOpen={(id) => {
                setBatchId(id)
                setFromList(true)
              }}
            />
          </>
        ) : step === 'opening' ? (
          batch.isError ? (
            <Notice icon="alert-circle" tone="danger" role="alert">
              {errorMessage(batch.error)}
            </Notice>
          ) : (
            <p className={css({ color: 'fg.muted' })}>Loading the payout…</p>
          )
        ) : data ? (
          <>
            {waiting ? <Notice icon="info">{`Sends on ${lagosMinuteText(waiting)} (Lagos time).`}</Notice> : null}
            {cancelledAt ? (
              <Notice icon="info">{`Cancelled on ${lagosMinuteText(cancelledAt)} (Lagos time). No payment was sent.`}</Notice>
            ) : null}
            <BatchTotals batch={data} />
            <BatchRows batch={data} onReceipt={canSeeReceipts ? setReceiptOf : undefined} />
            {step === 'review' ? (
              <Field label="Send later (optional)" helper="Lagos time. Leave empty to send now.">
                <Input type="datetime-local" value={later} onChange={(event) => setLater(event.target.value)} />
              </Field>
            ) : null}
          </>
        ) : null}
      </Sheet>
      <PinDialog
        {...pinStep.dialog}
        onSubmit={send}
        loading={confirm.isPending}
        submitLabel={pending.current ? 'Try again' : 'Confirm'}
        disabledReason={online ? null : OFFLINE_MONEY_MESSAGE}
        description={
          data
            ? `Enter your 4-digit PIN to send ${formatKobo(data.total + data.totalFee)} to ${payable} payees, charges included.`
            : undefined
        }
      />
    </>
  )
}
