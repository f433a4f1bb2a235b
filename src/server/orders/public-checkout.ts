import type { PayLinkCheckout } from '#contract/catalogue'

import type { Db } from '../db/client'
import type { OrderRow } from '../db/sales-schema'
import { ApiError } from '../errors'
import { validationError } from '../http/register'
import { createOrder, type NewOrder, orderByIdempotencyKey } from './create'

/*
 * What a customer's checkout without a session shares, whichever page it came from (a pay link, decision 111; a
 * storefront cart, decision 176): the page's own checkout id is the order's idempotency key, so a retry after a
 * lost answer, or two taps at once, answer one order.
 */

/** What the customer's page needs next: the order's payment page, its reference and the exact amount. */
export const checkoutAnswer = (order: OrderRow): PayLinkCheckout => ({
  checkoutCode: order.publicCode!,
  reference: order.reference,
  amount: order.amount,
})

/** The pending order this checkout made, by its key, scoped by vendor like every order's key. */
export const earlierCheckout = (db: Db, vendorId: string, key: string) => orderByIdempotencyKey(db, vendorId, key)

/**
 * createOrder for a customer (no team member acts). The same checkout sent twice at once: the other request made
 * the order, which is answered. A coupon that is not usable today names couponCode; with `as422` it is a 422 like
 * every other refusal of the cart's fields, else the pay link's 409 COUPON_NOT_USABLE.
 */
export async function createCheckoutOrder(
  db: Db,
  vendorId: string,
  input: NewOrder & { idempotencyKey: string },
  at: Date,
  { couponAs422 = false } = {},
): Promise<OrderRow> {
  try {
    return (await createOrder(db, { vendorId, userId: null, name: null }, input, at)).order
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.code === 'IDEMPOTENCY_KEY_REUSED') {
      const made = await orderByIdempotencyKey(db, vendorId, input.idempotencyKey)
      if (made) return made
    }
    if (error.code === 'COUPON_NOT_USABLE') {
      const issues = [{ path: 'couponCode', message: error.message }]
      throw couponAs422 ? validationError(issues) : new ApiError(409, 'COUPON_NOT_USABLE', error.message, { issues })
    }
    throw error
  }
}
