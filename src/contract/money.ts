// Money is integer kobo on the wire. Both the PWA (amount inputs) and the server's tools (the sandbox command)
// turn what a person typed as naira into kobo; this is the one parser, and it never goes through floating point.

// Either plain digits, or digits grouped in threes by commas ('1,500', '12,345,678').
const NAIRA_PATTERN = /^(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d{0,2}))?$/
const MAX_NAIRA = Math.floor(Number.MAX_SAFE_INTEGER / 100)

/**
 * Parses what a person typed as naira into kobo: '1,500.5' → 150050, '₦2,000.00' → 200000.
 * Returns null for anything else (negative, exponent, more than two decimals, misplaced commas, empty), so a
 * form can show it as invalid instead of sending a surprising amount.
 */
export function parseNairaToKobo(text: string): number | null {
  const cleaned = text.trim().replace(/^₦\s*/, '')
  const match = NAIRA_PATTERN.exec(cleaned)
  if (!match) return null
  const wholeDigits = (match[1] ?? '').replaceAll(',', '')
  const koboDigits = (match[2] ?? '').padEnd(2, '0')
  // Past 16 digits Number() itself rounds, so compare lengths before converting.
  if (wholeDigits.replace(/^0+/, '').length > String(MAX_NAIRA).length) return null
  const naira = Number(wholeDigits)
  if (naira > MAX_NAIRA) return null
  // Both parts are safe integers and naira * 100 stays below 2^53, so this sum is exact or visibly unsafe.
  const kobo = naira * 100 + Number(koboDigits)
  return Number.isSafeInteger(kobo) ? kobo : null
}
