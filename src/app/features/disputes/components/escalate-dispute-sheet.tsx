import { useForm } from '@tanstack/react-form'
import { useState } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'

import { formatDateTime } from '#app/lib/dates'
import { showSubmitError } from '#app/lib/forms'
import { useOnline } from '#app/lib/online'
import { FormSheet } from '#app/ui/form-sheet'
import { Notice } from '#app/ui/notice'
import { Sheet } from '#app/ui/sheet'
import { TextareaField } from '#app/ui/text-field'
import { type DisputeInfo, MAX_ESCALATION_REASON } from '#contract/disputes'

import { useEscalateDispute } from '../queries'

/** SPEC §5: escalation requires a reason. */
export const REASON_REQUIRED = 'Enter the reason for escalating.'
export const OFFLINE_ESCALATE_REASON = 'You are offline. The dispute can be escalated once you reconnect.'

const ReasonSchema = v.object({
  reason: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(REASON_REQUIRED),
    v.maxLength(MAX_ESCALATION_REASON, `Use at most ${MAX_ESCALATION_REASON} characters.`),
  ),
})

const note = css({ textStyle: 'body.sm', color: 'fg.muted' })

/**
 * 'Escalate Dispute to Admin' (SPEC §2): a reason, sent once. A dispute that is already escalated (a stale link)
 * shows when and why instead of a form the server would refuse.
 */
export function EscalateDisputeSheet({ dispute, onClose }: { dispute: DisputeInfo; onClose: () => void }) {
  // Read once: after a successful escalation the cached dispute flips while the sheet is closing.
  const [alreadyEscalated] = useState(dispute.isEscalated)
  const online = useOnline()
  const escalate = useEscalateDispute()
  const form = useForm({
    defaultValues: { reason: '' },
    validators: { onChange: ReasonSchema },
    onSubmit: ({ value, formApi }) => {
      if (!online) return
      escalate.mutate(
        { disputeId: dispute.id, reason: value.reason.trim() },
        { onSuccess: onClose, onError: (error) => showSubmitError(formApi, error) },
      )
    },
  })

  if (alreadyEscalated) {
    return (
      <Sheet onClose={onClose} title="Escalate Dispute to Admin">
        <p className={note}>
          This dispute was escalated{dispute.escalatedAt ? ` on ${formatDateTime(dispute.escalatedAt)}` : ''}: {dispute.escalationReason}
        </p>
      </Sheet>
    )
  }

  return (
    <FormSheet
      title="Escalate Dispute to Admin"
      description="An administrator will read the conversation and step in. A dispute can be escalated once."
      submitLabel="Escalate"
      pending={escalate.isPending}
      disabled={!online}
      form={form}
      onClose={onClose}
    >
      {(submitted) => (
        <>
          <form.Field name="reason">
            {(field) => (
              <TextareaField
                field={field}
                submitted={submitted}
                label="Reason"
                required
                helper="Why you need an administrator: what you tried and what is stuck."
                rows={4}
                maxLength={MAX_ESCALATION_REASON}
              />
            )}
          </form.Field>
          {online ? null : <Notice icon="wifi-off">{OFFLINE_ESCALATE_REASON}</Notice>}
        </>
      )}
    </FormSheet>
  )
}
