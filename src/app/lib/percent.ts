const formatter = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 2 })

/** 7.5 → '7.5 %', 12.25 → '12.25 %' (taxes, percentage coupons). A no-break space keeps the sign with its number. */
export function formatPercent(value: number): string {
  return `${formatter.format(value)}\u00a0%`
}
