import { describe, expect, it } from 'vitest'

import { amountInWords, numberInWords, spokenAlert } from '#app/features/live-alerts/spoken-amount'

describe('spokenAlert', () => {
  it('says the naira of a round amount', () => {
    expect(spokenAlert(5_000_00)).toBe('Five thousand naira received')
    expect(spokenAlert(1_00)).toBe('One naira received')
  })

  it('adds the kobo, and says kobo alone under a naira', () => {
    expect(spokenAlert(5_000_50)).toBe('Five thousand naira and fifty kobo received')
    expect(spokenAlert(1_500_05)).toBe('One thousand five hundred naira and five kobo received')
    expect(spokenAlert(50)).toBe('Fifty kobo received')
    expect(spokenAlert(1)).toBe('One kobo received')
  })
})

describe('amountInWords', () => {
  it('writes hundreds, teens and tens the British way', () => {
    expect(amountInWords(115_00)).toBe('one hundred and fifteen naira')
    expect(amountInWords(2_021_00)).toBe('two thousand and twenty-one naira')
    expect(amountInWords(12_345_67)).toBe('twelve thousand three hundred and forty-five naira and sixty-seven kobo')
  })

  it('skips empty groups and reaches the largest amounts', () => {
    expect(amountInWords(1_000_000_00)).toBe('one million naira')
    expect(amountInWords(1_000_005_00)).toBe('one million and five naira')
    expect(amountInWords(2_300_400_00)).toBe('two million three hundred thousand four hundred naira')
    expect(numberInWords(90_000_000_000_000)).toBe('ninety trillion')
  })

  it('refuses what is not whole kobo', () => {
    expect(() => amountInWords(1.5)).toThrow(RangeError)
    expect(() => amountInWords(-100)).toThrow(RangeError)
  })
})
