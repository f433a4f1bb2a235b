import { css } from 'styled-system/css'

import { Icon } from './icon'

export interface RemovableChip {
  key: string
  label: string
}

const list = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })
const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  minH: '8',
  maxW: 'full',
  pl: '3',
  pr: '1',
  borderRadius: 'pill',
  bg: 'accent.subtle',
  color: 'accent.fg',
  textStyle: 'body.sm',
  fontWeight: 'medium',
  overflowWrap: 'anywhere',
})
const remove = css({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  w: '8',
  h: '8',
  borderRadius: 'full',
  cursor: 'pointer',
  _hover: { bg: 'accent.muted' },
})

/** Pills each with its own remove button: the filters that are on, an option's values. */
export function RemovableChips({
  label,
  chips,
  onRemove,
}: {
  label: string
  chips: readonly RemovableChip[]
  onRemove: (key: string) => void
}) {
  if (chips.length === 0) return null
  return (
    <ul aria-label={label} className={list}>
      {chips.map((c) => (
        <li key={c.key} className={chip}>
          {c.label}
          <button type="button" className={remove} aria-label={`Remove ${c.label}`} onClick={() => onRemove(c.key)}>
            <Icon name="close" size={14} />
          </button>
        </li>
      ))}
    </ul>
  )
}
