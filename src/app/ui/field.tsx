import { Field as ArkField, useFieldContext } from '@ark-ui/react/field'
import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useLayoutEffect,
  useRef,
} from 'react'
import { cx } from 'styled-system/css'
import { field, input } from 'styled-system/recipes'

import { MAX_PHONE_DIGITS } from '#contract/common'

import { caretAfter, groupAmount, significantBefore } from '../lib/amount-text'
import { keepDigits, keepPercent } from '../lib/forms'
import { Icon } from './icon'

// The recipe's classes, applied by hand: createStyleContext would bring styled-system's JSX factory (its list of
// valid CSS props, ~5 KiB gzip) into the login screen, whose only styled parts are fields (decision 083).
const styles = field()

export interface FieldProps {
  label: ReactNode
  /** Shown under the control; a non-empty error also marks the control aria-invalid. */
  error?: string | null
  helper?: ReactNode
  required?: boolean
  disabled?: boolean
  /** The control's id (the label points at it); generated when omitted. */
  id?: string
  /** One control: Input, PhoneInput, AmountInput, Select, Textarea or an Ark control that reads the field context. */
  children: ReactNode
}

/** Label, control, helper and error, wired together by Ark's field context (ids, aria-*, disabled, required). */
export function Field({ label, error, helper, required, disabled, id, children }: FieldProps) {
  return (
    <ArkField.Root className={styles.root} id={id} invalid={Boolean(error)} required={required} disabled={disabled}>
      <ArkField.Label className={styles.label}>
        {label}
        <ArkField.RequiredIndicator className={styles.requiredIndicator} />
      </ArkField.Label>
      {children}
      {helper ? <ArkField.HelperText className={styles.helperText}>{helper}</ArkField.HelperText> : null}
      <ArkField.ErrorText className={styles.errorText}>
        <Icon name="alert-circle" size={16} />
        {error}
      </ArkField.ErrorText>
    </ArkField.Root>
  )
}

/**
 * Ark points `aria-errormessage` at the error text, which several screen readers still ignore, so the error is
 * added to `aria-describedby` too: it is read along with the label whenever the control gets focus.
 */
function useDescribedBy(own: string | undefined): string | undefined {
  const context = useFieldContext()
  const ids = [context?.ariaDescribedby, context?.invalid ? context.ids.errorText : undefined, own]
  return ids.filter(Boolean).join(' ') || undefined
}

function invalidProps(invalid: boolean | undefined) {
  return invalid ? { 'aria-invalid': true, 'data-invalid': '' } : {}
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Marks the input invalid when it is used outside a Field (inside one, the Field's error does it). */
  invalid?: boolean
  ref?: Ref<HTMLInputElement>
}

export function Input({ invalid, className, 'aria-describedby': describedBy, ...rest }: InputProps) {
  const ariaDescribedBy = useDescribedBy(describedBy)
  return <ArkField.Input className={cx(input(), className)} aria-describedby={ariaDescribedBy} {...invalidProps(invalid)} {...rest} />
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  invalid?: boolean
  ref?: Ref<HTMLSelectElement>
}

/** A native select: on phones it opens the system picker, which is the easiest to use with a thumb. */
export function Select({ invalid, className, 'aria-describedby': describedBy, ...rest }: SelectProps) {
  const ariaDescribedBy = useDescribedBy(describedBy)
  return (
    <ArkField.Select
      className={cx(input({ control: 'select' }), className)}
      aria-describedby={ariaDescribedBy}
      {...invalidProps(invalid)}
      {...rest}
    />
  )
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean
  ref?: Ref<HTMLTextAreaElement>
}

export function Textarea({ invalid, className, 'aria-describedby': describedBy, ...rest }: TextareaProps) {
  const ariaDescribedBy = useDescribedBy(describedBy)
  return (
    <ArkField.Textarea
      className={cx(input({ control: 'textarea' }), className)}
      aria-describedby={ariaDescribedBy}
      {...invalidProps(invalid)}
      {...rest}
    />
  )
}

type PrefixedInputProps = Omit<InputProps, 'value' | 'onChange' | 'type' | 'inputMode' | 'maxLength'> & {
  value: string
  onChange: (value: string) => void
}

/** A fixed unit beside the input: before it ('₦', '+234') or, with `end`, after it ('%'). */
function Prefixed({ prefix, end = false, children }: { prefix: string; end?: boolean; children: ReactNode }) {
  return (
    <div className={styles.group} data-addon={end ? 'end' : undefined}>
      <span className={styles.addon}>{prefix}</span>
      {children}
    </div>
  )
}

/**
 * What a phone field keeps, in the contract's form: the national number with its trunk 0, digits only, at most 11
 * ('08031234567'). Typed with or without the 0, or pasted with its country code ('+234 803 123 4567',
 * '+234 0803…'), it comes out the same.
 */
export function sanitizePhone(text: string): string {
  let digits = text.replace(/\D/g, '')
  // A country code in front, pasted or typed key by key after the field's own +234: no Nigerian number without its
  // trunk 0 starts with 234, and the field holds at most 10 digits, so 11 starting with 234 are 234 and a number.
  if (digits.length > MAX_PHONE_DIGITS - 1 && digits.startsWith('234')) digits = digits.slice(3)
  const national = digits.replace(/^0+/, '').slice(0, MAX_PHONE_DIGITS - 1)
  return national ? `0${national}` : ''
}

/** What the field shows after its fixed +234: the number without its trunk 0 ('+234 803…', never '+234 0803…'). */
export const phoneShown = (value: string) => value.replace(/^0/, '')

/**
 * Nigerian phone number after a fixed +234 (SPEC §5, §9): shown without the trunk 0 the value keeps. No maxLength
 * attribute: it would cut a pasted '+234 803 123 4567' before sanitizePhone could drop the country code.
 */
export function PhoneInput({ value, onChange, autoComplete = 'tel-national', ...rest }: PrefixedInputProps) {
  return (
    <Prefixed prefix="+234">
      <Input
        type="tel"
        inputMode="numeric"
        autoComplete={autoComplete}
        value={phoneShown(value)}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(sanitizePhone(event.target.value))}
        {...rest}
      />
    </Prefixed>
  )
}

