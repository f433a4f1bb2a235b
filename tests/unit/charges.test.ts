import { describe, expect, it } from 'vitest'

import { chargeLabel } from '#app/lib/transfer-charge'
import { CHARGE_TIER_NAMES, CHARGE_TIERS, chargeFor, chargeTier, feeFor, publicTiers, totalDebit } from '#contract/charges'
import { parseNairaToKobo } from '#contract/money'

const TIERS = [
  { name: 'BELOW5000', amount: 1_075 },
  { name: 'BELOW50000', amount: 2_688 },
  { name: 'ABOVE50000', amount: 5_375 },
] as const

const kobo = (naira: string) => parseNairaToKobo(naira)!

describe('transfer charge tiers (SPEC §9)', () => {
  it.each([
    ['4,999.99', 'BELOW5000'],
    ['5,000', 'BELOW50000'],
    ['49,999.99', 'BELOW50000'],
    ['50,000', null],
    ['50,000.01', 'ABOVE50000'],
    ['0.01', 'BELOW5000'],
  ] as const)('₦%s → %s', (naira, tier) => {
    expect(chargeTier(kobo(naira))).toBe(tier)
  })

  it('charges nothing for exactly ₦50,000, which no tier matches', () => {
    expect(feeFor(kobo('50,000'), TIERS)).toBe(0)
    expect(feeFor(kobo('50,000.01'), TIERS)).toBe(5_375)
    expect(feeFor(kobo('4,999.99'), TIERS)).toBe(1_075)
  })

  it('has no tier for nothing, negatives or fractions of a kobo', () => {
    expect(chargeTier(0)).toBeNull()
    expect(chargeTier(-100)).toBeNull()
    expect(chargeTier(10.5)).toBeNull()
  })
})

describe('charge display', () => {
  it('shows the fee in naira, "No charge" for zero, and a dash while unknown', () => {
    expect(chargeLabel(2_688)).toBe('₦26.88')
    expect(chargeLabel(0)).toBe('No charge')
    expect(chargeLabel(undefined)).toBe('—')
  })

  it('adds amount and fee in whole kobo, exactly', () => {
    // 0.1 + 0.2 in naira floats would be 0.30000000000000004.
    expect(totalDebit(kobo('0.10'), kobo('0.20'))).toBe(30)
    expect(totalDebit(kobo('1,234,567.89'), 5_375)).toBe(123_462_164)
    expect(() => totalDebit(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError)
  })
})

describe("the server's charge (chargeFor)", () => {
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
    expect(chargeTier(5_000_000)).toBeNull()
  })

  it('every other positive amount has a tier, and each tier has one fee', () => {
    for (const amount of [1, 499_999, 500_000, 500_001, 4_999_999, 5_000_001, Number.MAX_SAFE_INTEGER]) {
      expect(chargeTier(amount)).not.toBeNull()
    }
    expect(CHARGE_TIERS.map((tier) => tier.name)).toEqual([...CHARGE_TIER_NAMES])
    expect(publicTiers()).toEqual([
      { name: 'BELOW5000', amount: 10_00 },
      { name: 'BELOW50000', amount: 25_00 },
      { name: 'ABOVE50000', amount: 50_00 },
    ])
  })

  it("refuses what is not positive whole kobo, where the app's chargeTier and feeFor answer null and 0", () => {
    for (const amount of [0, -100, 1.5, Number.NaN]) {
      expect(() => chargeFor(amount)).toThrow()
      expect(chargeTier(amount)).toBeNull()
      expect(feeFor(amount, CHARGE_TIERS)).toBe(0)
    }
  })
})
