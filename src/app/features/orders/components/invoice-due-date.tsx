import { useState } from 'react'
import { css } from 'styled-system/css'

import { errorMessage } from '#app/lib/api'
import { serverFieldErrors } from '#app/lib/forms'
import { useOnline } from '#app/lib/online'
import { Button } from '#app/ui/button'
import { DateInput } from '#app/ui/date-input'
import { DetailRow } from '#app/ui/detail-list'
import { Field } from '#app/ui/field'
import { FormSheet } from '#app/ui/form-sheet'
import { Notice } from '#app/ui/notice'
import { lagosDay } from '#contract/common'
import { type Order, UNPAID_STATUSES } from '#contract/orders'

import { invoiceDueText } from '../invoice-share'
import { useSetInvoiceDueDate } from '../queries'

const value = css({ display: 'inline-flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', justifyContent: 'flex-end' })

/**
 * The invoice's due date, with Change (Add when there is none) while it is unpaid: a customer who asks for more
 * time gets it without a new invoice. A paid invoice keeps the date it had (the server refuses with 409).
 */
export function InvoiceDueDateRow({ order }: { order: Order }) {
  const [editing, setEditing] = useState(false)
  const editable = order.kind === 'invoice' && UNPAID_STATUSES.includes(order.status)
  if (!order.dueDate && !editable) return null
  return (
    <>
      <DetailRow label="Due date">
        <span className={value}>
          {invoiceDueText(order) ?? 'None'}
          {editable ? (
            <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
              {order.dueDate ? 'Change' : 'Add'}
            </Button>
          ) : null}
        </span>
      </DetailRow>
      {editing ? <DueDateSheet order={order} onClose={() => setEditing(false)} /> : null}
    </>
  )
}

function DueDateSheet({ order, onClose }: { order: Order; onClose: () => void }) {
  const online = useOnline()
  const save = useSetInvoiceDueDate()
  const [day, setDay] = useState(order.dueDate ?? '')
  const [error, setError] = useState<string | null>(null)
  // The server's rule is "not before the invoice date"; the picker offers from today, as when the invoice is made.
  const today = lagosDay()
  const submit = (dueDate: string | null) => {
    if (dueDate !== null && !dueDate) return setError('Choose a day, or remove the due date.')
    if (dueDate !== null && dueDate < today) return setError('Choose today or a later day.')
    setError(null)
    save.mutate(
      { reference: order.reference, dueDate },
      {
        onSuccess: onClose,
        // Every refusal is said in the sheet: a day the server refused, or an invoice paid meanwhile (409).
        onError: (failure) => setError(serverFieldErrors(failure, ['dueDate'])?.dueDate ?? errorMessage(failure)),
      },
    )
  }
  return (
    <FormSheet
      title={order.dueDate ? 'Change due date' : 'Add due date'}
      description={order.reference}
      submitLabel="Save"
      pending={save.isPending}
      disabled={!online}
      onSubmit={() => submit(day)}
      onClose={onClose}
    >
      {online ? null : <Notice icon="wifi-off">Connect to the internet to change the due date.</Notice>}
      <Field label="Due date" helper="The invoice shows as overdue after this day." error={error ?? undefined}>
        <DateInput min={today} value={day} onChange={setDay} />
      </Field>
      {order.dueDate ? (
        <Button variant="outline" disabled={!online || save.isPending} onClick={() => submit(null)}>
          Remove due date
        </Button>
      ) : null}
    </FormSheet>
  )
}
