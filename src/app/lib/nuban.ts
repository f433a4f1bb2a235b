/**
 * NUBAN check digit (CBN revised standard, 2020): a 10-digit account number is 9 serial digits and a check
 * digit computed over a 6-digit institution code followed by those 9 digits, with the weights 3, 7, 3
 * repeated over the 15 digits. A deposit money bank's 3-digit code becomes '000' + code; other financial
 * institutions (microfinance banks, fintechs) have a 5-digit code that becomes '9' + code. For a 3-digit code
 * this gives the same digit as the original 12-digit rule, since the leading zeros weigh nothing.
 *
 * Checking here spares a name enquiry (and the vendor's time) for a mistyped number: about nine typos in ten
 * change the check digit.
 */

const WEIGHTS = [3, 7, 3] as const

/** The 6-digit institution code for a bank code from GET /bank, or null for a code of another shape. */
export function institutionCode(bankCode: string): string | null {
  if (/^\d{3}$/.test(bankCode)) return `000${bankCode}`
  if (/^\d{5}$/.test(bankCode)) return `9${bankCode}`
  if (/^\d{6}$/.test(bankCode)) return bankCode
  return null
}

/** The check digit for 9 serial digits at an institution (6 digits). */
export function nubanCheckDigit(institution: string, serial: string): number {
  const digits = `${institution}${serial}`
  if (!/^\d{15}$/.test(digits)) throw new Error('A NUBAN check needs a 6-digit institution code and 9 serial digits')
  let sum = 0
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * WEIGHTS[i % 3]!
  return (10 - (sum % 10)) % 10
}

/** Whether the check digit can be verified for this bank code here (see institutionCode). */
export function canCheckNuban(bankCode: string): boolean {
  return institutionCode(bankCode) !== null
}

/** True when `accountNumber` is 10 digits whose last digit is the NUBAN check digit for the bank. */
export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  const institution = institutionCode(bankCode)
  if (!institution || !/^\d{10}$/.test(accountNumber)) return false
  return nubanCheckDigit(institution, accountNumber.slice(0, 9)) === Number(accountNumber[9])
}
