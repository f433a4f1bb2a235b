import { randomUUID } from 'node:crypto'

import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { ledgerEntries, transactions } from '#server/db/schema'

import { call, type TestApp, unchecked } from '../harness'
import { enquiry, expectLedgerConsistent, send, sender } from '../money/helpers'
import { creditOutlet, fund, get, makeOutlet, outletBalance, outletsApp, owner, toMain, walletBalances } from './helpers'

/*
 * Transfer to Outlet and Transfer to Main Wallet: one database transaction, two rows (one per wallet) through the
 * clearing wallet, idempotent, never overdrawing. On PostgreSQL (TEST_DATABASE_URL) the concurrent cases really
 * run at once, so a lock taken out of order shows up as a deadlock (a 500).
 */

let t: TestApp
beforeAll(async () => {
  t = await outletsApp()
})

const NAIRA = 100

describe('POST /outlet/wallet/fund (main → outlet)', () => {
  it('moves the money with no fee: a debit row on main, a credit row on the outlet, clearing back at zero', async () => {
    const o = await owner(t, 100_000 * NAIRA)
    const outlet = await makeOutlet(t, o.token, { name: 'Lekki' })
    const key = randomUUID()
    const res = await fund(t, o.token, { outletId: outlet.id, amount: 30_000 * NAIRA, narration: ' Float for Saturday ' }, key)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.message).toBe('Transfer successful')
    expect(Object.keys(res.body.data).sort()).toEqual(['outletBalance', 'transaction'])
    expect(res.body.data.outletBalance).toBe(30_000 * NAIRA)
    const [main] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.vendorId, o.vendor.id), eq(transactions.type, 'debit')))
    const mainAccount = { accountName: o.vendor.name, bankName: 'Providus Bank', accountNumber: o.wallets.main.accountNumber }
    const outletAccount = { accountName: `${o.vendor.name} - Lekki`, bankName: 'Providus Bank', accountNumber: outlet.accountNumber }
    const sides = {
      status: 'success',
      amount: 30_000 * NAIRA,
      fee: 0,
      outletId: outlet.id,
      originatorAccountName: mainAccount.accountName,
      originatorBankName: mainAccount.bankName,
      originatorAccountNumber: mainAccount.accountNumber,
      beneficiaryAccountName: outletAccount.accountName,
      beneficiaryBankName: outletAccount.bankName,
      beneficiaryAccountNumber: outletAccount.accountNumber,
    }
    expect(res.body.data.transaction).toMatchObject({
      ...sides,
      type: 'credit',
      // What the user typed, trimmed; the other side is named by internalTransfer (decision 112).
      narration: 'Float for Saturday',
      internalTransfer: { counterparty: 'main', outletId: outlet.id, outletName: 'Lekki' },
    })
    expect(res.body.data.transaction.reference).toMatch(/^OTR-\d{8}-[0-9A-F]{10}$/)
    expect(main).toMatchObject({
      ...sides,
      type: 'debit',
      walletId: o.wallets.main.id,
      narration: 'Float for Saturday',
      counterpartyKind: 'outlet',
      outletName: 'Lekki',
      idempotencyKey: key,
    })
    expect(main!.reference).toMatch(/^OTR-/)
    expect(main!.reference).not.toBe(res.body.data.transaction.reference)

    expect(await walletBalances(t, o.vendor.id)).toEqual({ main: 70_000 * NAIRA, clearing: 0, outlets: { [outlet.id]: 30_000 * NAIRA } })
    // Each row's entries sum to zero through clearing.
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, main!.id))
    expect(entries.map((entry) => [entry.walletId, entry.amount]).sort()).toEqual(
      [
        [o.wallets.main.id, -30_000 * NAIRA],
        [o.wallets.clearing.id, 30_000 * NAIRA],
      ].sort(),
    )
    await expectLedgerConsistent(t.db, o.vendor.id)

    // Each wallet's list shows its own side; the outlet's single transaction reads back.
    const outletList = await get(t, o.token, endpoints.outletTransactions, { outletId: outlet.id })
    expect(outletList.body.data.items.map((row: { id: string }) => row.id)).toEqual([res.body.data.transaction.id])
    const mainList = await get(t, o.token, endpoints.listTransactions)
    expect(mainList.body.data.total).toBe(2)
    expect(mainList.body.data.items.find((row: { id: string }) => row.id === main!.id)).toMatchObject({
      type: 'debit',
      narration: 'Float for Saturday',
      internalTransfer: { counterparty: 'outlet', outletId: outlet.id, outletName: 'Lekki' },
    })
    expect((await get(t, o.token, endpoints.transactionDetail, { id: main!.id })).body.data.internalTransfer).toEqual({
      counterparty: 'outlet',
      outletId: outlet.id,
      outletName: 'Lekki',
    })
    const single = await get(t, o.token, endpoints.outletTransactionDetail, { outletId: outlet.id, id: res.body.data.transaction.id })
    expect(single.body.data).toEqual(res.body.data.transaction)
    // The main side is not an outlet transaction of this outlet.
    expect((await get(t, o.token, endpoints.outletTransactionDetail, { outletId: outlet.id, id: main!.id })).status).toBe(404)
  })

  it('without a narration has none, and still names its other side', async () => {
    const o = await owner(t, 1_000 * NAIRA)
    const outlet = await makeOutlet(t, o.token, { name: 'Ikeja' })
    const res = await fund(t, o.token, { outletId: outlet.id, amount: 1_000 * NAIRA, narration: '' })
    expect(res.body.data.transaction).toMatchObject({
      narration: null,
      internalTransfer: { counterparty: 'main', outletId: outlet.id, outletName: 'Ikeja' },
    })
    expect(await walletBalances(t, o.vendor.id)).toMatchObject({ main: 0, clearing: 0 })
  })

  it('refuses more than the main wallet holds with 422 Insufficient balance, leaving nothing behind', async () => {
    const o = await owner(t, 500 * NAIRA)
    const outlet = await makeOutlet(t, o.token)
    const key = randomUUID()
    const res = await fund(t, o.token, { outletId: outlet.id, amount: 500 * NAIRA + 1 }, key)
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ message: 'Insufficient balance', code: 'INSUFFICIENT_FUNDS' })
    expect(await t.db.select().from(transactions).where(eq(transactions.outletId, outlet.id))).toEqual([])
    // The refused key was released: the corrected request goes through under it.
    expect((await fund(t, o.token, { outletId: outlet.id, amount: 500 * NAIRA }, key)).status).toBe(201)
    await expectLedgerConsistent(t.db, o.vendor.id)
  })

  it.each([
    [{ amount: 100 }, 'outletId: is required'],
    [{ outletId: 'x' }, 'amount: is required'],
    [{ outletId: 'x', amount: 0 }, 'amount: must be more than zero'],
    [{ outletId: 'x', amount: -5 }, 'amount: must not be negative'],
    [{ outletId: 'x', amount: 1.5 }, 'amount: must be a whole number of kobo'],
    [{ outletId: 'x', amount: 2 ** 53 }, 'amount: must be a whole number of kobo'],
    [{ outletId: 'x', amount: 1e300 }, 'amount: must be a whole number of kobo'],
    [{ outletId: 'x', amount: '100' }, 'amount: must be a number of kobo'],
    [{ outletId: 'x', amount: 100, narration: 'n'.repeat(101) }, 'narration: must be at most 100 characters'],
    [{ outletId: 'x', amount: 100, narration: 'a\0b' }, 'narration: must not contain a NUL character'],
    [{ outletId: 'a\0b', amount: 100 }, 'outletId: must not contain a NUL character'],
  ])('422 naming the field for %j', async (body, message) => {
    const o = await owner(t)
    const res = await fund(t, o.token, body)
    expect(res.status).toBe(422)
    expect(res.body.message).toBe(message)
  })

  it('a huge amount that is a whole number of kobo is refused for funds, not a 500', async () => {
    const o = await owner(t, 1_000 * NAIRA)
    const outlet = await makeOutlet(t, o.token)
    for (const amount of [Number.MAX_SAFE_INTEGER, 9_000_000_000_000_000]) {
      const res = await fund(t, o.token, { outletId: outlet.id, amount })
      expect(res.status).toBe(422)
      expect(res.body.code).toBe('INSUFFICIENT_FUNDS')
      expect((await toMain(t, o.token, { outletId: outlet.id, amount })).body.code).toBe('INSUFFICIENT_FUNDS')
    }
  })
})

