import { randomInt } from 'node:crypto'

/** CBN NUBAN weights, repeated over the 15 digits of institution code + serial. */
const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3]

/**
 * The 6-digit institution code the check digit is computed over (CBN's revised NUBAN, 2020): deposit money banks
 * have 3-digit codes padded as `000` + code; other institutions (MFBs, PSBs, fintechs) have 5-digit codes
 * prefixed with `9`. A 6-digit code is already an institution code and is used as is. Null for anything else.
 */
export function institutionCode(bankCode: string): string | null {
  if (/^\d{3}$/.test(bankCode)) return `000${bankCode}`
  if (/^\d{5}$/.test(bankCode)) return `9${bankCode}`
  if (/^\d{6}$/.test(bankCode)) return bankCode
  return null
}

/** Check digit = (10 − weighted sum mod 10) mod 10 over institution code + the 9-digit serial. */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  const institution = institutionCode(bankCode)
  if (!institution || !/^\d{9}$/.test(serial)) {
    throw new Error('NUBAN needs a 3-, 5- or 6-digit bank code and a 9-digit serial')
  }
  const digits = `${institution}${serial}`
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * WEIGHTS[i]!, 0)
  return (10 - (sum % 10)) % 10
}

export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!/^\d{10}$/.test(accountNumber) || !institutionCode(bankCode)) return false
  return nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) === Number(accountNumber[9])
}

/** The 10-digit NUBAN for a serial at a bank: the serial plus its check digit. */
export function nubanFor(bankCode: string, serial: string): string {
  return `${serial}${nubanCheckDigit(bankCode, serial)}`
}

/** The sandbox virtual-account bank. 101 is Providus Bank's CBN code. */
export const VIRTUAL_ACCOUNT_BANK = { name: 'Providus Bank', cbnCode: '101' } as const

export function randomNuban(bankCode: string = VIRTUAL_ACCOUNT_BANK.cbnCode): string {
  return nubanFor(bankCode, randomInt(0, 1_000_000_000).toString().padStart(9, '0'))
}
