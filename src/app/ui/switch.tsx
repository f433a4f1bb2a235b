import { type ReactNode, useId } from 'react'
import { css } from 'styled-system/css'

export interface SwitchProps {
  /** What the switch turns on, as shown; the whole row is the tap target. */
  label: ReactNode
  /**
   * The switch's whole name when the shown label needs its item to make sense, in a list of them ('Active: Lekki'
   * beside an outlet whose row shows 'Active'). Without it the name is the shown label alone.
   */
  name?: string
  description?: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
  /** In a list row: the label sits small under the switch, so the row keeps its width for the item. */
  compact?: boolean
}

const row = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4', minH: 'touch', cursor: 'pointer' })
const compactRow = css({
  display: 'flex',
  flexDirection: 'column-reverse',
  alignItems: 'center',
  gap: '0.5',
  minW: 'touch',
  cursor: 'pointer',
  textStyle: 'caption',
  color: 'fg.muted',
})
const labelText = css({ display: 'block', fontWeight: 'medium' })
const descriptionText = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted' })
const input = css({
  appearance: 'none',
  position: 'relative',
  flexShrink: 0,
  w: '12',
  h: '7',
  borderRadius: 'full',
  bg: 'neutral.muted',
  cursor: 'pointer',
  transition: 'background 150ms',
  _before: {
    content: '""',
    position: 'absolute',
    top: '1',
    left: '1',
    w: '5',
    h: '5',
    borderRadius: 'full',
    bg: 'white',
    boxShadow: 'card',
    transition: 'transform 150ms',
  },
  _checked: { bg: 'accent.default', _before: { transform: 'translateX(20px)' } },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
})

/**
 * An on/off setting that takes effect at once (a native checkbox with role switch, so it needs no script to be read).
 * Its name is the label alone (or `name`) and the description is its description: a name taken from the whole row
 * ran the two together, and text hidden for screen readers beside the label came out as 'Active : Lekki' or, read
 * on its own, ': Lekki' (issue 35).
 */
export function Switch({ label, name, description, checked, onChange, disabled, compact = false }: SwitchProps) {
  const id = useId()
  return (
    <label className={compact ? compactRow : row}>
      <span>
        <span id={`${id}-label`} className={compact ? undefined : labelText}>
          {label}
        </span>
        {description ? (
          <span id={`${id}-description`} className={descriptionText}>
            {description}
          </span>
        ) : null}
      </span>
      <input
        type="checkbox"
        role="switch"
        className={input}
        checked={checked}
        disabled={disabled}
        aria-label={name}
        aria-labelledby={name ? undefined : `${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
    </label>
  )
}