describe('POST /outlet/transfer/vendor (outlet → main)', () => {
  it('moves money back: a debit row on the outlet, a credit row on main', async () => {
    const o = await owner(t)
    const outlet = await makeOutlet(t, o.token, { name: 'Lekki' })
    await creditOutlet(t, outlet, 20_000 * NAIRA)
    const res = await toMain(t, o.token, { outletId: outlet.id, amount: 12_500 * NAIRA })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.data).toMatchObject({
      outletBalance: 7_500 * NAIRA,
      transaction: {
        type: 'debit',
        status: 'success',
        amount: 12_500 * NAIRA,
        fee: 0,
        narration: null,
        internalTransfer: { counterparty: 'main', outletId: outlet.id, outletName: 'Lekki' },
        originatorAccountNumber: outlet.accountNumber,
        beneficiaryAccountNumber: o.wallets.main.accountNumber,
        beneficiaryAccountName: o.vendor.name,
      },
    })
    const [credit] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.walletId, o.wallets.main.id), eq(transactions.type, 'credit')))
    expect(credit).toMatchObject({
      narration: null,
      counterpartyKind: 'outlet',
      outletName: 'Lekki',
      amount: 12_500 * NAIRA,
      outletId: outlet.id,
      idempotencyKey: null,
    })
    expect(await walletBalances(t, o.vendor.id)).toEqual({ main: 12_500 * NAIRA, clearing: 0, outlets: { [outlet.id]: 7_500 * NAIRA } })
    expect((await toMain(t, o.token, { outletId: outlet.id, amount: 7_500 * NAIRA + 1 })).body.code).toBe('INSUFFICIENT_FUNDS')
    await expectLedgerConsistent(t.db, o.vendor.id)
  })
})

