import type { CartItem } from '#app/lib/shop-cart'
import { toBasisPoints } from '#contract/common'
import { type OrderTotals, orderTotals } from '#contract/pricing'
import type { CartLine, Storefront, StorefrontProduct, StorefrontVariant } from '#contract/storefront'

/*
 * The cart's rules without React (decision 176): what a line is, what the shop sells now, and the totals, worked out
 * by the one orderTotals (contract/pricing.ts) that prices every order on the server and the order form's preview.
 */

export const cartItemOf = (product: StorefrontProduct, variant: StorefrontVariant): Omit<CartItem, 'quantity'> => ({
  variantId: variant.id,
  productName: product.name,
  options: variant.options,
  unitPrice: variant.price,
})

/** Every variant on sale in the pages loaded so far, by id. */
export function onSaleIn(pages: readonly Storefront[]): Map<string, Omit<CartItem, 'quantity'>> {
  return new Map(pages.flatMap((page) => page.products.items.flatMap((p) => p.variants.map((v) => [v.id, cartItemOf(p, v)] as const))))
}

/**
 * The cart's money as the order will be made: every tax the shop charges, the delivery fee chosen. A coupon is
 * redeemed by the server at checkout, so it is not guessed here (the payment page shows the total with it).
 */
export function cartTotals(
  items: readonly CartItem[],
  shop: Pick<Storefront, 'taxes' | 'deliveryLocations'>,
  deliveryId: string,
): OrderTotals {
  return orderTotals({
    lines: items,
    taxes: shop.taxes.map((tax) => ({ name: tax.name, bps: toBasisPoints(tax.percentage) })),
    deliveryFee: shop.deliveryLocations.find((l) => l.id === deliveryId)?.fee ?? 0,
  })
}

export const cartLines = (items: readonly CartItem[]): CartLine[] =>
  items.map((item) => ({ variantId: item.variantId, quantity: item.quantity }))

/** The cart lines a refusal names (items.2.variantId: no longer sold), to take them out of the cart. */
export function refusedLines(items: readonly CartItem[], issues: readonly { path: string }[] | undefined): CartItem[] {
  return (issues ?? []).flatMap((issue) => {
    const match = /^items\.(\d+)\.variantId$/.exec(issue.path)
    const item = match ? items[Number(match[1])] : undefined
    return item ? [item] : []
  })
}
