import { css } from 'styled-system/css'
import { stack, visuallyHidden } from 'styled-system/patterns'

import { optionsLabel } from '#app/lib/variant-options'
import { AmountInput, DigitsInput, Field } from '#app/ui/field'

import type { DraftErrors, VariantDraft } from '../product-draft'
import { optionsSignature } from '../variants'

const list = stack({ gap: '3' })
const row = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  pb: '3',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _last: { borderBottomWidth: '0', pb: '0' },
})
const title = css({ fontWeight: 'medium', overflowWrap: 'anywhere' })
const pair = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', gap: '3', alignItems: 'start' })

interface VariantsEditorProps {
  variants: VariantDraft[]
  errors: DraftErrors['variants']
  onChange: (variants: VariantDraft[]) => void
}

/** Price (naira, with kobo) and units (digits) for every variant the options make. */
export function VariantsEditor({ variants, errors, onChange }: VariantsEditorProps) {
  const single = variants.length === 1 && Object.keys(variants[0]!.options).length === 0
  const set = (index: number, patch: Partial<VariantDraft>) => onChange(variants.map((v, i) => (i === index ? { ...v, ...patch } : v)))
  return (
    <ul className={list} aria-label="Variants">
      {variants.map((variant, index) => {
        const signature = optionsSignature(variant.options)
        const label = optionsLabel(variant.options)
        // With several variants every field's name says which one it belongs to; the title already shows it.
        const named = (text: string) =>
          single ? (
            text
          ) : (
            <>
              <span className={visuallyHidden()}>{label} </span>
              {text}
            </>
          )
        return (
          <li key={signature} className={row}>
            {single ? null : <span className={title}>{label}</span>}
            <div className={pair}>
              <Field label={named('Price')} error={errors[signature]?.price}>
                <AmountInput value={variant.price} onChange={(price) => set(index, { price })} />
              </Field>
              <Field label={named('Units')} error={errors[signature]?.units}>
                <DigitsInput value={variant.units} onChange={(units) => set(index, { units })} />
              </Field>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
