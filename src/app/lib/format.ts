/** How the app writes numbers in words: one formatter, so a rate or a count reads the same on every screen. */
const formatter = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 2 })

/** 7.5 → '7.5 %', 12.25 → '12.25 %' (taxes, percentage coupons). A no-break space keeps the sign with its number. */
export function formatPercent(value: number): string {
  return `${formatter.format(value)}\u00a0%`
}

/** 'VAT (7.5 %)': a tax named with its rate, as an order's lines and totals show it. */
export function taxLabel(name: string, percentage: number): string {
  return `${name} (${formatPercent(percentage)})`
}

/** 1 → '1 order', 1200 → '1,200 orders'; `many` for a plural that is not the word plus s. */
export function formatCount(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-NG')} ${n === 1 ? one : many}`
}

/**
 * A list's total as the server gave it: a capped total is a lower bound (decisions 157 and 165) and reads '10,000+'
 * or, for a search not counted, '300+': never a wrong number.
 */
export function formatTotal(total: number, capped = false): string {
  return `${total.toLocaleString('en-NG')}${capped ? '+' : ''}`
}
