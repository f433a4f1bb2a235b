import { randomUUID } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { sandboxPayerAccount } from '#server/money/sandbox-bank'
import { SANDBOX_OWN_ACCOUNTS_BANK } from '#server/money/sandbox-names'

import { call, makeApp, type TestApp } from '../harness'
import { underReview } from '../onboarding/helpers'

/*
 * A vendor registered on the sandbox can settle into an account in its own name (decision 143 refuses any other):
 * when the sandbox opens the vendor's virtual account it holds, as a bank would, an account in the owner's name and
 * one in the business's, at GTBank (`npm run sandbox -- account NAME` prints the number).
 */

const KEY = 'k'.repeat(64)
let t: TestApp
beforeAll(async () => {
  t = await makeApp({ operatorKey: KEY })
})

const resolve = (token: string, accountNumber: string) =>
  call(t.app, endpoints.resolveAccount, { token, query: { accountNumber, bankCode: SANDBOX_OWN_ACCOUNTS_BANK.code } })

describe("a new vendor's own accounts at the sandbox bank", () => {
  it("resolve to the owner's and the business's names once approved, and the owner's is taken as the settlement account", async () => {
    const business = `Chiamaka Foods ${randomUUID().slice(0, 6)}`
    const r = await underReview(t, { businessName: business, ownerName: 'Chiamaka Eze' })
    const own = sandboxPayerAccount('Chiamaka Eze', SANDBOX_OWN_ACCOUNTS_BANK.code)
    const approved = await call(t.app, endpoints.operatorVendorStatus, {
      body: { email: r.email, status: 'approved' },
      headers: { 'x-operator-key': KEY },
    })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)

    const mine = await resolve(r.token, own)
    expect(mine.status, JSON.stringify(mine.body)).toBe(200)
    expect(mine.body.data.accountName).toBe('Chiamaka Eze')
    const ours = await resolve(r.token, sandboxPayerAccount(business, SANDBOX_OWN_ACCOUNTS_BANK.code))
    expect(ours.body.data.accountName).toBe(business)

    const pin = await call(t.app, endpoints.createPin, { token: r.token, body: { pin: '2580', password: r.password } })
    expect(pin.status, JSON.stringify(pin.body)).toBeLessThan(300)
    const set = await call(t.app, endpoints.setSettlementAccount, {
      token: r.token,
      body: { requestId: mine.body.data.requestId, pin: '2580' },
    })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(set.body.data).toMatchObject({ accountNumber: own, accountName: 'Chiamaka Eze' })
  })
})
