import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { outlets, transactions, wallets } from '#server/db/schema'

import { call, prepare, type Prepared, type TestApp, unchecked } from '../harness'
import { expectLedgerConsistent } from '../money/helpers'
import { creditOutlet, fund, get, makeOutlet, outletsApp, owner } from './helpers'

/* Creating, listing, reading and switching outlets, and money a bank sends to an outlet's own account. */

let t: TestApp
beforeAll(async () => {
  t = await outletsApp()
})

const create = (token: string, body: BodyInput<typeof endpoints.createOutlet>) => call(t.app, endpoints.createOutlet, { token, body })

describe('POST /outlet', () => {
  it('opens an outlet with its own wallet and virtual account named after the vendor and outlet', async () => {
    const o = await owner(t)
    const res = await create(o.token, {
      name: '  Lekki ',
      address: '14 Admiralty Way, Lekki',
      email: 'LEKKI@Shop.ng',
      phone: '08031110001',
    })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('Outlet created')
    expect(res.body.data).toMatchObject({
      name: 'Lekki',
      address: '14 Admiralty Way, Lekki',
      email: 'lekki@shop.ng',
      phone: '08031110001',
      status: 'active',
      balance: 0,
      memberCount: 0,
    })
    expect(res.body.data.accountNumber).toMatch(/^\d{10}$/)
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.outletId, res.body.data.id))
    expect(wallet).toMatchObject({
      vendorId: o.vendor.id,
      kind: 'outlet',
      accountNumber: res.body.data.accountNumber,
      accountName: `${o.vendor.name} - Lekki`,
      bankName: 'Providus Bank',
      balance: 0,
    })
    const details = await get(t, o.token, endpoints.outletWalletDetails, { outletId: res.body.data.id })
    expect(details.body.data).toEqual({
      bankName: 'Providus Bank',
      accountNumber: wallet!.accountNumber,
      accountName: `${o.vendor.name} - Lekki`,
    })
    const balance = await get(t, o.token, endpoints.outletWalletBalance, { outletId: res.body.data.id })
    expect(balance.body.data).toEqual({ balance: 0, currency: 'NGN' })
  })

  it('email and phone are optional', async () => {
    const o = await owner(t)
    const res = await create(o.token, { name: 'Ikeja', address: '27 Allen Avenue' })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ email: null, phone: null })
  })

  it('refuses a name the vendor already uses, ignoring case, with a 409 and no second wallet', async () => {
    const o = await owner(t)
    await makeOutlet(t, o.token, { name: 'Surulere' })
    const res = await create(o.token, { name: 'SURULERE', address: 'Somewhere else' })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ code: 'OUTLET_NAME_TAKEN', message: 'You already have an outlet named SURULERE' })
    const rows = await t.db.select().from(outlets).where(eq(outlets.vendorId, o.vendor.id))
    expect(rows).toHaveLength(1)
    expect(await t.db.select().from(wallets).where(eq(wallets.vendorId, o.vendor.id))).toHaveLength(5)
    // Another vendor may use the name.
    expect((await create((await owner(t)).token, { name: 'Surulere', address: 'x' })).status).toBe(201)
  })

  it('two creates of one name at once: one lands, the other is a 409, never a 500', async () => {
    const o = await owner(t)
    const results = await Promise.all(['Yaba', 'yaba', 'YABA'].map((name) => create(o.token, { name, address: 'Herbert Macaulay Way' })))
    expect(results.map((res) => res.status).sort()).toEqual([201, 409, 409])
  })

  it.each([
    [{ address: 'x' }, 'name: is required'],
    [{ name: '   ', address: 'x' }, 'name: is required'],
    [{ name: 'x'.repeat(101), address: 'x' }, 'name: must be at most 100 characters'],
    [{ name: 'Lekki' }, 'address: is required'],
    [{ name: 'Lekki', address: 'x'.repeat(301) }, 'address: must be at most 300 characters'],
    [{ name: 'Lekki', address: 'x', email: 'not-an-email' }, 'email: must be a valid email address'],
    [{ name: 'Lekki', address: 'x', phone: '+2348031234567' }, 'phone: must be digits only, at most 11'],
    [{ name: 'Lekki', address: 'x', phone: '080312345678' }, 'phone: must be digits only, at most 11'],
    [{ name: 'Lek\0ki', address: 'x' }, 'name: must not contain a NUL character'],
    [{ name: 42, address: 'x' }, 'name: is required'],
  ])('422 naming the field for %j', async (body, message) => {
    const o = await owner(t)
    const res = await create(o.token, unchecked(body))
    expect(res.status).toBe(422)
    expect(res.body.message).toBe(message)
  })
})

