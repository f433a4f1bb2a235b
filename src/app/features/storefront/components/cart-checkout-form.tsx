import { useForm } from '@tanstack/react-form'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import * as v from 'valibot'

import { ApiError } from '#app/lib/api'
import { emailField, showSubmitError } from '#app/lib/forms'
import { newIdempotencyKey } from '#app/lib/idempotency'
import { useOnline } from '#app/lib/online'
import type { CartItem } from '#app/lib/shop-cart'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { Form } from '#app/ui/form'
import { Notice } from '#app/ui/notice'
import { PhoneField, TextField } from '#app/ui/text-field'
import { MAX_CHECKOUT_NAME } from '#contract/catalogue'
import { MAX_EMAIL_LENGTH } from '#contract/common'
import { COUPON_CODE_PATTERN, MAX_COUPON_CODE } from '#contract/selling-terms'

import { cartLines } from '../cart'
import { useCartCheckout } from '../queries'

const OFFLINE_CHECKOUT = 'You are offline. Connect to place your order.'

const optional = (rule: v.GenericSchema<string, string>) => v.union([v.literal(''), rule])
const detailsSchema = v.object({
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

const muted = css({ textStyle: 'body.sm', color: 'fg.muted' })

export interface CartCheckoutFormProps {
  url: string
  vendorName: string
  items: readonly CartItem[]
  deliveryLocationId: string
  /** The server refused something outside these fields (a line, the delivery location): the page shows it there. */
  onRefused: (issues: readonly { path: string; message: string }[]) => void
  /** The order is made: the cart is spent. */
  onPlaced: () => void
}

/**
 * Who is buying and a coupon if they have one; the server then makes the order and answers its payment page
 * (/checkout/$code), which shows the exact total and the account to pay into (decision 176).
 */
export function CartCheckoutForm({ url, vendorName, items, deliveryLocationId, onRefused, onPlaced }: CartCheckoutFormProps) {
  const checkout = useCartCheckout()
  const navigate = useNavigate()
  const online = useOnline()
  // One id per cart as it stands: a retry after a lost answer gets the same order back, a changed cart a new one.
  const cartKey = JSON.stringify([items.map((item) => [item.variantId, item.quantity]), deliveryLocationId])
  const [attempt, setAttempt] = useState(() => ({ cartKey, checkoutId: newIdempotencyKey() }))
  if (attempt.cartKey !== cartKey) setAttempt({ cartKey, checkoutId: newIdempotencyKey() })
  const { checkoutId } = attempt
  const f = useForm({
    defaultValues: { name: '', phone: '', email: '', couponCode: '' },
    validators: { onChange: detailsSchema },
    onSubmit: ({ value, formApi }) => {
      if (!online || items.length === 0) return
      const body = {
        url,
        checkoutId,
        items: cartLines(items),
        deliveryLocationId: deliveryLocationId || undefined,
        name: value.name.trim(),
        phone: value.phone,
        email: value.email.trim() || undefined,
        couponCode: value.couponCode.trim() || undefined,
      }
      checkout.mutate(body, {
        onSuccess: ({ data }) => {
          onPlaced()
          void navigate({ to: '/checkout/$code', params: { code: data.checkoutCode } })
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) onRefused(error.issues)
          showSubmitError(formApi, error)
        },
      })
    },
  })
  return (
    <Card title="Your details">
      <Form form={f} pending={checkout.isPending} className={stack({ gap: '4' })} aria-label="Your details">
        {(submitted) => (
          <>
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
                  helper={`So ${vendorName} can reach you about delivery.`}
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
                  helper="Taken off when you place the order; the payment page shows the total with it."
                  maxLength={MAX_COUPON_CODE}
                  autoCapitalize="characters"
                  autoComplete="off"
                />
              )}
            </f.Field>
            {online ? null : <Notice icon="wifi-off">{OFFLINE_CHECKOUT}</Notice>}
            <p className={muted}>Next you get the account to pay into by bank transfer.</p>
            <Button type="submit" size="lg" fullWidth loading={checkout.isPending} disabled={!online || items.length === 0}>
              Place order
            </Button>
          </>
        )}
      </Form>
    </Card>
  )
}
