import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { nameEnquiries, users } from '#server/db/schema'
import { SANDBOX_SERIALS } from '#server/money/sandbox-bank'
import { sandboxAccountName } from '#server/money/sandbox-names'

import { call, makeApp, type TestApp, unchecked } from '../harness'
import { account, enquiry, PIN, pinAttempts, randomSerial, sender } from './helpers'

/* Banks, name enquiry, the settlement account, charges and the money settings, as a client sees them. */

let t: TestApp
beforeAll(async () => {
  t = await makeApp()
})

const resolve = (token: string, accountNumber: string, bankCode: string) =>
  call(t.app, endpoints.resolveAccount, { token, query: { accountNumber, bankCode } })

describe('GET /bank', () => {
  it('lists banks and fintechs with their CBN codes, sorted by name', async () => {
    const s = await sender(t)
    const res = await call(t.app, endpoints.listBanks, { token: s.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' })
    expect(res.body.data).toContainEqual({ code: '50515', name: 'Moniepoint Microfinance Bank' })
    const names = res.body.data.map((bank: { name: string }) => bank.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
  })
})

describe('GET /bank/resolve-account', () => {
  it('answers the holder name and a single-use requestId that expires in 10 minutes', async () => {
    const s = await sender(t)
    const number = account('50211', randomSerial())
    const res = await resolve(s.token, number, '50211')
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      accountName: sandboxAccountName(number, '50211'),
      accountNumber: number,
      bankCode: '50211',
      bankName: 'Kuda Microfinance Bank',
    })
    expect(res.body.data.requestId).toMatch(/^NE[A-Za-z0-9_-]{24}$/)
    expect(new Date(res.body.data.expiresAt).getTime() - t.clock.now().getTime()).toBe(10 * 60_000)
    const [row] = await t.db.select().from(nameEnquiries).where(eq(nameEnquiries.requestId, res.body.data.requestId))
    expect(row).toMatchObject({ vendorId: s.vendor.id, userId: s.owner.id, usedAt: null })
  })

  it('refuses a number failing the NUBAN check digit before asking the bank', async () => {
    const s = await sender(t)
    const res = await resolve(s.token, '0123456789', '058')
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({
      code: 'INVALID_ACCOUNT_NUMBER',
      message: 'accountNumber: is not a valid Guaranty Trust Bank account number',
    })
  })

  it("the sandbox's unknown account fails, and an unreachable bank is a 503", async () => {
    const s = await sender(t)
    const missing = await resolve(s.token, account('058', SANDBOX_SERIALS.notFound), '058')
    expect(missing.status).toBe(422)
    expect(missing.body).toMatchObject({
      code: 'NAME_ENQUIRY_FAILED',
      message: 'Could not resolve account, please check the account number and bank',
    })
    const down = await resolve(s.token, account('044', SANDBOX_SERIALS.unreachable), '044')
    expect(down.status).toBe(503)
    expect(down.body).toEqual({ code: 'BANK_UNAVAILABLE', message: 'Access Bank could not be reached, please try again' })
  })

  it('422 naming the field for malformed input or an unknown bank', async () => {
    const s = await sender(t)
    expect((await resolve(s.token, '12345', '058')).body.message).toBe('accountNumber: must be exactly 10 digits')
    expect((await resolve(s.token, '0123456785', 'GTB')).body.message).toBe('bankCode: must be a bank code of 3 to 6 digits')
    expect((await resolve(s.token, '0123456785', '999')).body.message).toBe('bankCode: is not a bank we can send to')
    const none = await call(t.app, endpoints.resolveAccount, { token: s.token })
    expect(none.body.message).toBe('accountNumber: is required')
  })

  it('is rate-limited per user: 30 enquiries in 15 minutes', async () => {
    const app = await makeApp()
    const s = await sender(app)
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) {
      const res = await call(app.app, endpoints.resolveAccount, {
        token: s.token,
        query: { accountNumber: '0123456789', bankCode: '058' },
      })
      statuses.push(res.status)
    }
    expect(statuses.slice(0, 30).every((status) => status === 422)).toBe(true)
    expect(statuses[30]).toBe(429)
  })
})

