import type { ReactNode } from 'react'

import { visibleError } from '../lib/forms'
import { Field, Input, type InputProps } from './field'

/** What a text input needs of a TanStack Form field (`form.Field`'s render argument). */
export interface TextFieldApi {
  name: string
  state: { value: string; meta: { errors: unknown[]; isBlurred: boolean } }
  handleBlur: () => void
  handleChange: (value: string) => void
}

export interface TextFieldProps extends Omit<InputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'invalid'> {
  field: TextFieldApi
  /** True once the form has been submitted: from then on an untouched field shows its error too. */
  submitted: boolean
  label: ReactNode
  helper?: ReactNode
  required?: boolean
}

/** A labelled text input bound to a form field, its error shown as `visibleError` decides. */
export function TextField({ field, submitted, label, helper, required, ...input }: TextFieldProps) {
  return (
    <Field label={label} helper={helper} required={required} error={visibleError(field.state.meta, submitted)}>
      <Input
        {...input}
        name={field.name}
        value={field.state.value}
        onBlur={field.handleBlur}
        onChange={(e) => field.handleChange(e.target.value)}
      />
    </Field>
  )
}
