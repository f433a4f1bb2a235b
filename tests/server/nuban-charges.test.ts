import { describe, expect, it } from 'vitest'
import { SANDBOX_SERIALS, sandboxAccountName } from '../../src/server/banking/sandbox'
import { BANKS } from '../../src/server/banking/banks'
import { CHARGE_TIERS, chargeFor } from '../../src/server/charges'
import { institutionCode, nubanFor } from '../../src/contract/nuban'

/* Pure rules: the charge tiers, the sandbox's deterministic names. The NUBAN rule is tested in tests/unit/nuban.test.ts. */

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
