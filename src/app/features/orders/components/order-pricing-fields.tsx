import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { taxLabel } from '#app/lib/format'
import { deliveryLocationListQuery, taxListQuery } from '#app/lib/selling-terms-lists'
import { Field, Input, Select, Textarea } from '#app/ui/field'
import { formatKobo } from '#contract/naira'
import { MAX_ORDER_NARRATION } from '#contract/orders'
import { MAX_COUPON_CODE } from '#contract/selling-terms'

import type { OrderDraft } from '../order-draft'

const fields = stack({ gap: '4' })
const fieldset = stack({ gap: '1', border: 'none', p: '0', m: '0', minW: '0' })
const legend = css({ textStyle: 'label', mb: '1', p: '0' })
const check = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  minH: 'touch',
  cursor: 'pointer',
  '& input': { w: '5', h: '5', accentColor: 'var(--colors-accent-default)', flexShrink: 0 },
})
const note = css({ textStyle: 'body.sm', color: 'fg.muted' })

export interface OrderPricingFieldsProps {
  draft: OrderDraft
  onChange: (patch: Partial<OrderDraft>) => void
  couponError?: string
}

/** Coupon, taxes (the vendor's, each a checkbox), delivery location (active ones) and narration. */
export function OrderPricingFields({ draft, onChange, couponError }: OrderPricingFieldsProps) {
  const taxes = useQuery(taxListQuery())
  const locations = useQuery(deliveryLocationListQuery())
  const active = locations.data?.items.filter((l) => l.isActive) ?? []
  return (
    <div className={fields}>
      <Field label="Coupon code (optional)" error={couponError}>
        <Input
          value={draft.couponCode}
          maxLength={MAX_COUPON_CODE}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange({ couponCode: event.target.value })}
        />
      </Field>
      <fieldset className={fieldset}>
        <legend className={legend}>Taxes</legend>
        {taxes.data?.items.length ? (
          taxes.data.items.map((tax) => (
            <label key={tax.id} className={check}>
              <input
                type="checkbox"
                checked={draft.taxIds.includes(tax.id)}
                onChange={(event) =>
                  onChange({ taxIds: event.target.checked ? [...draft.taxIds, tax.id] : draft.taxIds.filter((id) => id !== tax.id) })
                }
              />
              {taxLabel(tax.name, tax.percentage)}
            </label>
          ))
        ) : (
          <p className={note}>
            {taxes.isError ? 'Could not load your taxes.' : taxes.isPending ? 'Loading taxes…' : 'No taxes set up. Add them in Settings.'}
          </p>
        )}
      </fieldset>
      <Field label="Delivery location" helper={locations.isError ? 'Could not load your delivery locations.' : undefined}>
        <Select value={draft.deliveryLocationId} onChange={(event) => onChange({ deliveryLocationId: event.target.value })}>
          <option value="">No delivery</option>
          {active.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name} ({formatKobo(l.fee)})
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Narration (optional)">
        <Textarea
          rows={2}
          maxLength={MAX_ORDER_NARRATION}
          value={draft.narration}
          onChange={(event) => onChange({ narration: event.target.value })}
        />
      </Field>
    </div>
  )
}
