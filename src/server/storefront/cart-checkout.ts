import { and, eq, inArray, isNull } from 'drizzle-orm'

import type { PayLinkCheckout } from '#contract/catalogue'
import type { CartLine } from '#contract/storefront'

import type { Db } from '../db/client'
import { products, productVariants } from '../db/schema'
import { ApiError, type Issue } from '../errors'
import { validationError } from '../http/register'
import { vendorWallet } from '../money/ledger'
import { checkoutAnswer, createCheckoutOrder, earlierCheckout } from '../orders/public-checkout'
import { listedProduct, openShop, shopTaxes } from './shop-terms'

/*
 * A storefront cart checked out (decision 176): one pending shareable order, made by createOrder exactly as a
 * vendor's order is, so its lines, coupon, taxes and delivery fee go through the one orderTotals
 * (contract/pricing.ts). Stock is checked here and taken when the money arrives, as for a pay link (decision 111).
 */

export interface CartCheckoutInput {
  url: string
  checkoutId: string
  items: readonly CartLine[]
  deliveryLocationId?: string
  couponCode?: string
  name: string
  phone: string
  email?: string | null
}

/** The prefix keeps a cart's ids apart from pay links' and the app's Idempotency-Keys (all per vendor). */
const keyOf = (checkoutId: string) => `cart:${checkoutId.toLowerCase()}`

/**
 * Lines whose variant is not on this shop's shelf: unknown, another vendor's, removed, or of a product that is
 * unpublished or in a hidden collection. Whether it is switched on and has the units is createOrder's (priceLines).
 */
async function offShelf(db: Db, vendorId: string, items: readonly CartLine[]): Promise<Issue[]> {
  const ids = [...new Set(items.map((item) => item.variantId))]
  const rows = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, and(eq(products.vendorId, productVariants.vendorId), eq(products.id, productVariants.productId)))
    .where(and(listedProduct(db, vendorId), inArray(productVariants.id, ids), isNull(productVariants.deletedAt)))
  const sold = new Set(rows.map((row) => row.id))
  return items.flatMap((item, i) =>
    sold.has(item.variantId) ? [] : [{ path: `items.${i}.variantId`, message: 'is not sold in this shop' }],
  )
}

/** The order's field names as the cart's: the customer's are the form's own (name, phone, email). */
const asCartIssue = (issue: Issue): Issue =>
  issue.path.startsWith('customer.') ? { path: issue.path.slice('customer.'.length), message: issue.message } : issue

/**
 * POST /storefront/checkout. Every refusal of the cart is a 422 naming its field (items.1.quantity, couponCode,
 * deliveryLocationId), the coupon's too: the customer fixes the cart and sends it again.
 */
export async function cartCheckout(db: Db, input: CartCheckoutInput, at: Date): Promise<PayLinkCheckout> {
  const shop = await openShop(db, input.url)
  const key = keyOf(input.checkoutId)
  const earlier = await earlierCheckout(db, shop.id, key)
  if (earlier) return checkoutAnswer(earlier)
  const [issues, wallet, taxes] = await Promise.all([
    offShelf(db, shop.id, input.items),
    vendorWallet(db, shop.id, 'main'),
    shopTaxes(db, shop.id),
  ])
  if (issues.length) throw validationError(issues)
  if (!wallet?.accountNumber) {
    throw new ApiError(409, 'PAY_LINK_NOT_PAYABLE', 'This seller cannot take bank transfers yet. Contact them to pay.')
  }
  try {
    const order = await createCheckoutOrder(
      db,
      shop.id,
      {
        kind: 'order',
        customer: { name: input.name, phone: input.phone, email: input.email ?? null },
        items: input.items,
        couponCode: input.couponCode,
        taxIds: taxes.map((tax) => tax.id),
        deliveryLocationId: input.deliveryLocationId,
        narration: 'Ordered from the shop',
        shareable: true,
        idempotencyKey: key,
      },
      at,
      { couponAs422: true },
    )
    return checkoutAnswer(order)
  } catch (error) {
    if (!(error instanceof ApiError) || !error.issues) throw error
    throw validationError(error.issues.map(asCartIssue))
  }
}
