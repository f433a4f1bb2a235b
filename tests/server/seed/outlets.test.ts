import { randomUUID } from 'node:crypto'

import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { transactions, users, wallets } from '#server/db/schema'
import { DEMO, seedDemo } from '#server/seed/demo'
import { DEMO_MEMBER_PASSWORD, DEMO_MEMBERS } from '#server/seed/outlets'
import { MemoryStorage } from '#server/storage'

import { call, login, type TestApp } from '../harness'
import { expectLedgerConsistent, tokenFor } from '../money/helpers'
import { get, outletsApp } from '../outlets/helpers'

/*
 * The demo vendor's outlets, made by seed/outlets.ts through the outlet code. seedDemo does nothing when the demo
 * exists, so on PostgreSQL (one database for every test file) this reads what start-server.test.ts may have seeded.
 */

let t: TestApp
let vendorId: string
let ownerToken: string

beforeAll(async () => {
  t = await outletsApp()
  vendorId = (await seedDemo(t.db, { storage: new MemoryStorage(), origin: 'http://localhost:3000' })).vendorId
  const [owner] = await t.db.select().from(users).where(eq(users.email, DEMO.email))
  ownerToken = await tokenFor(t, owner!)
}, 120_000)

describe('seedOutlets', () => {
  it('opens Lekki and Ikeja with their own accounts, credits and a transfer each way; the main wallet keeps ₦1,625,329.00', async () => {
    const list = await get(t, ownerToken, endpoints.listOutlets)
    expect(list.body.data.items).toMatchObject([
      { name: 'Ikeja', address: '27 Allen Avenue, Ikeja, Lagos', status: 'active', balance: 91_500_00, memberCount: 1 },
      { name: 'Lekki', address: '14 Admiralty Way, Lekki Phase 1, Lagos', status: 'active', balance: 85_500_00, memberCount: 2 },
    ])
    expect((await get(t, ownerToken, endpoints.walletBalance)).body.data.balance).toBe(162_532_900)
    // Both are there: the list matched above.
    const [lekki, ikeja] = [list.body.data.items[1]!, list.body.data.items[0]!]
    const details = await get(t, ownerToken, endpoints.outletWalletDetails, { outletId: lekki.id })
    expect(details.body.data).toEqual({
      bankName: 'Providus Bank',
      accountName: 'Mama Put Kitchen - Lekki',
      accountNumber: lekki.accountNumber,
    })

    const lekkiRows = (await get(t, ownerToken, endpoints.outletTransactions, { outletId: lekki.id })).body.data
    expect(lekkiRows.total).toBe(4)
    expect(lekkiRows.items.filter((row: { type: string }) => row.type === 'debit')).toMatchObject([
      {
        narration: null,
        internalTransfer: { counterparty: 'main', outletId: lekki.id, outletName: 'Lekki' },
        amount: 50_000_00,
        beneficiaryAccountName: 'Mama Put Kitchen',
      },
    ])
    const ikejaRows = (await get(t, ownerToken, endpoints.outletTransactions, { outletId: ikeja.id })).body.data
    expect(ikejaRows.items[0]).toMatchObject({
      type: 'credit',
      narration: 'Float for the weekend',
      internalTransfer: { counterparty: 'main', outletId: ikeja.id, outletName: 'Ikeja' },
    })
    const now = Date.now()
    for (const row of [...lekkiRows.items, ...ikejaRows.items]) expect(new Date(row.createdAt).getTime()).toBeLessThan(now)

    const [clearing] = await t.db
      .select()
      .from(wallets)
      .where(and(eq(wallets.vendorId, vendorId), eq(wallets.kind, 'clearing')))
    expect(clearing!.balance).toBe(0)
    // Five bank credits into the outlets and two rows for each transfer; the main wallet's side of each nets out.
    const outletRows = (await t.db.select().from(transactions).where(eq(transactions.vendorId, vendorId))).filter((row) => row.outletId)
    expect(outletRows).toHaveLength(9)
    const onMain = outletRows.filter(
      (row) => row.beneficiaryAccountName === 'Mama Put Kitchen' || row.originatorAccountName === 'Mama Put Kitchen',
    )
    // Each row names its other side and keeps only what the user typed (decision 112).
    expect(onMain.map((row) => [row.type, row.counterpartyKind, row.outletName, row.narration].join(' | ')).sort()).toEqual([
      'credit | main | Ikeja | Float for the weekend',
      'credit | outlet | Lekki | ',
      'debit | main | Lekki | ',
      'debit | outlet | Ikeja | Float for the weekend',
    ])
    await expectLedgerConsistent(t.db, vendorId)
  })

  it('two team members sign in with the demo password and see their outlets', async () => {
    expect(DEMO_MEMBERS.map((m) => m.email)).toEqual(['cashier@vendor.test', 'manager@vendor.test'])
    const names = async (email: string) => {
      const token = await login(t.app, email, DEMO_MEMBER_PASSWORD)
      return (await get(t, token, endpoints.listOutlets)).body.data.items.map((item: { name: string }) => item.name)
    }
    expect(await names('cashier@vendor.test')).toEqual(['Lekki'])
    expect(await names('manager@vendor.test')).toEqual(['Ikeja', 'Lekki'])
    const cashier = await login(t.app, 'cashier@vendor.test', DEMO_MEMBER_PASSWORD)
    expect((await get(t, cashier, endpoints.walletBalance)).status).toBe(403)
    // Refunds are granted on purpose (decision 086): neither demo member can send money back from the main wallet.
    expect(DEMO_MEMBERS.flatMap((m) => m.permissions)).not.toContain('VENDOR_REFUNDS')
    for (const email of ['cashier@vendor.test', 'manager@vendor.test']) {
      const token = await login(t.app, email, DEMO_MEMBER_PASSWORD)
      const refund = await call(t.app, endpoints.refundOrder, {
        token,
        body: { reference: 'ORD-ANY', status: 'refunded', pin: '1234' },
        headers: { 'idempotency-key': randomUUID() },
      })
      expect(refund.status, email).toBe(403)
    }
  })
})