describe('settlement account', () => {
  it('is null until saved from a name enquiry, then answers the resolved account', async () => {
    const s = await sender(t)
    expect((await call(t.app, endpoints.settlementAccount, { token: s.token })).body.data).toBeNull()
    const number = account('033', randomSerial())
    const resolved = await resolve(s.token, number, '033')
    // The account must be in the owner's or the business's name (decision 143): the sandbox names it, so the owner is.
    await t.db.update(users).set({ name: resolved.body.data.accountName }).where(eq(users.id, s.owner.id))
    const saved = await call(t.app, endpoints.setSettlementAccount, {
      token: s.token,
      body: { requestId: resolved.body.data.requestId, pin: PIN },
    })
    const expected = {
      accountNumber: number,
      accountName: resolved.body.data.accountName,
      bankCode: '033',
      bankName: 'United Bank for Africa',
      usableFrom: new Date(t.clock.now().getTime() + t.deps.settlementCoolingMs).toISOString(),
    }
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual({ message: 'Settlement account saved', data: expected })
    expect((await call(t.app, endpoints.settlementAccount, { token: s.token })).body.data).toEqual(expected)
    const reuse = await call(t.app, endpoints.setSettlementAccount, {
      token: s.token,
      body: { requestId: resolved.body.data.requestId, pin: PIN },
    })
    expect(reuse.status).toBe(422)
    expect(reuse.body.message).toBe('requestId: has already been used; resolve the account again')
  })

  it("cannot use another vendor's requestId, an expired one, or none", async () => {
    const s = await sender(t)
    const other = await sender(t)
    const post = (requestId?: string) =>
      call(t.app, endpoints.setSettlementAccount, {
        token: s.token,
        body: unchecked(requestId ? { requestId, pin: PIN } : { pin: PIN }),
      })
    expect((await post(await enquiry(t, other))).body.message).toBe('requestId: is unknown; resolve the account again')
    const stale = await enquiry(t, s, { expiresInMs: 5 })
    t.clock.advance(10)
    expect((await post(stale)).body.message).toBe('requestId: has expired; resolve the account again')
    expect((await post()).body.message).toBe('requestId: is required')
    expect((await call(t.app, endpoints.settlementAccount, { token: s.token })).body.data).toBeNull()
  })
})

describe('charges', () => {
  it('GET /transfer/charges answers the tiers and the fee for an amount', async () => {
    const s = await sender(t)
    const tiers = [
      { name: 'BELOW5000', amount: 1_000 },
      { name: 'BELOW50000', amount: 2_500 },
      { name: 'ABOVE50000', amount: 5_000 },
    ]
    const at = async (amount: string) => (await call(t.app, endpoints.transferCharges, { token: s.token, query: { amount } })).body
    expect(await at('499999')).toEqual({ message: 'Success', data: { tiers, tier: 'BELOW5000', fee: 1_000 } })
    expect((await at('500000')).data).toMatchObject({ tier: 'BELOW50000', fee: 2_500 })
    expect((await at('4999999')).data).toMatchObject({ tier: 'BELOW50000', fee: 2_500 })
    expect((await at('5000000')).data).toMatchObject({ tier: null, fee: 0 })
    expect((await at('5000001')).data).toMatchObject({ tier: 'ABOVE50000', fee: 5_000 })
    expect((await at('12.5')).message).toBe('amount: must be a whole number of kobo')
    expect((await at('0')).message).toBe('amount: must be more than zero')
    expect((await at('abc')).message).toBe('amount: must be a number of kobo')
  })

  it('GET /vendor/charges and PATCH /vendor/charge-bearer', async () => {
    const s = await sender(t)
    expect((await call(t.app, endpoints.vendorCharges, { token: s.token })).body.data).toMatchObject({
      chargeBearer: 'vendor',
    })
    const set = await call(t.app, endpoints.setChargeBearer, { token: s.token, body: { chargeBearer: 'customer' } })
    expect(set.body).toEqual({ message: 'Your customers will bear collection charges', data: { chargeBearer: 'customer' } })
    expect((await call(t.app, endpoints.vendorCharges, { token: s.token })).body.data.chargeBearer).toBe('customer')
    const bad = await call(t.app, endpoints.setChargeBearer, { token: s.token, body: unchecked({ chargeBearer: 'bank' }) })
    expect(bad.status).toBe(422)
    expect(bad.body.message).toBe('chargeBearer: must be vendor or customer')
  })
})

describe('third-party transfers', () => {
  it('are off for a new vendor and turned on or off with the PIN', async () => {
    const s = await sender(t, { thirdParty: false })
    const get = async () => (await call(t.app, endpoints.thirdPartyTransfers, { token: s.token })).body.data
    expect(await get()).toEqual({ isEnabled: false })
    const patch = (body: BodyInput<typeof endpoints.setThirdPartyTransfers>) =>
      call(t.app, endpoints.setThirdPartyTransfers, { token: s.token, body })
    const wrong = await patch({ isEnabled: true, pin: '0000' })
    expect(wrong.status).toBe(422)
    expect(wrong.body.message).toBe('Incorrect PIN. 4 attempts remaining.')
    expect(await pinAttempts(t.db, s.owner.id)).toBe(1)
    expect(await get()).toEqual({ isEnabled: false })
    expect((await patch({ isEnabled: true, pin: PIN })).body).toEqual({
      message: 'Third-party transfers turned on',
      data: { isEnabled: true },
    })
    expect(await get()).toEqual({ isEnabled: true })
    expect((await patch(unchecked({ isEnabled: 'yes', pin: PIN }))).body.message).toBe('isEnabled: must be true or false')
    expect((await patch(unchecked({ isEnabled: false }))).body.message).toBe('pin: is required')
  })
})
