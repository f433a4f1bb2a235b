import { type AnyFormApi, useStore } from '@tanstack/react-form'
import type { FormHTMLAttributes, ReactNode } from 'react'

/** What Form needs of a TanStack form: its submit, and its store to know whether a submit was tried. */
export type SubmittableForm = Pick<AnyFormApi, 'handleSubmit' | 'store'>

export interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> {
  /** The TanStack form the submit runs; a form not bound to one passes onSubmit alone. */
  form?: SubmittableForm
  /** Called on submit before the bound form's own submit (or instead of it). */
  onSubmit?: () => void
  /** The save is in flight: Enter in a field sends nothing again. */
  pending?: boolean
  /** The submit cannot be done now (offline): Enter sends nothing. */
  disabled?: boolean
  /** The fields; as a function, told whether a submit was tried (from then on untouched fields show errors). */
  children: ReactNode | ((submitted: boolean) => ReactNode)
}

/**
 * A <form> whose fields show their own messages (no browser bubbles), submitted by the button or Enter in a field,
 * never twice while the save is in flight.
 */
export function Form({ form, ...props }: FormProps) {
  return form ? <BoundForm form={form} {...props} /> : <FormElement {...props} submitted={false} />
}

function BoundForm({ form, onSubmit, ...props }: Omit<FormProps, 'form'> & { form: SubmittableForm }) {
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  return (
    <FormElement
      {...props}
      submitted={submitted}
      onSubmit={() => {
        onSubmit?.()
        void form.handleSubmit()
      }}
    />
  )
}

function FormElement({
  onSubmit,
  pending = false,
  disabled = false,
  submitted,
  children,
  ...rest
}: Omit<FormProps, 'form'> & { submitted: boolean }) {
  return (
    <form
      noValidate
      {...rest}
      onSubmit={(event) => {
        event.preventDefault()
        // Enter in a field submits even while the button is busy or disabled: a second request must not follow.
        if (!pending && !disabled) onSubmit?.()
      }}
    >
      {typeof children === 'function' ? children(submitted) : children}
    </form>
  )
}
