import { useId } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { Icon } from '#app/ui/icon'
import type { DisputeCategory } from '#contract/disputes'

const fieldset = stack({ gap: '2', border: 'none', p: '0', m: '0', minW: '0' })
const legend = css({ display: 'inline-flex', gap: '1', textStyle: 'label', color: 'fg.default', mb: '1.5', p: '0' })
const required = css({ color: 'danger.fg' })
const option = css({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  alignItems: 'start',
  gap: '3',
  p: '3',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border.default',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  '&:has(input:checked)': { borderColor: 'accent.default', bg: 'accent.subtle' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
})
const radio = css({ mt: '1', w: '4', h: '4', accentColor: 'var(--colors-accent-default)' })
const name = css({ display: 'block', fontWeight: 'medium' })
const help = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted' })
const errorText = css({ display: 'flex', alignItems: 'flex-start', gap: '1.5', textStyle: 'body.sm', color: 'danger.fg' })

export interface CategoryChoiceProps {
  categories: readonly DisputeCategory[]
  value: string
  onChange: (id: string) => void
  onBlur?: () => void
  error?: string
}

/**
 * The dispute's category as a list of radios, each with what it covers under its name (the server's
 * description), so the vendor picks by meaning rather than guessing from a one-word label in a select.
 */
export function CategoryChoice({ categories, value, onChange, onBlur, error }: CategoryChoiceProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    // A radiogroup, not the fieldset's implicit group: only a radiogroup may say it is required (aria-required).
    <fieldset
      role="radiogroup"
      className={fieldset}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      aria-required="true"
    >
      <legend className={legend}>
        Category
        <span className={required} aria-hidden="true">
          *
        </span>
      </legend>
      {categories.map((c) => (
        <label key={c.id} className={option}>
          <input
            type="radio"
            className={radio}
            name={`${id}-category`}
            value={c.id}
            checked={value === c.id}
            onChange={() => onChange(c.id)}
            onBlur={onBlur}
            // Named by the category alone; what it covers is its description, read after the name.
            aria-labelledby={`${id}-${c.id}-name`}
            aria-describedby={`${id}-${c.id}-help`}
          />
          <span>
            <span id={`${id}-${c.id}-name`} className={name}>
              {c.category}
            </span>
            <span id={`${id}-${c.id}-help`} className={help}>
              {c.description}
            </span>
          </span>
        </label>
      ))}
      {error ? (
        <p id={errorId} className={errorText}>
          <Icon name="alert-circle" size={16} />
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
