import { describe, expect, it } from 'vitest'

import { parseNairaToKobo } from '#contract/money'
import { formatKobo, koboToNairaInput, nairaText } from '#contract/naira'

describe('formatKobo', () => {
  it('formats kobo as naira with the naira sign, grouping and two decimals', () => {
    expect(formatKobo(123456750)).toBe('₦1,234,567.50')
    expect(formatKobo(0)).toBe('₦0.00')
    expect(formatKobo(1)).toBe('₦0.01')
    expect(formatKobo(150000)).toBe('₦1,500.00')
  })

  it('keeps the sign of negative amounts', () => {
    expect(formatKobo(-150050)).toBe('-₦1,500.50')
  })

  it('is exact at the largest safe amount, where float division would round', () => {
    expect(formatKobo(Number.MAX_SAFE_INTEGER)).toBe('₦90,071,992,547,409.91')
  })

  it('uses the given currency', () => {
    expect(formatKobo(2500, 'USD')).toBe('US$25.00')
  })

  it('rejects fractional or non-finite kobo', () => {
    expect(() => formatKobo(1.5)).toThrow(RangeError)
    expect(() => formatKobo(Number.NaN)).toThrow(RangeError)
    expect(() => formatKobo(Number.POSITIVE_INFINITY)).toThrow(RangeError)
  })
})

describe('parseNairaToKobo', () => {
  it.each([
    ['1,500.5', 150050],
    ['1500', 150000],
    ['0.01', 1],
    ['₦2,000.00', 200000],
    ['  1500.50  ', 150050],
    ['₦ 12,345,678.9', 1234567890],
    ['0', 0],
    ['1500.', 150000],
  ])('parses %j as %d kobo', (text, kobo) => {
    expect(parseNairaToKobo(text)).toBe(kobo)
  })

  it.each(['abc', '1.234', '1,2,3.4.5', '-5', '', '   ', '1e5', 'NaN', '1,50', '12,3456', '.5', '1.2.3', 'Infinity', '₦'])(
    'rejects %j',
    (text) => {
      expect(parseNairaToKobo(text)).toBeNull()
    },
  )

  it('rejects amounts beyond the safe integer range instead of rounding them', () => {
    expect(parseNairaToKobo('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER)
    expect(parseNairaToKobo('90071992547409.92')).toBeNull()
    expect(parseNairaToKobo('900719925474099')).toBeNull()
    expect(parseNairaToKobo('99999999999999999999')).toBeNull()
  })
})

describe('koboToNairaInput', () => {
  it('gives the plain decimal an amount input shows', () => {
    expect(koboToNairaInput(150050)).toBe('1500.50')
    expect(koboToNairaInput(5)).toBe('0.05')
    expect(koboToNairaInput(0)).toBe('0.00')
  })

  it('round-trips through parseNairaToKobo', () => {
    for (const kobo of [0, 1, 99, 100, 150050, 123456789]) {
      expect(parseNairaToKobo(koboToNairaInput(kobo))).toBe(kobo)
    }
  })

  it('rejects fractional kobo', () => {
    expect(() => koboToNairaInput(0.5)).toThrow(RangeError)
  })
})

describe('nairaText (what the server writes)', () => {
  it('writes naira with the sign, grouping and two decimals, without Intl', () => {
    expect(nairaText(150050)).toBe('₦1,500.50')
    expect(nairaText(0)).toBe('₦0.00')
    expect(nairaText(5)).toBe('₦0.05')
    expect(nairaText(-150050)).toBe('-₦1,500.50')
    expect(nairaText(100_000_000_000)).toBe('₦1,000,000,000.00')
  })

  it('says the same as the screens for every naira amount', () => {
    for (const kobo of [0, 1, -1, 99, 100, 150050, -150050, 123456750, 99_999_999, Number.MAX_SAFE_INTEGER]) {
      expect(nairaText(kobo)).toBe(formatKobo(kobo))
    }
  })
})
