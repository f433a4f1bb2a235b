import { describe, expect, it } from 'vitest'

import { linesMargin, marginOf } from '#contract/margin'

/* contract/margin.ts (decision 175): one margin rule for the product and order screens. */

describe('marginOf', () => {
  it('is price less cost, and its share of the price to a tenth of a percent, half away from zero', () => {
    expect(marginOf(100_000, 60_000)).toEqual({ amount: 40_000, percent: '40%' })
    expect(marginOf(300, 200)).toEqual({ amount: 100, percent: '33.3%' })
    // 2/3 = 66.666…% → 66.7%; 1/8 = 12.5% stays.
    expect(marginOf(300, 100).percent).toBe('66.7%')
    expect(marginOf(800, 700).percent).toBe('12.5%')
    expect(marginOf(100_000, 0)).toEqual({ amount: 100_000, percent: '100%' })
  })

  it('goes below zero for a sale below cost, and says nothing of a share for a price of zero', () => {
    expect(marginOf(100_000, 120_000)).toEqual({ amount: -20_000, percent: '-20%' })
    expect(marginOf(1_000, 1_001)).toEqual({ amount: -1, percent: '-0.1%' })
    expect(marginOf(0, 500)).toEqual({ amount: -500, percent: '' })
  })
})

describe('linesMargin', () => {
  it('counts only the lines with a cost, and how many had none', () => {
    const lines = [
      { amount: 200_000, quantity: 2, unitCost: 60_000 },
      { amount: 50_000, quantity: 1, unitCost: null },
      { amount: 150_000, quantity: 1, unitCost: 90_000 },
    ]
    // (200,000 + 150,000) − (120,000 + 90,000) = 140,000 of 350,000: 40%.
    expect(linesMargin(lines)).toEqual({ amount: 140_000, percent: '40%', uncosted: 1 })
    expect(linesMargin([{ amount: 50_000, quantity: 1 }])).toBeNull()
  })
})
