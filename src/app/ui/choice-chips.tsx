import { useId } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { Icon } from './icon'

export interface Choice<T extends string> {
  value: T
  label: string
}

export interface ChoiceChipsProps<T extends string> {
  legend: string
  choices: readonly Choice<T>[]
  /** Undefined while nothing is chosen yet (a required choice with no default). */
  value: T | undefined
  onChange: (value: T) => void
  disabled?: boolean
  /** Shown under the chips; also marks the group invalid. */
  error?: string | null
}

const fieldset = stack({ gap: '2', border: 'none', p: '0', m: '0', minW: '0' })
const legendStyle = css({ textStyle: 'label', color: 'fg.default', mb: '2', p: '0' })
const row = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })
const chip = css({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  minH: 'touch',
  px: '4',
  borderRadius: 'pill',
  borderWidth: '1px',
  borderColor: 'border.strong',
  bg: 'bg.surface',
  color: 'fg.default',
  fontWeight: 'medium',
  cursor: 'pointer',
  userSelect: 'none',
  _hover: { bg: 'bg.subtle' },
  '&:has(input:checked)': { bg: 'accent.subtle', borderColor: 'accent.default', color: 'accent.fg' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
  '&:has(input:disabled)': { opacity: 0.6, cursor: 'not-allowed' },
})
// The radio stays in the accessibility tree and keyboard order; only its circle is hidden behind the pill.
const radio = css({ position: 'absolute', opacity: 0, inset: '0', m: '0', cursor: 'inherit' })
const errorText = css({ display: 'flex', alignItems: 'flex-start', gap: '1.5', textStyle: 'body.sm', color: 'danger.fg' })

/** A radio group drawn as pills: one choice of a few (status, type, who bears charges). Arrow keys move. */
export function ChoiceChips<T extends string>({ legend, choices, value, onChange, disabled, error }: ChoiceChipsProps<T>) {
  const name = useId()
  const errorId = `${name}-error`
  return (
    <fieldset
      className={fieldset}
      disabled={disabled}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className={legendStyle}>{legend}</legend>
      <div className={row}>
        {choices.map((choice) => (
          <label key={choice.value} className={chip}>
            <input
              type="radio"
              className={radio}
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className={errorText}>
          <Icon name="alert-circle" size={16} />
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