describe('GET /outlet and /outlet/single', () => {
  it('lists newest first with balance, account and member count; pages and searches name or address', async () => {
    const o = await owner(t)
    const made = []
    for (const [name, address] of [
      ['Lekki', '14 Admiralty Way'],
      ['Ikeja', '27 Allen Avenue'],
      ['Yaba', '3 Herbert Macaulay Way'],
      ['Ajah 50%', 'Addo Road'],
    ]) {
      made.push(await makeOutlet(t, o.token, { name, address }))
    }
    await creditOutlet(t, made[0]!, 5_000_00)
    const all = await get(t, o.token, endpoints.listOutlets)
    expect(all.body.data).toMatchObject({ page: 1, size: 20, total: 4 })
    expect(all.body.data.items.map((item: { name: string }) => item.name)).toEqual(['Ajah 50%', 'Yaba', 'Ikeja', 'Lekki'])
    expect(all.body.data.items[3]).toMatchObject({ balance: 5_000_00, accountNumber: made[0]!.accountNumber, memberCount: 0 })

    const page2 = await get(t, o.token, endpoints.listOutlets, { page: '2', size: '3' })
    expect(page2.body.data).toMatchObject({ page: 2, size: 3, total: 4 })
    expect(page2.body.data.items.map((item: { name: string }) => item.name)).toEqual(['Lekki'])

    const names = async (search: string) =>
      (await get(t, o.token, endpoints.listOutlets, { search })).body.data.items.map((item: { name: string }) => item.name)
    expect(await names('lek')).toEqual(['Lekki'])
    expect(await names('ALLEN')).toEqual(['Ikeja'])
    expect(await names('way')).toEqual(['Yaba', 'Lekki'])
    // % is a character, not a wildcard.
    expect(await names('50%')).toEqual(['Ajah 50%'])
    expect(await names('%')).toEqual(['Ajah 50%'])
    expect((await get(t, o.token, endpoints.listOutlets, { search: 'nowhere' })).body.data).toMatchObject({ items: [], total: 0 })

    const single = await get(t, o.token, endpoints.outletDetail, { outletId: made[0]!.id })
    expect(single.body.data).toMatchObject({ id: made[0]!.id, name: 'Lekki', balance: 5_000_00 })
  })

  it('says when the outlet wallet last moved money, for its page to open on a range with data (issue 22)', async () => {
    const o = await owner(t, 10_000_00)
    const [quiet, busy] = [await makeOutlet(t, o.token, { name: 'Quiet' }), await makeOutlet(t, o.token, { name: 'Busy' })]
    const lastOf = async (outletId: string) => (await get(t, o.token, endpoints.outletDetail, { outletId })).body.data.lastTransactionAt
    expect(await lastOf(quiet.id)).toBeNull()
    await creditOutlet(t, busy, 2_000_00)
    const funded = await fund(t, o.token, { outletId: busy.id, amount: 1_000_00 })
    expect(funded.status, JSON.stringify(funded.body)).toBe(201)
    // The newest row of the outlet's own wallet (of the bank credit and the transfer's credit).
    const rows: { createdAt: string; narration: string | null; internalTransfer: unknown }[] = (
      await get(t, o.token, endpoints.outletTransactions, { outletId: busy.id })
    ).body.data.items
    expect(rows).toHaveLength(2)
    const newest = rows
      .map((row) => row.createdAt)
      .sort()
      .at(-1)
    expect(await lastOf(busy.id)).toBe(newest)
    const listed = (await get(t, o.token, endpoints.listOutlets)).body.data.items as { name: string; lastTransactionAt: string | null }[]
    expect(Object.fromEntries(listed.map((item) => [item.name, item.lastTransactionAt]))).toEqual({ Busy: newest, Quiet: null })
    // Money from a bank is no own transfer: it names no counterparty.
    expect(rows.find((row) => row.narration === 'Walk-in payment')).toMatchObject({ internalTransfer: null })
    expect(rows.find((row) => row.narration === null)).toMatchObject({
      internalTransfer: { counterparty: 'main', outletId: busy.id, outletName: 'Busy' },
    })
  })

  it("another vendor's outlet, or an unknown id, is 404 Outlet not found on every outlet call", async () => {
    const mine = await owner(t)
    const theirs = await makeOutlet(t, (await owner(t)).token)
    for (const outletId of [theirs.id, 'no-such-outlet']) {
      const reads = [
        endpoints.outletDetail,
        endpoints.outletWalletDetails,
        endpoints.outletWalletBalance,
        endpoints.outletTransactions,
        endpoints.listOutletMembers,
      ]
      for (const endpoint of reads) {
        const res = await get(t, mine.token, endpoint, { outletId })
        expect(res.status, endpoint.path).toBe(404)
        expect(res.body).toEqual({ message: 'Outlet not found', code: 'NOT_FOUND' })
      }
    }
    expect(
      (await call(t.app, endpoints.setOutletStatus, { token: mine.token, body: { outletId: theirs.id, status: 'inactive' } })).status,
    ).toBe(404)
  })

  it('bad input is a 422 naming the field', async () => {
    const o = await owner(t)
    const cases: [Prepared, string][] = [
      [prepare(endpoints.listOutlets, { query: { page: '0' } }), 'page: must be at least 1'],
      [prepare(endpoints.listOutlets, { query: { size: 'lots' } }), 'size: must be a whole number'],
      [prepare(endpoints.listOutlets, { query: { search: 'x'.repeat(101) } }), 'search: is too long'],
      [prepare(endpoints.listOutlets, { query: { search: 'a\0b' } }), 'search: must not contain a NUL character'],
      [prepare(endpoints.outletDetail, { query: unchecked({}) }), 'outletId: is required'],
      [prepare(endpoints.outletWalletBalance, { query: { outletId: 'x'.repeat(65) } }), 'outletId: is too long'],
      [prepare(endpoints.outletWalletDetails, { query: { outletId: '\0' } }), 'outletId: must not contain a NUL character'],
    ]
    for (const [request, message] of cases) {
      const res = await request.send(t.app, { token: o.token })
      expect(res.status, request.label).toBe(422)
      expect(res.body.message).toBe(message)
    }
  })
})

