import { type CSSProperties, useId } from 'react'
import { css } from 'styled-system/css'

export interface Swatch {
  id: string
  name: string
  /** The look the swatch shows: a font family, or a colour or gradient (data from the server's lists). */
  style: CSSProperties
  /** What the swatch shows in that look ('Aa' for a font); nothing for a background. */
  sample?: string
}

const fieldset = css({ border: 'none', p: '0', m: '0', minW: '0' })
const legend = css({ textStyle: 'label', color: 'fg.default', mb: '2', p: '0' })
const grid = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(5.5rem, 1fr))', gap: '2' })
const option = css({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '1',
  p: '1.5',
  borderRadius: 'control',
  borderWidth: '2px',
  borderColor: 'transparent',
  cursor: 'pointer',
  textStyle: 'caption',
  color: 'fg.muted',
  textAlign: 'center',
  _hover: { bg: 'bg.subtle' },
  '&:has(input:checked)': { borderColor: 'accent.default', color: 'accent.fg', fontWeight: 'semibold' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
})
const chip = css({
  display: 'grid',
  placeItems: 'center',
  w: 'full',
  h: '12',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  color: 'fg.default',
  fontSize: 'xl',
})
// The radio stays focusable and announced; only its circle is hidden behind the swatch.
const radio = css({ position: 'absolute', opacity: 0, inset: '0', m: '0', cursor: 'inherit' })

/** A radio group drawn as swatches: the choice is seen (a typeface, a colour), with its name under it. */
export function SwatchPicker({
  legend: label,
  swatches,
  value,
  onChange,
}: {
  legend: string
  swatches: readonly Swatch[]
  value: string
  onChange: (id: string) => void
}) {
  const name = useId()
  return (
    <fieldset className={fieldset}>
      <legend className={legend}>{label}</legend>
      <div className={grid}>
        {swatches.map((swatch) => (
          <label key={swatch.id} className={option}>
            <input
              type="radio"
              className={radio}
              name={name}
              value={swatch.id}
              checked={value === swatch.id}
              onChange={() => onChange(swatch.id)}
            />
            <span className={chip} style={swatch.style} aria-hidden="true">
              {swatch.sample}
            </span>
            {swatch.name}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