// Up to 12 naira digits (₦999 billion) and 2 kobo digits; parseNairaToKobo does the real validation.
const AMOUNT_TEXT = /^\d{0,12}(\.\d{0,2})?$/

/**
 * A naira amount: the value is the amount as typed ('1500.5'), digits with an optional dot and at most two decimals,
 * and the field shows it grouped ('1,500.5') while it is typed (issue 22). Keystrokes that would break that shape
 * are refused, so the field never holds junk. The caret stays beside the digit it was at as commas come and go;
 * deleting a comma deletes the digit before it. Convert with parseNairaToKobo.
 */
export function AmountInput({ value, onChange, placeholder = '0.00', ref, ...rest }: PrefixedInputProps) {
  const own = useRef<HTMLInputElement | null>(null)
  // Where the caret goes once the new grouping is drawn: after this many digits (and the dot).
  const caret = useRef<number | null>(null)
  const shown = groupAmount(value)
  useLayoutEffect(() => {
    const input = own.current
    if (caret.current === null || !input || document.activeElement !== input) return
    const position = caretAfter(input.value, caret.current)
    input.setSelectionRange(position, position)
    caret.current = null
  })
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const typed = event.target.value
    let before = significantBefore(typed, event.target.selectionStart ?? typed.length)
    // Grouping commas and spaces (from a paste) carry no meaning here.
    let text = typed.replace(/[,\s]/g, '')
    if (text === value && typed.length < shown.length) {
      // Only a comma went (Backspace or Delete beside it): take the digit before it, as a person means.
      text = text.slice(0, before - 1) + text.slice(before)
      before -= 1
    }
    if (text.startsWith('.')) {
      text = `0${text}`
      before += 1
    }
    if (!AMOUNT_TEXT.test(text)) return
    caret.current = before
    onChange(text)
  }
  return (
    <Prefixed prefix="₦">
      <Input
        ref={(element: HTMLInputElement | null) => {
          own.current = element
          if (typeof ref === 'function') ref(element)
          else if (ref) ref.current = element
        }}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        value={shown}
        onChange={handleChange}
        {...rest}
      />
    </Prefixed>
  )
}

/**
 * A count typed as digits only (units in stock, a stock alert level; SPEC §5): anything else is refused as it is
 * typed or pasted, so the field never holds junk.
 */
export function DigitsInput({ value, onChange, maxDigits = 10, ...rest }: PrefixedInputProps & { maxDigits?: number }) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(keepDigits(event.target.value, maxDigits))}
      {...rest}
    />
  )
}

/** A percentage as typed ('7.5'): at most three digits and two decimals, with a '%' after it. */
export function PercentInput({ value, onChange, placeholder = '0', ...rest }: PrefixedInputProps) {
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const text = keepPercent(event.target.value.replace('%', ''))
    if (text !== null) onChange(text)
  }
  return (
    <Prefixed prefix="%" end>
      <Input type="text" inputMode="decimal" autoComplete="off" placeholder={placeholder} value={value} onChange={handleChange} {...rest} />
    </Prefixed>
  )
}
