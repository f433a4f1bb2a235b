/*
 * Margin (decision 175): what a sale earns over what the goods cost, in kobo, and as a share of the price. One rule
 * for the product screens (a variant's price after discount over its cost price) and the order screen (each line's
 * amount over its unit cost at the time of sale), so they never disagree. Integer kobo only; the percentage is
 * tenths of a percent, rounded half away from zero, and is only ever text.
 */

export interface Margin {
  /** Kobo; negative when selling below cost. */
  amount: number
  /** '40%', '12.5%', '-20%'; '' when the price is zero. */
  percent: string
}

/** The margin on `price` (kobo) of goods that cost `cost` (kobo). */
export function marginOf(price: number, cost: number): Margin {
  const amount = price - cost
  if (price <= 0) return { amount, percent: '' }
  const tenths = Math.sign(amount) * Math.floor((Math.abs(amount) * 2000 + price) / (2 * price))
  const whole = Math.trunc(tenths / 10)
  const rest = Math.abs(tenths % 10)
  const sign = tenths < 0 && whole === 0 ? '-' : ''
  return { amount, percent: `${sign}${whole}${rest ? `.${rest}` : ''}%` }
}

/**
 * An order's margin over its lines that have a cost (custom lines and variants without a cost price are left out
 * and counted, so the screen can say so); null when no line has a cost.
 */
export function linesMargin(
  lines: readonly { amount: number; quantity: number; unitCost?: number | null }[],
): (Margin & { uncosted: number }) | null {
  const costed = lines.filter((line) => line.unitCost != null)
  if (costed.length === 0) return null
  const price = costed.reduce((sum, line) => sum + line.amount, 0)
  const cost = costed.reduce((sum, line) => sum + line.unitCost! * line.quantity, 0)
  return { ...marginOf(price, cost), uncosted: lines.length - costed.length }
}