describe('idempotency', () => {
  it('the same key and body replays the first answer with Idempotent-Replayed; money moves once', async () => {
    const o = await owner(t, 10_000 * NAIRA)
    const outlet = await makeOutlet(t, o.token)
    for (const move of [fund, toMain]) {
      const key = randomUUID()
      const body = { outletId: outlet.id, amount: 1_000 * NAIRA }
      const first = await move(t, o.token, body, key)
      const again = await move(t, o.token, body, key)
      expect(first.status).toBe(201)
      expect(again.status).toBe(201)
      expect(again.headers.get('idempotent-replayed')).toBe('true')
      expect(again.body).toEqual(first.body)
      const mismatch = await move(t, o.token, { ...body, amount: 2_000 * NAIRA }, key)
      expect(mismatch.status).toBe(409)
      expect(mismatch.body.code).toBe('IDEMPOTENCY_MISMATCH')
    }
    // One each way: back where it started, four rows in all.
    expect(await walletBalances(t, o.vendor.id)).toMatchObject({ main: 10_000 * NAIRA, clearing: 0 })
    expect(await t.db.select().from(transactions).where(eq(transactions.outletId, outlet.id))).toHaveLength(4)
    await expectLedgerConsistent(t.db, o.vendor.id)
  })

  it('the same key sent ten times at once moves the money once', async () => {
    const o = await owner(t, 10_000 * NAIRA)
    const outlet = await makeOutlet(t, o.token)
    const key = randomUUID()
    const results = await Promise.all(Array.from({ length: 10 }, () => fund(t, o.token, { outletId: outlet.id, amount: 700 * NAIRA }, key)))
    for (const res of results) expect([201, 409]).toContain(res.status)
    expect(await outletBalance(t, outlet)).toBe(700 * NAIRA)
    await expectLedgerConsistent(t.db, o.vendor.id)
  })

  it('Idempotency-Key is required', async () => {
    const o = await owner(t)
    const res = await call(t.app, endpoints.transferToMain, { token: o.token, body: unchecked({ outletId: 'x', amount: 1 }) })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('IDEMPOTENCY_KEY_REQUIRED')
  })
})

describe('an inactive outlet', () => {
  it('takes no money in, lets the owner empty it into the main wallet, and takes transfers again once active', async () => {
    const o = await owner(t, 5_000 * NAIRA)
    const outlet = await makeOutlet(t, o.token)
    await creditOutlet(t, outlet, 1_000 * NAIRA)
    const status = (value: string) =>
      call(t.app, endpoints.setOutletStatus, { token: o.token, body: unchecked({ outletId: outlet.id, status: value }) })
    await status('inactive')
    const refused = await fund(t, o.token, { outletId: outlet.id, amount: 100 * NAIRA })
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({
      message: 'This outlet is inactive: money can only be moved out of it, to the main wallet',
      code: 'OUTLET_INACTIVE',
    })
    // The owner can still read it, and move what bank credits left there to the main wallet.
    expect((await get(t, o.token, endpoints.outletWalletBalance, { outletId: outlet.id })).body.data.balance).toBe(1_000 * NAIRA)
    expect((await get(t, o.token, endpoints.outletTransactions, { outletId: outlet.id })).body.data.total).toBe(1)
    expect((await toMain(t, o.token, { outletId: outlet.id, amount: 400 * NAIRA })).status).toBe(201)
    expect((await get(t, o.token, endpoints.outletWalletBalance, { outletId: outlet.id })).body.data.balance).toBe(600 * NAIRA)
    await status('active')
    expect((await fund(t, o.token, { outletId: outlet.id, amount: 100 * NAIRA })).status).toBe(201)
    expect((await toMain(t, o.token, { outletId: outlet.id, amount: 700 * NAIRA })).status).toBe(201)
    await expectLedgerConsistent(t.db, o.vendor.id)
  })
})

