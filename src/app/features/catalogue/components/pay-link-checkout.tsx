import { useForm } from '@tanstack/react-form'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import * as v from 'valibot'

import { emailField, showSubmitError } from '#app/lib/forms'
import { newIdempotencyKey } from '#app/lib/idempotency'
import { useOnline } from '#app/lib/online'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { Field } from '#app/ui/field'
import { Form } from '#app/ui/form'
import { Money } from '#app/ui/money'
import { Notice } from '#app/ui/notice'
import { QuantityStepper } from '#app/ui/quantity-stepper'
import { PhoneField, TextField } from '#app/ui/text-field'
import { MAX_CHECKOUT_NAME, type PayLinkView } from '#contract/catalogue'
import { MAX_EMAIL_LENGTH } from '#contract/common'
import { COUPON_CODE_PATTERN, MAX_COUPON_CODE } from '#contract/selling-terms'

import { usePayLinkCheckout } from '../queries'

export const OFFLINE_CHECKOUT = 'You are offline. Connect to get the payment details.'

const optional = (rule: v.GenericSchema<string, string>) => v.union([v.literal(''), rule])
const checkoutSchema = v.object({
  quantity: v.number(),
  name: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Enter your name.'),
    v.maxLength(MAX_CHECKOUT_NAME, `Use at most ${MAX_CHECKOUT_NAME} characters.`),
  ),
  phone: v.pipe(v.string(), v.regex(/^\d{11}$/, 'Enter your 11-digit phone number, like 08031234567.')),
  email: optional(emailField),
  couponCode: optional(v.pipe(v.string(), v.trim(), v.regex(COUPON_CODE_PATTERN, 'A coupon code is 3 to 20 letters or digits.'))),
})

const total = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', textStyle: 'body.md' })
const muted = css({ textStyle: 'body.sm', color: 'fg.muted' })

/**
 * How many, who is buying, and a coupon if they have one; the server then answers the exact amount and the
 * reference to quote, on the order's own payment page (/checkout/$code), which also shows when the money arrived.
 */
export function PayLinkCheckoutForm({ view }: { view: PayLinkView }) {
  const checkout = usePayLinkCheckout()
  const navigate = useNavigate()
  const online = useOnline()
  // One id per visit to the form: a retry after a lost answer gets the same order back, not a second one.
  const [checkoutId] = useState(newIdempotencyKey)
  const f = useForm({
    defaultValues: { quantity: 1, name: '', phone: '', email: '', couponCode: '' },
    validators: { onChange: checkoutSchema },
    onSubmit: ({ value, formApi }) => {
      if (!online) return
      const body = {
        code: view.code,
        checkoutId,
        quantity: value.quantity,
        name: value.name.trim(),
        phone: value.phone,
        email: value.email.trim() || undefined,
        couponCode: value.couponCode.trim() || undefined,
      }
      checkout.mutate(body, {
        onSuccess: ({ data }) => void navigate({ to: '/checkout/$code', params: { code: data.checkoutCode } }),
        onError: (error) => showSubmitError(formApi, error),
      })
    },
  })
  return (
    <Card title="Buy now">
      <Form form={f} pending={checkout.isPending} className={stack({ gap: '4' })} aria-label="Buy now">
        {(submitted) => (
          <>
            <f.Field name="quantity">
              {(field) => (
                <Field label="Quantity" error={field.state.meta.errorMap.onSubmit as string | undefined}>
                  <QuantityStepper
                    label={view.productName}
                    value={field.state.value}
                    max={view.maxQuantity}
                    onChange={field.handleChange}
                  />
                </Field>
              )}
            </f.Field>
            <f.Subscribe selector={(state) => state.values.quantity}>
              {(quantity) => (
                <p className={total}>
                  <span>Price for {quantity === 1 ? '1 unit' : `${quantity} units`}</span>
                  <strong>
                    <Money kobo={view.discountedPrice * quantity} currency={view.currency} />
                  </strong>
                </p>
              )}
            </f.Subscribe>
            <f.Field name="name">
              {(field) => (
                <TextField
                  field={field}
                  submitted={submitted}
                  label="Your name"
                  required
                  maxLength={MAX_CHECKOUT_NAME}
                  autoComplete="name"
                />
              )}
            </f.Field>
            <f.Field name="phone">
              {(field) => (
                <PhoneField
                  field={field}
                  submitted={submitted}
                  label="Phone number"
                  required
                  helper={`So ${view.vendorName} can reach you about delivery.`}
                />
              )}
            </f.Field>
            <f.Field name="email">
              {(field) => (
                <TextField
                  field={field}
                  submitted={submitted}
                  label="Email (optional)"
                  type="email"
                  inputMode="email"
                  maxLength={MAX_EMAIL_LENGTH}
                  autoComplete="email"
                />
              )}
            </f.Field>
            <f.Field name="couponCode">
              {(field) => (
                <TextField
                  field={field}
                  submitted={submitted}
                  label="Coupon code (optional)"
                  maxLength={MAX_COUPON_CODE}
                  autoCapitalize="characters"
                  autoComplete="off"
                />
              )}
            </f.Field>
            {online ? null : <Notice icon="wifi-off">{OFFLINE_CHECKOUT}</Notice>}
            <p className={muted}>Next you get the account to pay into and a reference to write in your transfer.</p>
            <Button type="submit" size="lg" fullWidth loading={checkout.isPending} disabled={!online}>
              Get payment details
            </Button>
          </>
        )}
      </Form>
    </Card>
  )
}
