import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { transactions } from '#server/db/schema'

import { makeApp } from '../harness'
import { balances, enquiry, expectLedgerConsistent, send, sender } from './helpers'

/* The double-spend test: many sends at once against a balance that covers only some of them. */

describe('200 concurrent sends against a balance that covers exactly 10', () => {
  it('exactly 10 succeed, the rest are refused for funds, and the ledger explains every kobo', async () => {
    const t = await makeApp()
    // ₦1,000 + ₦10 fee each; the wallet holds exactly ten of them.
    const amount = 1_000_00
    const s = await sender(t, { balance: 10 * (amount + 10_00) })
    const requestIds = await Promise.all(Array.from({ length: 200 }, () => enquiry(t, s)))
    const results = await Promise.all(requestIds.map((requestId) => send(t, s.token, { amount, requestId })))

    const succeeded = results.filter((res) => res.status === 201)
    const refused = results.filter((res) => res.status !== 201)
    expect(succeeded).toHaveLength(10)
    for (const res of succeeded) expect(res.body.data.status).toBe('success')
    expect(refused).toHaveLength(190)
    for (const res of refused) expect(res.body).toEqual({ message: 'Insufficient balance', code: 'INSUFFICIENT_FUNDS' })

    expect(await balances(t.db, s.vendor.id)).toMatchObject({ main: 0, fees: 10 * 10_00 })
    const debits = await t.db.select().from(transactions).where(eq(transactions.vendorId, s.vendor.id))
    expect(debits.filter((row) => row.type === 'debit')).toHaveLength(10)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })
})
