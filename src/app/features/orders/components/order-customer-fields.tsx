import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { Button } from '#app/ui/button'
import type { CustomerPickerComponent } from '#app/ui/customer-choice'
import { Field, Input, PhoneInput } from '#app/ui/field'
import { MAX_EMAIL_LENGTH } from '#contract/common'
import { MAX_CUSTOMER_NAME } from '#contract/orders'

import type { CustomerDraft } from '../order-draft'

const fields = stack({ gap: '4' })
const pair = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: '4' })
const chosen = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  p: '3',
  borderRadius: 'control',
  bg: 'accent.subtle',
  color: 'accent.fg',
  fontWeight: 'medium',
  overflowWrap: 'anywhere',
})
const note = css({ textStyle: 'body.sm', color: 'fg.muted' })

export interface OrderCustomerFieldsProps {
  value: CustomerDraft
  onChange: (value: CustomerDraft) => void
  errors: { name?: string; email?: string; phone?: string }
  /** The customer picker, when the user may list customers; without it a customer is typed in. */
  picker?: CustomerPickerComponent
}

/**
 * Who the order is for: an existing customer from the picker, or a name with an optional email and phone (the
 * server matches them to a customer it already has). Nothing at all makes an anonymous, walk-in customer.
 */
export function OrderCustomerFields({ value, onChange, errors, picker: Picker }: OrderCustomerFieldsProps) {
  const [picking, setPicking] = useState(false)
  const set = (patch: Partial<CustomerDraft>) => onChange({ ...value, ...patch })
  return (
    <div className={fields}>
      {value.picked ? (
        <div className={chosen}>
          <span>{value.picked.name}</span>
          <Button variant="ghost" size="sm" onClick={() => set({ picked: null })}>
            Remove
          </Button>
        </div>
      ) : (
        <>
          <Field label="Customer name" error={errors.name}>
            <Input
              value={value.name}
              maxLength={MAX_CUSTOMER_NAME}
              autoComplete="off"
              onChange={(event) => set({ name: event.target.value })}
            />
          </Field>
          <div className={pair}>
            <Field label="Email (optional)" error={errors.email}>
              <Input
                type="email"
                inputMode="email"
                value={value.email}
                maxLength={MAX_EMAIL_LENGTH}
                autoComplete="off"
                onChange={(event) => set({ email: event.target.value })}
              />
            </Field>
            <Field label="Phone (optional)" error={errors.phone}>
              <PhoneInput value={value.phone} autoComplete="off" onChange={(phone) => set({ phone })} />
            </Field>
          </div>
          <p className={note}>Leave these empty for a walk-in customer.</p>
        </>
      )}
      {Picker ? (
        <>
          <Button variant="outline" onClick={() => setPicking(true)}>
            {value.picked ? 'Choose another customer' : 'Choose an existing customer'}
          </Button>
          <Picker open={picking} onOpenChange={setPicking} selectedId={value.picked?.id} onSelect={(picked) => set({ picked })} />
        </>
      ) : null}
    </div>
  )
}
