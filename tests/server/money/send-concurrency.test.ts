import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { hashPin } from '#server/auth/pin-hash'
import { transactions, users } from '#server/db/schema'

import { createMember, makeApp } from '../harness'
import { balances, enquiry, expectLedgerConsistent, PIN, send, sender, tokenFor } from './helpers'

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

/*
 * Issue 20's load: 200 sends at once by 7 users of one vendor, each checking a PIN. With scrypt PINs (234 ms of CPU
 * each, one user's checks one at a time) the last answer took about two minutes; under the keyed HMAC (decision 097)
 * the goal is every answer within 10 s on PGlite and 5 s on PostgreSQL. Time is not asserted (the suite shares the
 * machine; figures belong to the bench): the test holds the exactness, and prints the time it took.
 */
describe('200 concurrent sends by 7 users, each with a PIN', () => {
  it('each is answered, and exactly 10 succeed', async () => {
    const t = await makeApp()
    const amount = 1_000_00
    const s = await sender(t, { balance: 10 * (amount + 10_00) })
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(s, { permissions: ['VENDOR_TRANSFERS'] })))
    const pinHash = hashPin(PIN)
    await t.db
      .update(users)
      .set({ pinHash })
      .where(inArray(users.id, [s.owner.id, ...members.map((member) => member.id)]))
    const people = [
      { owner: s.owner, token: await tokenFor(t, { ...s.owner.row, pinHash }) },
      ...(await Promise.all(members.map(async (member) => ({ owner: member, token: await tokenFor(t, { ...member.row, pinHash }) })))),
    ]
    const planned = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const who = people[i % people.length]!
        return { token: who.token, requestId: await enquiry(t, { ...s, owner: who.owner }) }
      }),
    )

    const started = performance.now()
    const results = await Promise.all(planned.map(({ token, requestId }) => send(t, token, { amount, requestId })))
    const seconds = (performance.now() - started) / 1000
    console.info(
      `[send-concurrency] 200 sends by 7 users answered in ${seconds.toFixed(2)} s (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    )

    expect(results.filter((res) => res.status === 201)).toHaveLength(10)
    expect(results.filter((res) => res.status === 422 && res.body.code === 'INSUFFICIENT_FUNDS')).toHaveLength(190)
    expect(await balances(t.db, s.vendor.id)).toMatchObject({ main: 0, fees: 10 * 10_00 })
    await expectLedgerConsistent(t.db, s.vendor.id)
  })
})