describe('transfers at once', () => {
  it('20 funds against a main wallet holding exactly 10: exactly 10 land', async () => {
    const o = await owner(t, 10 * 1_000 * NAIRA)
    const outlet = await makeOutlet(t, o.token)
    const results = await Promise.all(Array.from({ length: 20 }, () => fund(t, o.token, { outletId: outlet.id, amount: 1_000 * NAIRA })))
    expect(results.filter((res) => res.status === 201)).toHaveLength(10)
    for (const res of results.filter((r) => r.status !== 201)) expect(res.body.code).toBe('INSUFFICIENT_FUNDS')
    expect(await walletBalances(t, o.vendor.id)).toEqual({ main: 0, clearing: 0, outlets: { [outlet.id]: 10_000 * NAIRA } })
    await expectLedgerConsistent(t.db, o.vendor.id)
  })

  it('funds and transfers to main mixed, on two outlets at once: neither wallet overdraws, every kobo explained', async () => {
    const o = await owner(t, 5_000 * NAIRA)
    const a = await makeOutlet(t, o.token, { name: 'A' })
    const b = await makeOutlet(t, o.token, { name: 'B' })
    await creditOutlet(t, a, 3_000 * NAIRA)
    await creditOutlet(t, b, 1_000 * NAIRA)
    const moves = Array.from({ length: 30 }, (_, i) => {
      const outlet = i % 3 === 2 ? b : a
      const direction = i % 2 === 0 ? 'fund' : 'toMain'
      const amount = (700 + 100 * (i % 5)) * NAIRA
      return { outlet, direction, amount }
    })
    const results = await Promise.all(
      moves.map((m) => (m.direction === 'fund' ? fund : toMain)(t, o.token, { outletId: m.outlet.id, amount: m.amount })),
    )
    const expected = new Map([
      ['main', 5_000 * NAIRA],
      [a.id, 3_000 * NAIRA],
      [b.id, 1_000 * NAIRA],
    ])
    const move = (wallet: string, amount: number) => expected.set(wallet, expected.get(wallet)! + amount)
    results.forEach((res, i) => {
      expect([201, 422], JSON.stringify(res.body)).toContain(res.status)
      if (res.status === 422) return expect(res.body.code).toBe('INSUFFICIENT_FUNDS')
      const { outlet, direction, amount } = moves[i]!
      const sign = direction === 'fund' ? 1 : -1
      move(outlet.id, sign * amount)
      move('main', -sign * amount)
    })
    expect(results.filter((res) => res.status === 201).length).toBeGreaterThan(0)
    expect(await walletBalances(t, o.vendor.id)).toEqual({
      main: expected.get('main'),
      clearing: 0,
      outlets: { [a.id]: expected.get(a.id), [b.id]: expected.get(b.id) },
    })
    // Money only moved between the vendor's own wallets.
    expect([...expected.values()].reduce((sum, value) => sum + value, 0)).toBe(9_000 * NAIRA)
    await expectLedgerConsistent(t.db, o.vendor.id)
  })

  it('transfers, bank credits into the outlet, sends from main and status changes at once: nothing deadlocks', async () => {
    const s = await sender(t, { balance: 20_000 * NAIRA })
    const outlet = await makeOutlet(t, s.token)
    await creditOutlet(t, outlet, 5_000 * NAIRA)
    const requestIds = await Promise.all([1, 2, 3].map(() => enquiry(t, s)))
    const status = (value: string) =>
      call(t.app, endpoints.setOutletStatus, { token: s.token, body: unchecked({ outletId: outlet.id, status: value }) })
    const results = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => (i % 2 ? fund : toMain)(t, s.token, { outletId: outlet.id, amount: 300 * NAIRA })),
      ...[1, 2, 3].map(() => creditOutlet(t, outlet, 100 * NAIRA).then(() => ({ status: 200, body: null }))),
      ...requestIds.map((requestId) => send(t, s.token, { amount: 500 * NAIRA, requestId })),
      status('inactive'),
      status('active'),
    ])
    // A transfer may find the outlet inactive for a moment (409); nothing else may fail.
    for (const res of results) expect([200, 201, 409], JSON.stringify(res.body)).toContain(res.status)
    const { clearing } = await walletBalances(t, s.vendor.id)
    expect(clearing).toBe(0)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })
})
