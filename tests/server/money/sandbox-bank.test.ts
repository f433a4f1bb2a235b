import { describe, expect, it } from 'vitest'

import { institutionCode, nubanFor } from '#contract/nuban'
import { BANKS } from '#server/money/banks'
import { SANDBOX_SERIALS } from '#server/money/sandbox-bank'
import { sandboxAccountName } from '#server/money/sandbox-names'

/* The sandbox bank's list and deterministic names. The NUBAN and charge rules are tested in tests/unit. */

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
