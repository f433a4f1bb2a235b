import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { call, prepare, type TestApp } from '../harness'
import { expectLedgerConsistent } from '../money/helpers'
import {
  type CreatedOutlet,
  creditOutlet,
  fund,
  get,
  makeOutlet,
  outletsApp,
  type Owner,
  owner,
  type Staff,
  staff,
  toMain,
} from './helpers'

/*
 * Who sees which outlet (decision 043): the owner and VENDOR_TEAM members see every outlet; other members only the
 * outlets they belong to, and another outlet is "not found" to them, exactly like another vendor's.
 */

const NAIRA = 100
const NOT_FOUND = { message: 'Outlet not found', code: 'NOT_FOUND' }
const INACTIVE = { message: 'This outlet is inactive', code: 'OUTLET_INACTIVE' }
const FORBIDDEN = { message: 'You do not have permission to do this', code: 'FORBIDDEN' }

let t: TestApp
let o: Owner
let a: CreatedOutlet
let b: CreatedOutlet
let creditOfA: string
let creditOfB: string
/** VENDOR_OUTLETS only, member of A. */
let cashier: Staff
/** VENDOR_TEAM + VENDOR_OUTLETS, member of no outlet. */
let manager: Staff
/** VENDOR_OUTLETS, member of no outlet. */
let outsider: Staff

beforeAll(async () => {
  t = await outletsApp()
  o = await owner(t, 10_000 * NAIRA)
  a = await makeOutlet(t, o.token, { name: 'Lekki' })
  b = await makeOutlet(t, o.token, { name: 'Ikeja' })
  creditOfA = await creditOutlet(t, a, 2_000 * NAIRA)
  creditOfB = await creditOutlet(t, b, 3_000 * NAIRA)
  cashier = await staff(t, o, ['VENDOR_OUTLETS'], [a.id])
  manager = await staff(t, o, ['VENDOR_TEAM', 'VENDOR_OUTLETS'])
  outsider = await staff(t, o, ['VENDOR_OUTLETS'])
})

/** Every read of one outlet. */
const reads = (outlet: CreatedOutlet, transactionId: string) => [
  prepare(endpoints.outletDetail, { query: { outletId: outlet.id } }),
  prepare(endpoints.outletWalletBalance, { query: { outletId: outlet.id } }),
  prepare(endpoints.outletWalletDetails, { query: { outletId: outlet.id } }),
  prepare(endpoints.outletTransactions, { query: { outletId: outlet.id } }),
  prepare(endpoints.outletTransactionDetail, { query: { outletId: outlet.id, id: transactionId } }),
  prepare(endpoints.listOutletMembers, { query: { outletId: outlet.id } }),
]

const listed = async (token: string) =>
  (await get(t, token, endpoints.listOutlets)).body.data.items.map((item: { name: string }) => item.name).sort()

describe('a member of outlet A with VENDOR_OUTLETS only', () => {
  it('sees A and reads all of it', async () => {
    expect(await listed(cashier.token)).toEqual(['Lekki'])
    for (const read of reads(a, creditOfA)) expect((await read.send(t.app, { token: cashier.token })).status, read.label).toBe(200)
    expect((await get(t, cashier.token, endpoints.outletWalletBalance, { outletId: a.id })).body.data.balance).toBe(2_000 * NAIRA)
  })

  it("gets 404 Outlet not found for B's details, balance, account, transactions and members", async () => {
    for (const read of reads(b, creditOfB)) {
      const res = await read.send(t.app, { token: cashier.token })
      expect(res.status, read.label).toBe(404)
      expect(res.body, read.label).toEqual(NOT_FOUND)
    }
    // B's transaction through A's id is not A's transaction.
    const res = await get(t, cashier.token, endpoints.outletTransactionDetail, { outletId: a.id, id: creditOfB })
    expect(res.body).toEqual({ message: 'Transaction not found', code: 'NOT_FOUND' })
  })

  it('cannot read the main wallet', async () => {
    for (const endpoint of [endpoints.walletBalance, endpoints.walletDetails, endpoints.listTransactions]) {
      const res = await get(t, cashier.token, endpoint)
      expect(res.status, endpoint.path).toBe(403)
      expect(res.body).toEqual(FORBIDDEN)
    }
  })

  it('may send money from A to main, but not from B, nor fund A without VENDOR_TRANSFERS', async () => {
    const res = await toMain(t, cashier.token, { outletId: a.id, amount: 500 * NAIRA })
    expect(res.status).toBe(201)
    expect(res.body.data.outletBalance).toBe(1_500 * NAIRA)
    expect((await toMain(t, cashier.token, { outletId: b.id, amount: 500 * NAIRA })).body).toEqual(NOT_FOUND)
    const funding = await fund(t, cashier.token, { outletId: a.id, amount: 500 * NAIRA })
    expect(funding.status).toBe(403)
    expect(funding.body).toEqual(FORBIDDEN)
    // The answer says nothing of the main wallet's balance.
    expect(JSON.stringify(res.body)).not.toContain(String(10_500 * NAIRA))
    await expectLedgerConsistent(t.db, o.vendor.id)
  })

  it('cannot create outlets, change their status or their members (VENDOR_TEAM)', async () => {
    const attempts = [
      call(t.app, endpoints.createOutlet, { token: cashier.token, body: { name: 'Mine', address: 'x' } }),
      call(t.app, endpoints.setOutletStatus, { token: cashier.token, body: { outletId: a.id, status: 'inactive' } }),
      call(t.app, endpoints.addOutletMember, { token: cashier.token, body: { outletId: a.id, memberId: outsider.id } }),
      call(t.app, endpoints.removeOutletMember, { token: cashier.token, query: { outletId: a.id, memberId: cashier.id } }),
    ]
    for (const res of await Promise.all(attempts)) expect(res.body).toEqual(FORBIDDEN)
  })
})

