/**
 * What a customer pays for a variant after its discount, in kobo. Shared by the server (pay links, order totals)
 * and the app (live preview in Update Variant), so both always agree to the kobo.
 *
 * A percentage discount is in basis points (750 = 7.5 %) and is rounded half up to the kobo: 7.5 % of ₦10.01
 * (1001 kobo) is 75.075 kobo, taken off as 75. Integer arithmetic only: prices are capped at MAX_PRICE_KOBO so
 * price × 10,000 stays far inside Number.MAX_SAFE_INTEGER.
 */
export type DiscountType = 'FLAT' | 'PERCENTAGE'

/** ₦1,000,000,000: the most a single variant may cost. */
export const MAX_PRICE_KOBO = 100_000_000_000

export function discountKobo(price: number, type: DiscountType | null, value: number | null): number {
  if (type === null || value === null) return 0
  if (type === 'FLAT') return Math.min(value, price)
  return Math.floor((price * value + 5_000) / 10_000)
}

/**
 * @param value kobo for FLAT, basis points for PERCENTAGE.
 */
export function priceAfterDiscount(price: number, type: DiscountType | null, value: number | null): number {
  return price - discountKobo(price, type, value)
}
