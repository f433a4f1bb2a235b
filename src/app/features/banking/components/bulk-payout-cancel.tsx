import { useRef, useState } from 'react'

import { errorMessage } from '#app/lib/api'
import { afterFailure, type Attempt, attemptFor } from '#app/lib/idempotency'
import { OFFLINE_MONEY_MESSAGE, useOnline } from '#app/lib/online'
import { Button } from '#app/ui/button'
import { ConfirmDialog } from '#app/ui/dialog'
import type { PayoutBatch } from '#contract/payout-batches'

import { useCancelPayoutBatch } from '../payout-batch-queries'

const UNKNOWN_OUTCOME = 'We could not confirm the cancel. Try again: it will not be applied twice.'

/**
 * Cancel batch, for a scheduled batch (decision 196): asked once more in a dialog, since it cannot be undone. A
 * refusal (the batch started meanwhile, so every payment goes) is handed to the sheet to say in place. The key is kept
 * for a retry whose first try may have reached the server.
 */
export function CancelBatch({ batch, onRefusal }: { batch: PayoutBatch; onRefusal: (message: string | null) => void }) {
  const online = useOnline()
  const [asking, setAsking] = useState(false)
  const cancel = useCancelPayoutBatch()
  const pending = useRef<Attempt | null>(null)
  const payable = batch.rows.filter((row) => row.status === 'scheduled').length

  function proceed() {
    const attempt = attemptFor(pending.current, batch.id)
    pending.current = attempt
    onRefusal(null)
    cancel.mutate(
      { batchId: batch.id, idempotencyKey: attempt.key },
      {
        onSuccess: () => (pending.current = null),
        onError: (error) => {
          pending.current = afterFailure(attempt, error)
          onRefusal(pending.current ? UNKNOWN_OUTCOME : errorMessage(error))
        },
        onSettled: () => setAsking(false),
      },
    )
  }

  return (
    <>
      <Button
        size="lg"
        variant="outline"
        disabled={!online}
        title={online ? undefined : OFFLINE_MONEY_MESSAGE}
        onClick={() => setAsking(true)}
      >
        Cancel batch
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Cancel this batch?"
        description={`${payable === 1 ? 'Its payment will not' : `None of its ${payable} payments will`} be sent. This cannot be undone.`}
        loading={cancel.isPending}
        proceedLabel="Cancel batch"
        cancelLabel="Keep it"
        onProceed={proceed}
      />
    </>
  )
}
