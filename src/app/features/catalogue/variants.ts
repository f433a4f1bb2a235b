import { formatPercent } from '#app/lib/format'
import { type VariantOptions, visibleOptions } from '#app/lib/variant-options'
import type { ProductVariant } from '#contract/catalogue'
import { toBasisPoints } from '#contract/common'
import { formatKobo } from '#contract/naira'

/** The same choice of values whatever the key order, ignoring case: how a variant is matched across edits. */
export function optionsSignature(options: VariantOptions): string {
  return JSON.stringify(
    visibleOptions(options)
      .map(([name, value]) => [name.trim().toLowerCase(), value.trim().toLowerCase()])
      .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0)),
  )
}

/** Every combination of the options' values, in the order they were entered: S/Red, S/Blue, M/Red, M/Blue. */
export function combinations(options: readonly { name: string; values: readonly string[] }[]): VariantOptions[] {
  let result: VariantOptions[] = [{}]
  for (const option of options) {
    result = result.flatMap((partial) => option.values.map((value) => ({ ...partial, [option.name]: value })))
  }
  return result
}

/**
 * The discount as the pricing helper takes it: kobo for FLAT, basis points for PERCENTAGE (the wire carries a
 * percentage, 7.5, which has at most two decimals, so the conversion is exact).
 */
export function discountValue(type: ProductVariant['discountType'], discount: number | null): number | null {
  if (type === null || discount === null) return null
  return type === 'PERCENTAGE' ? toBasisPoints(discount) : discount
}

export function hasDiscount(variant: Pick<ProductVariant, 'discountType' | 'discount'>): boolean {
  return variant.discountType !== null && variant.discount !== null
}

/** '10 % off' or '₦500.00 off'; null without a discount. */
export function discountText(variant: Pick<ProductVariant, 'discountType' | 'discount'>): string | null {
  if (!hasDiscount(variant)) return null
  return variant.discountType === 'PERCENTAGE' ? `${formatPercent(variant.discount!)} off` : `${formatKobo(variant.discount!)} off`
}