describe('who sees every outlet', () => {
  it('a VENDOR_TEAM member of no outlet sees and reads both', async () => {
    expect(await listed(manager.token)).toEqual(['Ikeja', 'Lekki'])
    for (const read of [...reads(a, creditOfA), ...reads(b, creditOfB)]) {
      expect((await read.send(t.app, { token: manager.token })).status, read.label).toBe(200)
    }
  })

  it('the owner sees and reads both', async () => {
    expect(await listed(o.token)).toEqual(['Ikeja', 'Lekki'])
    for (const read of [...reads(a, creditOfA), ...reads(b, creditOfB)]) {
      expect((await read.send(t.app, { token: o.token })).status, read.label).toBe(200)
    }
  })

  it('a member of no outlet without VENDOR_TEAM sees an empty list and 404 for both', async () => {
    expect((await get(t, outsider.token, endpoints.listOutlets)).body.data).toEqual({ items: [], page: 1, size: 20, total: 0 })
    for (const read of [...reads(a, creditOfA), ...reads(b, creditOfB)]) {
      expect((await read.send(t.app, { token: outsider.token })).body, read.label).toEqual(NOT_FOUND)
    }
  })

  it('a member with VENDOR_OUTLETS and VENDOR_TRANSFERS may fund their own outlet', async () => {
    const treasurer = await staff(t, o, ['VENDOR_OUTLETS', 'VENDOR_TRANSFERS'], [b.id])
    expect((await fund(t, treasurer.token, { outletId: b.id, amount: 100 * NAIRA })).status).toBe(201)
    expect((await fund(t, treasurer.token, { outletId: a.id, amount: 100 * NAIRA })).body).toEqual(NOT_FOUND)
  })
})

describe('an inactive outlet', () => {
  it('its members get 403 on its wallet, transactions, members and transfers; the owner and managers still read it', async () => {
    const o2 = await owner(t, 1_000 * NAIRA)
    const outlet = await makeOutlet(t, o2.token, { name: 'Yaba' })
    const credit = await creditOutlet(t, outlet, 800 * NAIRA)
    const member = await staff(t, o2, ['VENDOR_OUTLETS', 'VENDOR_TRANSFERS'], [outlet.id])
    const lead = await staff(t, o2, ['VENDOR_OUTLETS', 'VENDOR_TEAM', 'VENDOR_TRANSFERS'])
    const off = await call(t.app, endpoints.setOutletStatus, { token: lead.token, body: { outletId: outlet.id, status: 'inactive' } })
    expect(off.body.data.status).toBe('inactive')

    // The member still sees that it exists, and that it is inactive.
    expect((await get(t, member.token, endpoints.listOutlets)).body.data.items).toMatchObject([{ id: outlet.id, status: 'inactive' }])
    expect((await get(t, member.token, endpoints.outletDetail, { outletId: outlet.id })).status).toBe(200)
    for (const read of reads(outlet, credit).slice(1)) {
      const res = await read.send(t.app, { token: member.token })
      expect(res.status, read.label).toBe(403)
      expect(res.body, read.label).toEqual(INACTIVE)
    }
    expect((await toMain(t, member.token, { outletId: outlet.id, amount: 100 })).body).toEqual(INACTIVE)
    expect((await fund(t, member.token, { outletId: outlet.id, amount: 100 })).body).toEqual(INACTIVE)

    // They can still read it and empty it into the main wallet, but not put money in.
    for (const token of [o2.token, lead.token]) {
      for (const read of reads(outlet, credit)) expect((await read.send(t.app, { token })).status, read.label).toBe(200)
      expect((await toMain(t, token, { outletId: outlet.id, amount: 100 })).status).toBe(201)
      expect((await fund(t, token, { outletId: outlet.id, amount: 100 })).status).toBe(409)
    }
  })
})
