import { describe, expect, it } from 'vitest'
import { canCheckNuban, institutionCode, isValidNuban, nubanCheckDigit } from '../../src/app/lib/nuban'

describe('NUBAN check digit (CBN)', () => {
  it('matches the worked example of the CBN standard: First Bank 011, serial 000001457 → 0000014579', () => {
    expect(nubanCheckDigit('000011', '000001457')).toBe(9)
    expect(isValidNuban('011', '0000014579')).toBe(true)
  })

  it('accepts numbers whose last digit is the check digit', () => {
    expect(isValidNuban('044', '0690000032')).toBe(true)
    expect(isValidNuban('058', '0123456785')).toBe(true)
    expect(isValidNuban('057', '2081234563')).toBe(true)
    expect(isValidNuban('101', '9900112235')).toBe(true)
  })

  it('refuses a wrong check digit, a transposition and a number checked against the wrong bank', () => {
    expect(isValidNuban('044', '0690000031')).toBe(false)
    expect(isValidNuban('058', '0123456789')).toBe(false)
    expect(isValidNuban('044', '0960000032')).toBe(false)
    expect(isValidNuban('058', '0690000032')).toBe(false)
  })

  it('refuses anything that is not exactly 10 digits', () => {
    expect(isValidNuban('044', '069000003')).toBe(false)
    expect(isValidNuban('044', '06900000321')).toBe(false)
    expect(isValidNuban('044', '069000003a')).toBe(false)
    expect(isValidNuban('044', '')).toBe(false)
  })

  it("builds the 6-digit institution code: '000' + a bank's 3 digits, '9' + an OFI's 5 digits", () => {
    expect(institutionCode('044')).toBe('000044')
    expect(institutionCode('50211')).toBe('950211')
    expect(institutionCode('999992')).toBe('999992')
    expect(institutionCode('1234')).toBeNull()
    expect(canCheckNuban('1234')).toBe(false)
    // The 5-digit code weighs in: the same serial gets another check digit at a microfinance bank.
    expect(isValidNuban('50211', '2001234565')).toBe(true)
    expect(isValidNuban('50211', '2001234567')).toBe(false)
  })

  it('weights 3, 7, 3 over all 15 digits, so the first digit of an institution code counts', () => {
    // 9 × 3 = 27 changes the sum by 7 (mod 10) compared with a leading 0.
    const serial = '123456789'
    expect((nubanCheckDigit('950211', serial) - nubanCheckDigit('050211', serial) + 10) % 10).toBe((10 - 7) % 10)
  })

  it('rejects malformed input to the raw check-digit function', () => {
    expect(() => nubanCheckDigit('44', '123456789')).toThrow()
  })
})
