import { type FormEvent, useId, useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { optionsLabel } from '#app/lib/variant-options'
import { Button } from '#app/ui/button'
import { AmountInput, DigitsInput, Field, Input, PercentInput, Select } from '#app/ui/field'
import { MarginText } from '#app/ui/margin-text'
import { Sheet } from '#app/ui/sheet'
import { Skeleton } from '#app/ui/skeleton'
import { MAX_BARCODE, MAX_SKU, type ProductVariant } from '#contract/catalogue'
import { parseNairaToKobo } from '#contract/money'

import { useUpdateVariant } from '../queries'
import { previewPrice, variantChanges, type VariantFormDraft, variantFormDraft, variantFormErrors } from '../variant-form'
import { hasDiscount } from '../variants'
import { useVariant } from './variant-details-sheet'
import { VariantPrice } from './variant-price'

const form = stack({ gap: '4' })
const pair = css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '3', alignItems: 'start' })
const preview = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  p: '3',
  borderRadius: 'control',
  bg: 'bg.subtle',
})
const previewLabel = css({ textStyle: 'body.sm', color: 'fg.muted' })
const clearRow = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  textStyle: 'body.sm',
  color: 'fg.muted',
})

interface FormProps {
  variant: ProductVariant
  formId: string
  update: ReturnType<typeof useUpdateVariant>
  onSaved: () => void
}

function UpdateVariantForm({ variant, formId, update, onSaved }: FormProps) {
  const [draft, setDraft] = useState<VariantFormDraft>(() => variantFormDraft(variant))
  const [submitted, setSubmitted] = useState(false)
  const errors = submitted ? variantFormErrors(draft) : null
  const set = (patch: Partial<VariantFormDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const after = previewPrice(draft)
  const price = previewPrice({ ...draft, discountType: '' })
  const cost = draft.cost ? parseNairaToKobo(draft.cost) : null

  function submit(event: FormEvent) {
    event.preventDefault()
    setSubmitted(true)
    if (variantFormErrors(draft)) return
    const body = variantChanges(draft, variant)
    if (!body) return onSaved()
    update.mutate({ body, variant }, { onSuccess: onSaved })
  }

  return (
    <form id={formId} className={form} noValidate onSubmit={submit} aria-busy={update.isPending}>
      <div className={pair}>
        <Field label="Price" error={errors?.price}>
          <AmountInput value={draft.price} onChange={(value) => set({ price: value })} />
        </Field>
        <Field label="Available units" error={errors?.units}>
          <DigitsInput value={draft.units} onChange={(value) => set({ units: value })} />
        </Field>
      </div>
      <Field label="Discount type">
        {/* A new type starts with an empty value: naira and percent do not convert into each other. */}
        <Select
          value={draft.discountType}
          onChange={(event) => set({ discountType: event.target.value as VariantFormDraft['discountType'], discount: '' })}
        >
          <option value="">No discount</option>
          <option value="FLAT">Flat amount (₦)</option>
          <option value="PERCENTAGE">Percentage (%)</option>
        </Select>
      </Field>
      <Field
        label="Discount"
        error={errors?.discount}
        disabled={!draft.discountType}
        helper={draft.discountType ? undefined : 'Choose a discount type first.'}
      >
        {draft.discountType === 'PERCENTAGE' ? (
          <PercentInput value={draft.discount} onChange={(value) => set({ discount: value })} />
        ) : (
          <AmountInput value={draft.discount} onChange={(value) => set({ discount: value })} />
        )}
      </Field>
      {hasDiscount(variant) ? (
        <div className={clearRow}>
          {draft.discountType ? <span>This variant has a discount.</span> : <span>The discount is removed when you save.</span>}
          {draft.discountType ? (
            <Button variant="ghost" size="sm" onClick={() => set({ discountType: '', discount: '' })}>
              Clear discount
            </Button>
          ) : null}
        </div>
      ) : null}
      <div className={preview} aria-live="polite">
        <span className={previewLabel}>Customers pay</span>
        {after !== null && price !== null ? <VariantPrice price={price} discountedPrice={after} /> : <span>—</span>}
      </div>
      <div className={pair}>
        <Field label="SKU (optional)" error={errors?.sku}>
          <Input value={draft.sku} maxLength={MAX_SKU} autoComplete="off" onChange={(event) => set({ sku: event.target.value })} />
        </Field>
        <Field label="Barcode (optional)" error={errors?.barcode}>
          <Input
            value={draft.barcode}
            maxLength={MAX_BARCODE}
            autoComplete="off"
            inputMode="text"
            onChange={(event) => set({ barcode: event.target.value })}
          />
        </Field>
      </div>
      <Field label="Cost price (optional)" error={errors?.cost} helper="What one unit costs you. Only people who manage products see it.">
        <AmountInput value={draft.cost} onChange={(value) => set({ cost: value })} />
      </Field>
      {after !== null && cost !== null ? (
        <div className={preview} aria-live="polite">
          <span className={previewLabel}>Margin</span>
          <MarginText price={after} cost={cost} />
        </div>
      ) : null}
    </form>
  )
}

/** The 'Update Variant' sheet (SPEC §2, §5) for /products/$productId/variants/$variantId/update. */
export function UpdateVariantSheet({ productId, variantId, onClose }: { productId: string; variantId: string; onClose: () => void }) {
  const { variant } = useVariant(productId, variantId)
  const update = useUpdateVariant()
  const formId = useId()
  return (
    <Sheet
      onClose={onClose}
      title="Update Variant"
      description={variant ? `${variant.productName} · ${optionsLabel(variant.options)}` : undefined}
      footer={
        <Button type="submit" form={formId} size="lg" disabled={!variant} loading={update.isPending}>
          Save changes
        </Button>
      }
    >
      {variant ? (
        <UpdateVariantForm variant={variant} formId={formId} update={update} onSaved={onClose} />
      ) : (
        <Skeleton count={4} height={48} />
      )}
    </Sheet>
  )
}