describe('PUT /outlet/status', () => {
  it('deactivates and reactivates; bad status is a 422', async () => {
    const o = await owner(t)
    const outlet = await makeOutlet(t, o.token)
    const put = (body: BodyInput<typeof endpoints.setOutletStatus>) => call(t.app, endpoints.setOutletStatus, { token: o.token, body })
    const off = await put({ outletId: outlet.id, status: 'inactive' })
    expect(off.status).toBe(200)
    expect(off.body).toMatchObject({ message: 'Outlet deactivated', data: { id: outlet.id, status: 'inactive' } })
    expect((await get(t, o.token, endpoints.outletDetail, { outletId: outlet.id })).body.data.status).toBe('inactive')
    const on = await put({ outletId: outlet.id, status: 'active' })
    expect(on.body).toMatchObject({ message: 'Outlet activated', data: { status: 'active' } })
    expect((await put(unchecked({ outletId: outlet.id, status: 'closed' }))).body.message).toBe('status: must be active or inactive')
    expect((await put(unchecked({ status: 'active' }))).body.message).toBe('outletId: is required')
  })
})

describe("bank transfers into an outlet's account", () => {
  it('land in the outlet wallet and its list, not the main wallet, also when the outlet is inactive', async () => {
    const o = await owner(t, 1_000_00)
    const outlet = await makeOutlet(t, o.token, { name: 'Lekki' })
    const first = await creditOutlet(t, outlet, 7_500_00, 'Jollof for the office')
    await call(t.app, endpoints.setOutletStatus, { token: o.token, body: { outletId: outlet.id, status: 'inactive' } })
    const second = await creditOutlet(t, outlet, 2_500_00, 'Arrived after closing')

    expect((await get(t, o.token, endpoints.outletWalletBalance, { outletId: outlet.id })).body.data.balance).toBe(10_000_00)
    expect((await get(t, o.token, endpoints.walletBalance)).body.data.balance).toBe(1_000_00)
    const list = await get(t, o.token, endpoints.outletTransactions, { outletId: outlet.id })
    expect(list.body.data.total).toBe(2)
    expect(list.body.data.items.map((row: { id: string }) => row.id).sort()).toEqual([first, second].sort())
    expect(list.body.data.items[0]).toMatchObject({ type: 'credit', status: 'success', outletId: outlet.id, isOffline: true })
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, first))
    expect(row).toMatchObject({ walletId: outlet.walletId, beneficiaryAccountName: `${o.vendor.name} - Lekki` })
    // Not in the main wallet's list.
    const main = await get(t, o.token, endpoints.listTransactions)
    expect(main.body.data.items.map((item: { id: string }) => item.id)).not.toContain(first)
    await expectLedgerConsistent(t.db, o.vendor.id)
  })
})
