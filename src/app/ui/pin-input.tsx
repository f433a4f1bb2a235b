import { PinInput as ArkPinInput } from '@ark-ui/react/pin-input'
import { pinInput } from 'styled-system/recipes'

// Recipe classes are applied directly rather than through createStyleContext: its styled() wrapper would take
// Ark's `mask` prop for the CSS `mask` property and never pass it on.
const styles = pinInput()

export interface PinInputProps {
  value: string
  onChange: (value: string) => void
  /** Called once every box holds a digit, with the whole code. */
  onComplete?: (value: string) => void
  length?: number
  label: string
  /** Show dots instead of digits (a transaction PIN); an OTP is not secret once it is on screen. */
  mask?: boolean
  autoFocus?: boolean
  invalid?: boolean
  disabled?: boolean
  /** Set for one-time codes: lets the phone offer the code from an SMS (autocomplete one-time-code). */
  otp?: boolean
}

function digitsOnly(text: string, length: number): string {
  return text.replace(/\D/g, '').slice(0, length)
}

/** One box per digit on Ark's PinInput: digits only, numeric keypad, paste fills every box. */
export function PinInput({
  value,
  onChange,
  onComplete,
  length = 4,
  label,
  mask = true,
  autoFocus,
  invalid,
  disabled,
  otp = false,
}: PinInputProps) {
  const digits = digitsOnly(value, length)
  return (
    <ArkPinInput.Root
      className={styles.root}
      count={length}
      value={Array.from({ length }, (_, index) => digits[index] ?? '')}
      onValueChange={(details) => onChange(digitsOnly(details.valueAsString, length))}
      onValueComplete={(details) => {
        // Ark only lets digits in (type numeric), but a keyboard without beforeinput support can slip others
        // past, so check again before acting on a complete code.
        const code = digitsOnly(details.valueAsString, length)
        if (code.length === length) onComplete?.(code)
      }}
      type="numeric"
      mask={mask}
      otp={otp}
      autoFocus={autoFocus}
      invalid={invalid}
      disabled={disabled}
      translations={{ inputLabel: (index, total) => `${label}, digit ${index + 1} of ${total}` }}
    >
      <ArkPinInput.Label className={styles.label}>{label}</ArkPinInput.Label>
      <ArkPinInput.Control className={styles.control}>
        {Array.from({ length }, (_, index) => (
          // Selecting on focus, here and at once, rather than Ark's selectOnFocus: that selects a frame later, and
          // Chromium's select() also focuses, so on a busy phone a late frame pulled the focus back a box and the
          // next digit overwrote the last (a dropped digit; tests/e2e/shell.test.ts).
          <ArkPinInput.Input key={index} index={index} className={styles.input} onFocus={(event) => event.currentTarget.select()} />
        ))}
      </ArkPinInput.Control>
      <ArkPinInput.HiddenInput />
    </ArkPinInput.Root>
  )
}

export type OtpInputProps = Omit<PinInputProps, 'length' | 'mask' | 'otp'>

/** A 6-digit one-time code (SPEC §9), visible as typed. */
export function OtpInput(props: OtpInputProps) {
  return <PinInput {...props} length={6} mask={false} otp />
}
