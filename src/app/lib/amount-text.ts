/*
 * The naira amount field's text (issue 22): what is kept is the amount as typed without grouping ('12345.5'), which
 * parseNairaToKobo turns into integer kobo; what is shown has thousands separators ('12,345.5') as it is typed. The
 * caret is kept beside the same digit when commas come and go around it.
 */

/** '1234567.5' → '1,234,567.5'; the decimals are never grouped. */
export function groupAmount(raw: string): string {
  const dot = raw.indexOf('.')
  const whole = dot === -1 ? raw : raw.slice(0, dot)
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return dot === -1 ? grouped : `${grouped}${raw.slice(dot)}`
}

/** How many characters other than commas stand before `position` in `text`. */
export function significantBefore(text: string, position: number): number {
  return text.slice(0, position).replace(/,/g, '').length
}

/** The caret position in grouped `text` just after its `count`-th character that is not a comma. */
export function caretAfter(text: string, count: number): number {
  let seen = 0
  for (let i = 0; i < text.length; i += 1) {
    if (seen === count) return i
    if (text[i] !== ',') seen += 1
  }
  return text.length
}
