/**
 * NUBAN check digit (CBN revised standard, 2020), the one copy both sides use: the app checks a typed number
 * before asking for a name enquiry, the server (and its sandbox bank) checks it again and makes valid numbers.
 *
 * A 10-digit account number is 9 serial digits and a check digit computed over a 6-digit institution code
 * followed by those 9 digits, with the weights 3, 7, 3 repeated over the 15 digits. A deposit money bank's 3-digit
 * code becomes '000' + code; other financial institutions (microfinance banks, PSBs, fintechs) have a 5-digit code
 * that becomes '9' + code; a 6-digit code is already an institution code. For a 3-digit code this gives the same
 * digit as the original 12-digit rule, since the leading zeros weigh nothing.
 *
 * Checking in the app spares a name enquiry (and the vendor's time) for a mistyped number: about nine typos in
 * ten change the check digit.
 */

const WEIGHTS = [3, 7, 3] as const

/** The 6-digit institution code for a bank code from GET /bank, or null for a code of another shape. */
export function institutionCode(bankCode: string): string | null {
  if (/^\d{3}$/.test(bankCode)) return `000${bankCode}`
  if (/^\d{5}$/.test(bankCode)) return `9${bankCode}`
  if (/^\d{6}$/.test(bankCode)) return bankCode
  return null
}

/**
 * The check digit for 9 serial digits at a bank: (10 − weighted sum mod 10) mod 10 over institution code + serial.
 * Takes a bank code of 3, 5 or 6 digits (a 6-digit institution code passes through as is); throws for anything else.
 */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  const institution = institutionCode(bankCode)
  if (!institution || !/^\d{9}$/.test(serial)) {
    throw new Error('NUBAN needs a 3-, 5- or 6-digit bank code and a 9-digit serial')
  }
  const digits = `${institution}${serial}`
  let sum = 0
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * WEIGHTS[i % 3]!
  return (10 - (sum % 10)) % 10
}

/** Whether the check digit can be verified for this bank code (see institutionCode). */
export function canCheckNuban(bankCode: string): boolean {
  return institutionCode(bankCode) !== null
}

/** True when `accountNumber` is 10 digits whose last digit is the NUBAN check digit for the bank. */
export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!/^\d{10}$/.test(accountNumber) || !canCheckNuban(bankCode)) return false
  return nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) === Number(accountNumber[9])
}

/** The 10-digit NUBAN for a serial at a bank: the serial plus its check digit. */
export function nubanFor(bankCode: string, serial: string): string {
  return `${serial}${nubanCheckDigit(bankCode, serial)}`
}
