import { randomInt } from 'node:crypto'

const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3]

/**
 * NUBAN check digit (CBN standard): weighted sum over the 3-digit bank code and the 9-digit serial.
 * Virtual accounts we hand out must pass the same check a bank app runs before it lets a customer pay.
 */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  const digits = `${bankCode}${serial}`
  if (!/^\d{12}$/.test(digits)) throw new Error('NUBAN needs a 3-digit bank code and a 9-digit serial')
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (WEIGHTS[i] ?? 0), 0)
  return (10 - (sum % 10)) % 10
}

export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!/^\d{10}$/.test(accountNumber)) return false
  return nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) === Number(accountNumber[9])
}

/** The sandbox virtual-account bank. 101 is Providus Bank's CBN code. */
export const VIRTUAL_ACCOUNT_BANK = { name: 'Providus Bank', cbnCode: '101' } as const

export function randomNuban(bankCode: string = VIRTUAL_ACCOUNT_BANK.cbnCode): string {
  const serial = randomInt(0, 1_000_000_000).toString().padStart(9, '0')
  return `${serial}${nubanCheckDigit(bankCode, serial)}`
}
