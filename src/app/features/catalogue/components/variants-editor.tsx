import { css } from 'styled-system/css'
import { stack, visuallyHidden } from 'styled-system/patterns'

import { optionsLabel } from '#app/lib/variant-options'
import { AmountInput, DigitsInput, Field, Input } from '#app/ui/field'
import { MAX_BARCODE, MAX_SKU } from '#contract/catalogue'

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
const halves = css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '3', alignItems: 'start' })
const COST_HELPER = 'What one unit costs you. Only people who manage products see it.'

interface VariantsEditorProps {
  variants: VariantDraft[]
  errors: DraftErrors['variants']
  onChange: (variants: VariantDraft[]) => void
  /** SKU, barcode and cost too (a new product; an existing variant's are changed in Update Variant). */
  codes?: boolean
}

/** Price (naira, with kobo) and units (digits) for every variant the options make; with `codes`, SKU, barcode and cost. */
export function VariantsEditor({ variants, errors, onChange, codes = false }: VariantsEditorProps) {
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
            {codes ? (
              <>
                <div className={halves}>
                  <Field label={named('SKU (optional)')} error={errors[signature]?.sku}>
                    <Input
                      value={variant.sku}
                      maxLength={MAX_SKU}
                      autoComplete="off"
                      onChange={(event) => set(index, { sku: event.target.value })}
                    />
                  </Field>
                  <Field label={named('Barcode (optional)')} error={errors[signature]?.barcode}>
                    <Input
                      value={variant.barcode}
                      maxLength={MAX_BARCODE}
                      autoComplete="off"
                      inputMode="text"
                      onChange={(event) => set(index, { barcode: event.target.value })}
                    />
                  </Field>
                </div>
                <Field
                  label={named('Cost price (optional)')}
                  error={errors[signature]?.cost}
                  helper={index === 0 ? COST_HELPER : undefined}
                >
                  <AmountInput value={variant.cost} onChange={(cost) => set(index, { cost })} />
                </Field>
              </>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
