import { describe, expect, it } from 'vitest'
import { SANDBOX_SERIALS, sandboxAccountName } from '../../src/server/banking/sandbox'
import { BANKS } from '../../src/server/banking/banks'
import { CHARGE_TIERS, chargeFor } from '../../src/server/charges'
import { institutionCode, isValidNuban, nubanCheckDigit, nubanFor } from '../../src/server/nuban'

/* Pure rules: the NUBAN check digit, the charge tiers, the sandbox's deterministic names. */

describe('NUBAN check digit (CBN, 15 digits: institution code + serial)', () => {
  it('pads a 3-digit bank code with 000 and prefixes a 5-digit MFB code with 9', () => {
    expect(institutionCode('058')).toBe('000058')
    expect(institutionCode('50211')).toBe('950211')
    expect(institutionCode('999992')).toBe('999992')
    expect(institutionCode('58')).toBeNull()
    expect(institutionCode('1234567')).toBeNull()
  })

  it('accepts known valid numbers (computed independently) and rejects a changed digit', () => {
    const valid: [string, string][] = [
      ['011', '0000014579'], // the CBN specification's worked example
      ['058', '0123456785'],
      ['044', '1111111111'],
      ['033', '2222222222'],
      ['50211', '9999999991'],
      ['50515', '6600123456'],
      ['999992', '1111111118'],
    ]
    for (const [bank, number] of valid) {
      expect(isValidNuban(bank, number), `${bank} ${number}`).toBe(true)
      const wrong = `${number.slice(0, 9)}${(Number(number[9]) + 1) % 10}`
      expect(isValidNuban(bank, wrong), `${bank} ${wrong}`).toBe(false)
    }
  })

  it('rejects well-known invalid numbers and malformed input', () => {
    expect(isValidNuban('058', '0123456789')).toBe(false)
    expect(isValidNuban('044', '0690000031')).toBe(false)
    expect(isValidNuban('057', '0000000000')).toBe(false)
    expect(isValidNuban('058', '012345678')).toBe(false)
    expect(isValidNuban('058', '01234567850')).toBe(false)
    expect(isValidNuban('058', '012345678a')).toBe(false)
    expect(isValidNuban('5', '0123456785')).toBe(false)
  })

  it('the same serial has a different check digit at a different bank', () => {
    expect(nubanCheckDigit('058', '012345678')).toBe(5)
    expect(nubanCheckDigit('044', '012345678')).toBe(4)
    expect(nubanFor('50211', '012345678')).toBe('0123456786')
  })
})

describe('charge tiers (SPEC §9)', () => {
  const naira = (text: string) => {
    const [whole, kobo = ''] = text.split('.')
    return Number(whole) * 100 + Number(kobo.padEnd(2, '0'))
  }

  it.each([
    ['0.01', 'BELOW5000', 10_00],
    ['4999.99', 'BELOW5000', 10_00],
    ['5000', 'BELOW50000', 25_00],
    ['49999.99', 'BELOW50000', 25_00],
    ['50000', null, 0],
    ['50000.01', 'ABOVE50000', 50_00],
    ['10000000', 'ABOVE50000', 50_00],
  ])('₦%s → %s, fee %i kobo', (amount, tier, fee) => {
    expect(chargeFor(naira(amount))).toEqual({ tier, fee })
  })

  it('exactly ₦50,000 matches no tier, as the SPEC says', () => {
    expect(CHARGE_TIERS.filter((candidate) => candidate.applies(5_000_000))).toEqual([])
  })

  it('every other amount matches exactly one tier', () => {
    for (const amount of [1, 499_999, 500_000, 500_001, 4_999_999, 5_000_001, Number.MAX_SAFE_INTEGER]) {
      expect(CHARGE_TIERS.filter((candidate) => candidate.applies(amount))).toHaveLength(1)
    }
  })

  it('refuses what is not positive whole kobo', () => {
    for (const amount of [0, -100, 1.5, Number.NaN]) expect(() => chargeFor(amount)).toThrow()
  })
})

describe('sandbox bank', () => {
  it('lists the banks with their CBN codes, no duplicates', () => {
    const codes = new Map(BANKS.map((bank) => [bank.name, bank.code]))
    expect(codes.get('Access Bank')).toBe('044')
    expect(codes.get('Guaranty Trust Bank')).toBe('058')
    expect(codes.get('Zenith Bank')).toBe('057')
    expect(codes.get('Kuda Microfinance Bank')).toBe('50211')
    expect(codes.get('Moniepoint Microfinance Bank')).toBe('50515')
    expect(codes.get('OPay')).toBe('999992')
    expect(codes.get('PalmPay')).toBe('999991')
    expect(new Set(BANKS.map((bank) => bank.code)).size).toBe(BANKS.length)
    for (const bank of BANKS) expect(institutionCode(bank.code), bank.name).not.toBeNull()
  })

  it('names an account the same way every time, and differently at another bank', () => {
    const number = nubanFor('058', '123456789')
    expect(sandboxAccountName(number, '058')).toBe(sandboxAccountName(number, '058'))
    expect(sandboxAccountName(number, '058')).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ [A-Z][a-z]+$/)
    const names = new Set(Array.from({ length: 20 }, (_, i) => sandboxAccountName(nubanFor('058', `12345678${i % 10}`), '058')))
    expect(names.size).toBeGreaterThan(3)
  })

  it('its special serials are distinct', () => {
    expect(new Set(Object.values(SANDBOX_SERIALS)).size).toBe(Object.keys(SANDBOX_SERIALS).length)
  })
})
