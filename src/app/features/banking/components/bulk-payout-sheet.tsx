import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'

import { errorMessage } from '#app/lib/api'
import { afterFailure, type Attempt, attemptFor, newIdempotencyKey } from '#app/lib/idempotency'
import { OFFLINE_MONEY_MESSAGE, useOnline } from '#app/lib/online'
import { usePinStep } from '#app/lib/use-pin-step'
import { Button } from '#app/ui/button'
import { Notice } from '#app/ui/notice'
import { PinDialog } from '#app/ui/pin-dialog'
import { ReceiptSheet } from '#app/ui/receipt-sheet'
import { Sheet } from '#app/ui/sheet'
import { formatKobo } from '#contract/naira'

import type { BatchRowDraft } from '../batch-csv'
import { payoutBatchQuery, rowReceiptQuery, useConfirmPayoutBatch, useCreatePayoutBatch } from '../payout-batch-queries'
import { BulkPayoutInput } from './bulk-payout-input'
import { BatchRows, BatchTotals } from './bulk-payout-rows'

const UNKNOWN_OUTCOME = 'We could not confirm the batch. Try again: no payment will be sent twice.'

/**
 * Bulk payout (issue 42, decision 192): rows from a CSV or the saved accounts; Review asks the server to resolve
 * every name and price every row; one PIN sends the batch; then each row's outcome, refreshed until every row has
 * one, with a receipt per sent row. Never queued offline: every button that reaches the server is disabled then.
 */
export function BulkPayoutSheet({ onClose, canSeeReceipts }: { onClose: () => void; canSeeReceipts: boolean }) {
  const online = useOnline()
  const [rows, setRows] = useState<BatchRowDraft[] | null>(null)
  const [batchId, setBatchId] = useState<string | null>(null)
  const [sent, setSent] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [receiptOf, setReceiptOf] = useState<string | null>(null)
  const create = useCreatePayoutBatch()
  const confirm = useConfirmPayoutBatch()
  const pinStep = usePinStep()
  const pending = useRef<Attempt | null>(null)
  const reviewKey = useRef<string | null>(null)
  const batch = useQuery({ ...payoutBatchQuery(batchId ?? ''), enabled: batchId !== null })
  const receipt = useQuery({ ...rowReceiptQuery(receiptOf ?? ''), enabled: receiptOf !== null })

  function review() {
    if (!rows) return
    setRefusal(null)
    // One key per list: pressing Review again for the same rows answers the same review.
    reviewKey.current ??= newIdempotencyKey()
    create.mutate(
      { body: { rows }, idempotencyKey: reviewKey.current },
      { onSuccess: ({ data }) => setBatchId(data.id), onError: (error) => setRefusal(errorMessage(error)) },
    )
  }

  function send(pin: string) {
    if (!batchId || confirm.isPending) return
    pinStep.clearError()
    const body = { batchId, pin }
    const attempt = attemptFor(pending.current, JSON.stringify({ batchId }))
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
  const step = !data ? 'rows' : sent || data.status === 'confirmed' ? 'outcome' : 'review'
  const title = step === 'rows' ? 'Bulk payout' : step === 'review' ? 'Review payout' : 'Payout progress'

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
        <Button size="lg" disabled={!online || payable === 0} onClick={pinStep.start}>
          {payable === 1 ? 'Send 1 payment' : `Send ${payable} payments`}
        </Button>
      </>
    ) : (
      <Button size="lg" onClick={onClose}>
        Done
      </Button>
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
          <BulkPayoutInput
            onRows={(next) => {
              setRows(next)
              reviewKey.current = null
            }}
          />
        ) : data ? (
          <>
            <BatchTotals batch={data} />
            <BatchRows batch={data} onReceipt={canSeeReceipts ? setReceiptOf : undefined} />
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
