import { describe, expect, it } from 'vitest'

import { canCheckNuban, institutionCode, isValidNuban, nubanCheckDigit, nubanFor } from '#contract/nuban'

/* The one NUBAN rule (src/contract/nuban.ts): the app's check before a name enquiry and the server's own. */

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
    expect(() => nubanCheckDigit('058', '12345678')).toThrow()
    // A 7-digit code with an 8-digit serial also makes 15 digits; it is still refused.
    expect(() => nubanCheckDigit('1234567', '12345678')).toThrow()
  })

  it('takes a bank code or a 6-digit institution code alike', () => {
    expect(nubanCheckDigit('011', '000001457')).toBe(nubanCheckDigit('000011', '000001457'))
    expect(nubanCheckDigit('50211', '123456789')).toBe(nubanCheckDigit('950211', '123456789'))
  })
})

describe('NUBAN check digit, as the server and its sandbox bank use it', () => {
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
