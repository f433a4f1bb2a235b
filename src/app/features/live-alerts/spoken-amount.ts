/*
 * Amounts as a person says them, for the spoken payment alert (issue 22): 500000 kobo → "Five thousand naira
 * received", 150050 → "One thousand five hundred naira and fifty kobo received". British English, as taught in
 * Nigeria: "and" after a hundred ("one hundred and five") and before a last group under a hundred ("one thousand
 * and five"). Works on integer kobo, never through floating point.
 */

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
]
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion']

/** 0 < n < 100. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!
  const ones = n % 10
  return ones ? `${TENS[Math.floor(n / 10)]}-${ONES[ones]}` : TENS[Math.floor(n / 10)]!
}

/** 0 < n < 1000. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  if (!hundreds) return belowHundred(rest)
  return rest ? `${ONES[hundreds]} hundred and ${belowHundred(rest)}` : `${ONES[hundreds]} hundred`
}

/** A whole number in words, lower case: 1005 → "one thousand and five". */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Expected a whole number, got ${n}`)
  if (n === 0) return 'zero'
  const groups: number[] = []
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000)
  const words: string[] = []
  for (let i = groups.length - 1; i >= 0; i--) {
    const group = groups[i]!
    if (!group) continue
    const text = `${belowThousand(group)}${SCALES[i] ? ` ${SCALES[i]}` : ''}`
    // "one thousand and five": a last group under a hundred, after larger ones, is joined with "and".
    words.push(i === 0 && group < 100 && words.length ? `and ${text}` : text)
  }
  return words.join(' ')
}

/** Kobo as spoken naira: "five thousand naira", "one naira and fifty kobo", "fifty kobo". */
export function amountInWords(kobo: number): string {
  if (!Number.isSafeInteger(kobo) || kobo < 0) throw new RangeError(`Money must be a whole number of kobo, got ${kobo}`)
  const naira = Math.floor(kobo / 100)
  const rest = kobo % 100
  const nairaText = `${numberInWords(naira)} naira`
  if (!rest) return nairaText
  const koboText = `${numberInWords(rest)} kobo`
  return naira ? `${nairaText} and ${koboText}` : koboText
}

/** What the counter hears when a payment arrives: "Five thousand naira received". */
export function spokenAlert(kobo: number): string {
  const text = `${amountInWords(kobo)} received`
  return text.charAt(0).toUpperCase() + text.slice(1)
}
