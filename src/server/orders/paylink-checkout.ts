import type { PayLinkCheckout } from '#contract/catalogue'

import { liveVariantOfPayLink, maxQuantityOf } from '../catalogue/paylinks'
import type { Db } from '../db/client'
import { ApiError, type Issue } from '../errors'
import { validationError } from '../http/register'
import { vendorWallet } from '../money/ledger'
import { checkoutAnswer, createCheckoutOrder, earlierCheckout } from './public-checkout'

/*
 * A customer buying from a pay link (decision 111). The checkout is an ordinary shareable order, pending until a
 * transfer quoting its reference arrives: inbound.ts then pays it, takes the stock once and links the payer, as
 * for any order. Nothing here moves money or stock.
 */

export interface CheckoutInput {
  code: string
  checkoutId: string
  quantity: number
  couponCode?: string
  name: string
  phone: string
  email?: string | null
}

/** Scoped by vendor like every order's key; the prefix keeps a page's ids apart from the app's Idempotency-Keys. */
const keyOf = (checkoutId: string) => `paylink:${checkoutId.toLowerCase()}`

/** The order's own field names (items.0.quantity) as the checkout form's (quantity). */
function asCheckoutIssue(issue: Issue): Issue {
  if (issue.path.startsWith('items')) return { path: 'quantity', message: issue.message }
  if (issue.path.startsWith('customer.')) return { path: issue.path.slice('customer.'.length), message: issue.message }
  return issue
}

/**
 * POST /paylink/checkout: a pending order for the pay link's variant, the quantity and the coupon (used once, as
 * on any order), for the customer named. Refusals name the form's field. Stock is checked here and taken only when
 * the money arrives (it never refuses then: a short variant is noted on the order's timeline for the vendor).
 */
export async function payLinkCheckout(db: Db, input: CheckoutInput, at: Date): Promise<PayLinkCheckout> {
  const { variant, product } = await liveVariantOfPayLink(db, input.code)
  const { vendorId } = product
  const key = keyOf(input.checkoutId)
  const earlier = await earlierCheckout(db, vendorId, key)
  if (earlier) return checkoutAnswer(earlier)
  const max = maxQuantityOf(variant)
  if (max === 0) throw new ApiError(409, 'PAY_LINK_SOLD_OUT', 'This item is sold out for now')
  if (input.quantity > max) {
    throw validationError([{ path: 'quantity', message: max === 1 ? 'Only 1 unit is left' : `Only ${max} units are left` }])
  }
  if (!(await vendorWallet(db, vendorId, 'main'))?.accountNumber) {
    throw new ApiError(409, 'PAY_LINK_NOT_PAYABLE', 'This seller cannot take bank transfers yet. Contact them to pay.')
  }
  try {
    const order = await createCheckoutOrder(
      db,
      vendorId,
      {
        kind: 'order',
        customer: { name: input.name, phone: input.phone, email: input.email ?? null },
        items: [{ variantId: variant.id, quantity: input.quantity }],
        couponCode: input.couponCode,
        taxIds: [],
        // A link tied to an outlet sells its units (decision 174).
        outletId: variant.paylinkOutletId,
        narration: 'Ordered through the pay link',
        shareable: true,
        idempotencyKey: key,
      },
      at,
    )
    return checkoutAnswer(order)
  } catch (error) {
    // A coupon not usable today stays the pay link's 409 (public-checkout.ts); every other refusal names the form's field.
    if (!(error instanceof ApiError) || error.code === 'COUPON_NOT_USABLE' || !error.issues) throw error
    throw validationError(error.issues.map(asCheckoutIssue))
  }
}
