import { type ReactNode, useId } from 'react'
import { stack } from 'styled-system/patterns'

import { Button } from './button'
import { Form, type FormProps, type SubmittableForm } from './form'
import { Sheet } from './sheet'

export interface FormSheetProps {
  title: string
  description?: ReactNode
  submitLabel: string
  /** The save is in flight: the submit button shows a spinner, and neither it nor Enter in a field sends again. */
  pending: boolean
  /** The submit cannot be done now (offline): the button is disabled; the form says why. */
  disabled?: boolean
  /** The TanStack form the submit runs (button or Enter in a field); its fields are told whether a submit was tried. */
  form?: SubmittableForm
  /** Called on submit, after the browser's own submit is prevented; for a sheet not bound to a TanStack form. */
  onSubmit?: () => void
  onClose: () => void
  children: FormProps['children']
}

const fields = stack({ gap: '4' })

/**
 * A sheet that is one form (Add Tax, Add Collection, Create Coupon, ...): fields in the scrolling body, Cancel and
 * the submit button pinned in the footer. The footer sits outside the <form>, so the submit button reaches it by id;
 * the browser's own validation bubbles are off because each field shows its message under itself.
 */
export function FormSheet({
  title,
  description,
  submitLabel,
  pending,
  disabled = false,
  form,
  onSubmit,
  onClose,
  children,
}: FormSheetProps) {
  const formId = useId()
  return (
    <Sheet
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" size="lg" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="lg" form={formId} loading={pending} disabled={disabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <Form id={formId} className={fields} form={form} onSubmit={onSubmit} pending={pending} disabled={disabled}>
        {children}
      </Form>
    </Sheet>
  )
}
