import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { isValidNuban, nubanCheckDigit } from '#contract/nuban'
import type { Db } from '#server/db/client'
import { transactions, wallets } from '#server/db/schema'
import { ApiError } from '#server/errors'
import { randomNuban } from '#server/money/accounts'
import { creditFromBank, newReference, postTransfer } from '#server/money/ledger'

import { createVendor, testDb, type TestVendor } from '../harness'
import { expectLedgerConsistent } from './helpers'

function payOut(vendor: TestVendor, amount: number) {
  return {
    vendorId: vendor.vendor.id,
    legs: [
      { walletId: vendor.wallets.main.id, amount: -amount },
      { walletId: vendor.wallets.external.id, amount },
    ],
    transaction: {
      walletId: vendor.wallets.main.id,
      type: 'debit' as const,
      status: 'success' as const,
      amount,
      reference: newReference('OUT'),
    },
  }
}

async function balanceOf(db: Db, walletId: string) {
  const [row] = await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.id, walletId))
  return row!.balance
}

describe('ledger', () => {
  it('an inbound bank credit moves money from external to main as an offline credit', async () => {
    const db = await testDb()
    const vendor = await createVendor()
    const { transaction, balances } = await creditFromBank(db, {
      vendorId: vendor.vendor.id,
      amount: 2_500_000,
      originator: { accountName: 'Kemi Adeyemi', bankName: 'Zenith Bank', accountNumber: '2081234567' },
      narration: 'Small chops',
    })
    expect(balances).toEqual({ [vendor.wallets.main.id]: 2_500_000, [vendor.wallets.external.id]: -2_500_000 })
    expect(transaction).toMatchObject({
      type: 'credit',
      status: 'success',
      amount: 2_500_000,
      fee: 0,
      isOffline: true,
      isPos: false,
      hasMatchingOrder: false,
      originatorAccountName: 'Kemi Adeyemi',
      beneficiaryAccountNumber: vendor.wallets.main.accountNumber,
      beneficiaryBankName: 'Providus Bank',
    })
    expect(transaction.sessionId).toMatch(/^\d{30}$/)
    await expectLedgerConsistent(db, vendor.vendor.id)
  })

  it('refuses to overdraw a main wallet and leaves nothing behind', async () => {
    const db = await testDb()
    const vendor = await createVendor({ balance: 10_000 })
    const attempt = payOut(vendor, 10_001)
    await expect(postTransfer(db, attempt)).rejects.toMatchObject({
      status: 422,
      code: 'INSUFFICIENT_FUNDS',
      message: 'Insufficient balance',
    })
    await expect(postTransfer(db, attempt)).rejects.toBeInstanceOf(ApiError)
    expect(await balanceOf(db, vendor.wallets.main.id)).toBe(10_000)
    const written = await db.select().from(transactions).where(eq(transactions.reference, attempt.transaction.reference))
    expect(written).toHaveLength(0)
    await postTransfer(db, payOut(vendor, 10_000))
    expect(await balanceOf(db, vendor.wallets.main.id)).toBe(0)
    await expectLedgerConsistent(db, vendor.vendor.id)
  })

  it('refuses legs that do not sum to zero, fractions of kobo, and a repeated wallet', async () => {
    const db = await testDb()
    const vendor = await createVendor({ balance: 10_000 })
    const base = payOut(vendor, 100)
    const main = vendor.wallets.main.id
    const external = vendor.wallets.external.id
    await expect(
      postTransfer(db, {
        ...base,
        legs: [
          { walletId: main, amount: -100 },
          { walletId: external, amount: 99 },
        ],
      }),
    ).rejects.toThrow('Ledger legs must sum to zero, got -1')
    await expect(
      postTransfer(db, {
        ...base,
        legs: [
          { walletId: main, amount: -0.5 },
          { walletId: external, amount: 0.5 },
        ],
      }),
    ).rejects.toThrow('non-zero whole kobo')
    await expect(
      postTransfer(db, {
        ...base,
        legs: [
          { walletId: main, amount: -1 },
          { walletId: main, amount: 1 },
        ],
      }),
    ).rejects.toThrow('only one leg')
    await expect(postTransfer(db, { ...base, legs: [{ walletId: main, amount: 0 }] })).rejects.toThrow('two legs')
    expect(await balanceOf(db, main)).toBe(10_000)
  })

  it("cannot touch another vendor's wallet", async () => {
    const db = await testDb()
    const victim = await createVendor({ balance: 50_000 })
    const thief = await createVendor()
    await expect(
      postTransfer(db, {
        vendorId: thief.vendor.id,
        legs: [
          { walletId: victim.wallets.main.id, amount: -50_000 },
          { walletId: thief.wallets.main.id, amount: 50_000 },
        ],
        transaction: { walletId: thief.wallets.main.id, type: 'credit', status: 'success', amount: 50_000, reference: newReference() },
      }),
    ).rejects.toThrow('not this vendor')
    expect(await balanceOf(db, victim.wallets.main.id)).toBe(50_000)
  })

  it('concurrent debits never take a wallet below zero', async () => {
    const db = await testDb()
    const vendor = await createVendor({ balance: 100_00 })
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => postTransfer(db, payOut(vendor, 30_00))))
    const succeeded = results.filter((result) => result.status === 'fulfilled')
    const refused = results.filter((result) => result.status === 'rejected')
    expect(succeeded).toHaveLength(3)
    for (const result of refused) expect((result as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' })
    expect(await balanceOf(db, vendor.wallets.main.id)).toBe(10_00)
    await expectLedgerConsistent(db, vendor.vendor.id)
  })

  it('the database itself refuses a negative main balance', async () => {
    const db = await testDb()
    const vendor = await createVendor()
    await expect(
      db
        .update(wallets)
        .set({ balance: -1 })
        .where(and(eq(wallets.vendorId, vendor.vendor.id), eq(wallets.id, vendor.wallets.main.id))),
    ).rejects.toThrow()
  })

  it('a run of credits and debits keeps every balance explained by its entries', async () => {
    const db = await testDb()
    const vendor = await createVendor()
    const originator = { accountName: 'Payer', bankName: 'GTBank', accountNumber: '0123456789' }
    for (const amount of [1_000_00, 250_50, 99]) await creditFromBank(db, { vendorId: vendor.vendor.id, amount, originator })
    await postTransfer(db, payOut(vendor, 500_00))
    await postTransfer(db, {
      vendorId: vendor.vendor.id,
      legs: [
        { walletId: vendor.wallets.main.id, amount: -(200_00 + 10_75) },
        { walletId: vendor.wallets.external.id, amount: 200_00 },
        { walletId: vendor.wallets.fees.id, amount: 10_75 },
      ],
      transaction: {
        walletId: vendor.wallets.main.id,
        type: 'debit',
        status: 'success',
        amount: 200_00,
        fee: 10_75,
        reference: newReference('OUT'),
      },
    })
    const { walletRows } = await expectLedgerConsistent(db, vendor.vendor.id)
    const balance = (kind: string) => walletRows.find((wallet) => wallet.kind === kind)!.balance
    expect(balance('main')).toBe(1_000_00 + 250_50 + 99 - 500_00 - 200_00 - 10_75)
    expect(balance('fees')).toBe(10_75)
    expect(balance('main') + balance('external') + balance('fees')).toBe(0)
  })
})

describe('NUBAN', () => {
  it('computes the CBN check digit', () => {
    // Worked example from the CBN NUBAN specification: bank 011, serial 000001457 → 0000014579.
    expect(nubanCheckDigit('011', '000001457')).toBe(9)
    expect(isValidNuban('011', '0000014579')).toBe(true)
    expect(isValidNuban('011', '0000014573')).toBe(false)
    expect(isValidNuban('011', '000001457')).toBe(false)
  })

  it('hands out valid virtual account numbers', () => {
    for (let i = 0; i < 50; i++) expect(isValidNuban('101', randomNuban())).toBe(true)
  })
})
