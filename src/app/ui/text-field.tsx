import type { ComponentProps, ComponentType, ReactNode } from 'react'

import { visibleError } from '../lib/forms'
import { AmountInput, DigitsInput, Field, Input, type InputProps, PercentInput, PhoneInput, Select, Textarea } from './field'

/** What a text input needs of a TanStack Form field (`form.Field`'s render argument). */
export interface TextFieldApi {
  name: string
  state: { value: string; meta: { errors: unknown[]; isBlurred: boolean } }
  handleBlur: () => void
  handleChange: (value: string) => void
}

/** What every form-bound field takes besides its control's own props. */
export interface BoundFieldProps {
  field: TextFieldApi
  /** True once the form has been submitted: from then on an untouched field shows its error too. */
  submitted: boolean
  label: ReactNode
  helper?: ReactNode
  required?: boolean
  disabled?: boolean
  /** Instead of the field's own blur (a form that validates again on leaving a field). */
  onBlur?: () => void
}

/** The props a control is bound with; `name`, `value` and `onBlur` come from the field, so a caller cannot pass them. */
type Bound<P> = Omit<P, 'name' | 'value' | 'onChange' | 'onBlur' | 'invalid' | 'disabled'> & BoundFieldProps

/** Label, helper and the error `visibleError` decides on, around a control bound to the form field. */
function FormField({ field, submitted, label, helper, required, disabled, children }: BoundFieldProps & { children: ReactNode }) {
  return (
    <Field label={label} helper={helper} required={required} disabled={disabled} error={visibleError(field.state.meta, submitted)}>
      {children}
    </Field>
  )
}

/** Splits a bound field's props: those of the Field, and those of the control with its name, value and blur. */
function bind<P>({ field, submitted, label, helper, required, disabled, onBlur, ...control }: Bound<P>) {
  return {
    frame: { field, submitted, label, helper, required, disabled },
    control: { ...control, name: field.name, value: field.state.value, onBlur: onBlur ?? field.handleBlur },
  }
}

export type TextFieldProps = Bound<InputProps>

/** A labelled text input bound to a form field. */
export function TextField(props: TextFieldProps) {
  const { frame, control } = bind(props)
  return (
    <FormField {...frame}>
      <Input {...control} onChange={(e) => frame.field.handleChange(e.target.value)} />
    </FormField>
  )
}

/** A labelled textarea bound to a form field. */
export function TextareaField(props: Bound<ComponentProps<typeof Textarea>>) {
  const { frame, control } = bind(props)
  return (
    <FormField {...frame}>
      <Textarea {...control} onChange={(e) => frame.field.handleChange(e.target.value)} />
    </FormField>
  )
}

/** A labelled native select bound to a form field; the options are its children. */
export function SelectField(props: Bound<ComponentProps<typeof Select>>) {
  const { frame, control } = bind(props)
  return (
    <FormField {...frame}>
      <Select {...control} onChange={(e) => frame.field.handleChange(e.target.value)} />
    </FormField>
  )
}

/** A field for an input that hands back its shaped text (digits, an amount, a percentage) rather than an event. */
function shaped<P extends { value: string; onChange: (value: string) => void }>(Control: ComponentType<P>) {
  return function ShapedField(props: Bound<P>) {
    const { frame, control } = bind(props)
    return (
      <FormField {...frame}>
        <Control {...(control as unknown as P)} onChange={frame.field.handleChange} />
      </FormField>
    )
  }
}

/** A Nigerian phone number after a fixed +234, bound to a form field. */
export const PhoneField = shaped(PhoneInput)
/** A naira amount after a fixed ₦, bound to a form field. */
export const AmountField = shaped(AmountInput)
/** A percentage before a fixed %, bound to a form field. */
export const PercentField = shaped(PercentInput)
/** A count typed as digits only, bound to a form field. */
export const DigitsField = shaped(DigitsInput)
