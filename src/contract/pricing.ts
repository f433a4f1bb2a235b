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

/** ₦1,000,000,000: the largest order subtotal, so subtotal × 10,000 (basis points) stays a safe integer. */
export const MAX_ORDER_SUBTOTAL_KOBO = 100_000_000_000

export interface OrderTotalsInput {
  /** Each line's unit price (kobo, after the variant's own discount) and quantity. */
  lines: readonly { unitPrice: number; quantity: number }[]
  coupon?: { type: DiscountType; value: number } | null
  /** Basis points each (750 = 7.5 %). */
  taxes?: readonly { name: string; bps: number }[]
  deliveryFee?: number
}

export interface OrderTotals {
  subtotal: number
  discount: number
  taxes: { name: string; bps: number; amount: number }[]
  taxTotal: number
  deliveryFee: number
  total: number
}

/**
 * An order's money, in kobo, with one rounding rule: every percentage (coupon and each tax) is rounded half up to
 * the kobo, once, on its own base. The coupon comes off the subtotal; taxes are charged on what is left; the
 * delivery fee is added last and is neither discounted nor taxed.
 *   total = (subtotal − discount) + Σ tax + deliveryFee
 */
export function orderTotals(input: OrderTotalsInput): OrderTotals {
  const subtotal = input.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0)
  const discount = input.coupon ? discountKobo(subtotal, input.coupon.type, input.coupon.value) : 0
  const taxable = subtotal - discount
  const taxes = (input.taxes ?? []).map((tax) => ({ ...tax, amount: Math.floor((taxable * tax.bps + 5_000) / 10_000) }))
  const taxTotal = taxes.reduce((sum, tax) => sum + tax.amount, 0)
  const deliveryFee = input.deliveryFee ?? 0
  return { subtotal, discount, taxes, taxTotal, deliveryFee, total: taxable + taxTotal + deliveryFee }
}
