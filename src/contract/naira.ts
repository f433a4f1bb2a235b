// Money is integer kobo everywhere except in text a person reads. These are the only places that turn kobo into
// naira text, and they never go through floating point: kobo are split into naira and kobo digits as strings.
// Two functions write '₦1,500.50', on purpose:
//  - formatKobo, for screens: Intl with the en-NG locale, so it can also show another currency (US$25.00);
//  - nairaText, for what the server writes (timeline entries, refusals, SMS): digits only, the same on every
//    Node build, whatever ICU data it carries.
// For naira they give the same text (tests/unit/money.test.ts checks it). They differ in what they refuse:
// formatKobo throws on anything that is not a safe integer; nairaText never throws (the server's amounts come from
// integer columns, and a message must not turn a refusal into a 500).

/** Plain decimal text for an integer kobo amount: 150050 → '1500.50', -5 → '-0.05'. */
function koboToDecimal(kobo: number): string {
  const sign = kobo < 0 ? '-' : ''
  const digits = String(Math.abs(kobo)).padStart(3, '0')
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`
}

function assertKobo(kobo: number): void {
  if (!Number.isSafeInteger(kobo)) {
    throw new RangeError(`Money must be a whole number of kobo, got ${kobo}`)
  }
}

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

/** For screens: 123456750 → '₦1,234,567.50'. Throws on anything that is not a safe integer. */
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

/** For what the server writes (timeline, refusals, SMS): 150050 → '₦1,500.50'. Digits only, no Intl. */
export function nairaText(kobo: number): string {
  const digits = String(Math.abs(kobo)).padStart(3, '0')
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${kobo < 0 ? '-' : ''}₦${whole}.${digits.slice(-2)}`
}
