import { describe, expect, it } from 'vitest'

import { isValidNuban } from '#contract/nuban'
import { SANDBOX_SERIALS, sandboxPayerAccount } from '#server/money/sandbox-bank'

/* `npm run sandbox -- credit --from NAME` without --account: each name is a payer of its own (decision 088). */

describe('sandboxPayerAccount', () => {
  it('gives different names different valid accounts, and the same name (any case or spacing) the same one', () => {
    const names = ['Sandbox Customer', 'Chioma Okeke', 'Musa Lawal', 'Ada', 'Tunde Bakare', 'Ngozi Eze']
    const accounts = names.map((name) => sandboxPayerAccount(name, '058'))
    expect(new Set(accounts).size).toBe(names.length)
    for (const account of accounts) expect(isValidNuban('058', account)).toBe(true)
    expect(sandboxPayerAccount('  chioma okeke ', '058')).toBe(accounts[1])
    expect(isValidNuban('044', sandboxPayerAccount('Chioma Okeke', '044'))).toBe(true)
  })

  it('never lands on a serial that makes the sandbox bank fail', () => {
    const special = new Set<string>(Object.values(SANDBOX_SERIALS))
    for (let i = 0; i < 500; i++) expect(special.has(sandboxPayerAccount(`Payer ${i}`, '058').slice(0, 9))).toBe(false)
  })
})
