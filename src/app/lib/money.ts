// Money is integer kobo everywhere except on screen. These helpers are the only place that converts, and they
// never go through floating point: kobo are split into naira and kobo digits as strings and handed to Intl as a
// decimal string, which Intl formats exactly (a float such as 1234567.5 can be off by one unit past 2^53 / 100).

const formatters = new Map<string, Intl.NumberFormat>()

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency)
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-NG', {
      style: 'currency',
      currency,
      // 'narrowSymbol' keeps the naira sign (₦) on every ICU build; some print 'NGN' for the plain 'symbol'.
      // Other currencies keep their unambiguous symbol (US$), since a vendor may receive them.
      currencyDisplay: currency === 'NGN' ? 'narrowSymbol' : 'symbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    formatters.set(currency, formatter)
  }
  return formatter
}

function assertKobo(kobo: number): void {
  if (!Number.isSafeInteger(kobo)) {
    throw new RangeError(`Money must be a whole number of kobo, got ${kobo}`)
  }
}

/** Plain decimal text for an integer kobo amount: 150050 → '1500.50', -5 → '-0.05'. */
function koboToDecimal(kobo: number): string {
  const sign = kobo < 0 ? '-' : ''
  const digits = String(Math.abs(kobo)).padStart(3, '0')
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`
}

/** 123456750 → '₦1,234,567.50'. Throws on anything that is not a safe integer. */
export function formatKobo(kobo: number, currency = 'NGN'): string {
  assertKobo(kobo)
  // Intl accepts a decimal string and formats it without converting to a float (Intl.NumberFormat v3).
  return formatterFor(currency).format(koboToDecimal(kobo) as Intl.StringNumericLiteral)
}

/** The value an amount input should show for an amount in kobo: 150050 → '1500.50'. */
export function koboToNairaInput(kobo: number): string {
  assertKobo(kobo)
  return koboToDecimal(kobo)
}

export { parseNairaToKobo } from '../../contract/money'
