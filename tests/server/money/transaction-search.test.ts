import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { nameEnquiries } from '#server/db/schema'

import { call, type TestApp } from '../harness'
import { enquiry, send, sender } from '../money/helpers'
import { payer, transferIn } from '../orders/helpers'
import { creditOutlet, makeOutlet, outletsApp, owner } from '../outlets/helpers'

/*
 * "Did this payment arrive?" (issues 22 and 35): one search box over what a row shows (the other side's name on
 * credits and debits, the reference, the narration) and its amount, on the server. Its plan: search-plan.test.ts.
 */

let t: TestApp
beforeAll(async () => {
  t = await outletsApp()
})

async function vendorWithCredits() {
  const o = await owner(t)
  const account = o.wallets.main.accountNumber!
  const credit = async (amount: number, name: string) => {
    const res = await transferIn(t, account, amount, 'Counter payment', payer({ name }))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.data.transactionId as string
  }
  const chioma = await credit(5_000_00, 'Chioma Okeke')
  const tunde = await credit(5_000_50, 'Tunde Bakare')
  const emeka = await credit(12_500_00, 'Emeka Obi')
  return { o, chioma, tunde, emeka }
}

async function search(token: string, text: string, extra: Record<string, string> = {}) {
  const res = await call(t.app, endpoints.listTransactions, { token, query: { page: '1', size: '20', search: text, ...extra } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { ids: (res.body.data.items as { id: string }[]).map((item) => item.id), total: res.body.data.total as number }
}

describe('GET /transaction?search=', () => {
  it('finds a credit by its amount typed as naira, however it is written, and only that exact amount', async () => {
    const { o, chioma, tunde } = await vendorWithCredits()
    for (const typed of ['5000', '5,000', '5000.00', '₦5,000']) {
      expect(await search(o.token, typed), typed).toEqual({ ids: [chioma], total: 1 })
    }
    expect(await search(o.token, '5000.50')).toEqual({ ids: [tunde], total: 1 })
    expect(await search(o.token, '50')).toEqual({ ids: [], total: 0 })
  })

  it("finds a credit by part of the sender's name, in any case", async () => {
    const { o, tunde } = await vendorWithCredits()
    expect(await search(o.token, 'bakare')).toEqual({ ids: [tunde], total: 1 })
    expect(await search(o.token, 'TUNDE B')).toEqual({ ids: [tunde], total: 1 })
  })

  it('finds a transaction by its reference, in any case', async () => {
    const { o, emeka } = await vendorWithCredits()
    const detail = await call(t.app, endpoints.transactionDetail, { token: o.token, query: { id: emeka } })
    const reference = detail.body.data.reference as string
    expect(await search(o.token, reference.toLowerCase())).toEqual({ ids: [emeka], total: 1 })
  })

  it('finds a debit by part of the name of the person paid, right after sending to her (issue 35)', async () => {
    const s = await sender(t, { balance: 100_000_00 })
    const requestId = await enquiry(t, s)
    await t.db.update(nameEnquiries).set({ accountName: 'Aisha Bello' }).where(eq(nameEnquiries.requestId, requestId))
    const sent = await send(t, s.token, { amount: 2_000_00, requestId, narration: 'Fabric' })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const debit = sent.body.data.id as string
    expect(await search(s.token, 'Aisha')).toEqual({ ids: [debit], total: 1 })
    expect(await search(s.token, 'bello')).toEqual({ ids: [debit], total: 1 })
    // The vendor's own account name is on every debit as its originator: it is not what the row shows.
    expect(await search(s.token, s.vendor.name)).toEqual({ ids: [], total: 0 })
  })

  it('finds a transaction by a fragment of its reference, in any case (issue 35)', async () => {
    const { o, emeka } = await vendorWithCredits()
    const detail = await call(t.app, endpoints.transactionDetail, { token: o.token, query: { id: emeka } })
    const reference = detail.body.data.reference as string
    const tail = reference.slice(-6)
    expect(await search(o.token, tail.toLowerCase())).toEqual({ ids: [emeka], total: 1 })
    expect(await search(o.token, reference.slice(4, -3))).toEqual({ ids: [emeka], total: 1 })
  })

  it('takes a name with LIKE wildcards literally, and combines with the other filters', async () => {
    const { o, chioma } = await vendorWithCredits()
    expect(await search(o.token, '%')).toEqual({ ids: [], total: 0 })
    expect(await search(o.token, 'chioma', { type: 'credit' })).toEqual({ ids: [chioma], total: 1 })
    expect(await search(o.token, 'chioma', { type: 'debit' })).toEqual({ ids: [], total: 0 })
  })

  it("never finds another vendor's or another wallet's transaction", async () => {
    const { o } = await vendorWithCredits()
    const other = await owner(t)
    expect(await search(other.token, '5000')).toEqual({ ids: [], total: 0 })
    const outlet = await makeOutlet(t, o.token)
    const outletCredit = await creditOutlet(t, outlet, 7_777_00)
    expect(await search(o.token, '7777')).toEqual({ ids: [], total: 0 })
    const inOutlet = await call(t.app, endpoints.outletTransactions, {
      token: o.token,
      query: { page: '1', size: '20', outletId: outlet.id, search: '7,777' },
    })
    expect(inOutlet.body.data.items.map((item: { id: string }) => item.id)).toEqual([outletCredit])
  })

  it('refuses a search longer than 100 characters, naming the field', async () => {
    const o = await owner(t)
    const res = await call(t.app, endpoints.listTransactions, { token: o.token, query: { search: 'x'.repeat(101) } })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('search: is too long')
  })
})
