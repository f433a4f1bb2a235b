import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

export interface SwitchProps {
  /** What the switch turns on; the whole row is the tap target. */
  label: ReactNode
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

/** An on/off setting that takes effect at once (a native checkbox with role switch, so it needs no script to be read). */
export function Switch({ label, description, checked, onChange, disabled, compact = false }: SwitchProps) {
  return (
    <label className={compact ? compactRow : row}>
      <span>
        <span className={compact ? undefined : labelText}>{label}</span>
        {description ? <span className={descriptionText}>{description}</span> : null}
      </span>
      <input
        type="checkbox"
        role="switch"
        className={input}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
    </label>
  )
}
