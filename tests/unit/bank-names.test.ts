import { describe, expect, it } from 'vitest'

import { BANK_ALIASES, bankNamed, namesOfBank } from '#contract/bank-names'
import { searchKey } from '#contract/search-key'
import { BANKS } from '#server/money/banks'

/* The names Nigerians use for banks (issue 22): found by the app's bank search, matched exactly for refunds. */

const found = (query: string) => BANKS.filter((bank) => namesOfBank(bank).some((name) => searchKey(name).includes(searchKey(query))))

describe('bank search by the names people use', () => {
  it.each([
    ['GTB', 'Guaranty Trust Bank'],
    ['gt bank', 'Guaranty Trust Bank'],
    ['GTCO', 'Guaranty Trust Bank'],
    ['uba', 'United Bank for Africa'],
    ['FCMB', 'First City Monument Bank'],
    ['FBN', 'First Bank of Nigeria'],
    ['firstbank', 'First Bank of Nigeria'],
    ['ALAT', 'Wema Bank'],
    ['stanbic', 'Stanbic IBTC Bank'],
    ['Moniepoint', 'Moniepoint Microfinance Bank'],
  ])('"%s" finds %s', (query, name) => {
    expect(found(query).map((bank) => bank.name)).toContain(name)
  })

  it('every alias names a bank we list, and no two banks share one', () => {
    const codes = new Set(BANKS.map((bank) => bank.code))
    for (const code of Object.keys(BANK_ALIASES)) expect(codes.has(code), code).toBe(true)
    const keys = BANKS.flatMap((bank) => namesOfBank(bank).map(searchKey))
    expect(new Set(keys).size).toBe(keys.length)
  })
})

describe('bankNamed: the bank a payment named, for a refund', () => {
  it('matches the registered name or an alias, whatever the case and spacing', () => {
    expect(bankNamed(BANKS, 'GTBank')?.code).toBe('058')
    expect(bankNamed(BANKS, ' guaranty trust bank ')?.code).toBe('058')
    expect(bankNamed(BANKS, 'U.B.A')?.code).toBe('033')
  })

  it('never matches part of a name', () => {
    expect(bankNamed(BANKS, 'Bank')).toBeUndefined()
    expect(bankNamed(BANKS, 'Guaranty')).toBeUndefined()
    expect(bankNamed(BANKS, '')).toBeUndefined()
    expect(bankNamed(BANKS, 'Some Other Bank')).toBeUndefined()
  })
})
