import { beforeAll, describe, expect, it } from 'vitest'

import { chargeFor } from '#contract/charges'
import { MINUTE_MS } from '#server/clock'
import { vendorSendLimits } from '#server/db/schema'

import { makeApp, type TestApp } from '../harness'
import { account, balances, enquiry, expectLedgerConsistent, pinAttempts, send, sender } from './helpers'
import { batchOf, batchTransfers, confirm, review, rowsOf, rowWorker } from './payout-batch-helpers'

/*
 * Payouts in bulk (issue 42, decision 192): a review that resolves every name and prices every row, one PIN for the
 * batch, then each row sent once by its own job through the single send's debit.
 */

let t: TestApp
beforeAll(async () => {
  t = await makeApp()
})

const feeOf = (amount: number) => chargeFor(amount).fee

describe('POST /transfer/batches (the review)', () => {
  it('resolves each name, prices each row, refuses the rows the bank cannot name, and moves nothing', async () => {
    const s = await sender(t, { balance: 100_000_00 })
    const rows = [
      ...rowsOf(2),
      { accountNumber: account('058', '999999999'), bankCode: '058', amount: 2_000_00 },
      // The check digit is wrong: never asked of the bank.
      { accountNumber: '0123456780', bankCode: '058', amount: 3_000_00 },
    ]
    const res = await review(t, s.token, rows)
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('2 of 4 rows ready to send. 2 cannot be sent.')
    const batch = res.body.data
    expect(batch).toMatchObject({
      status: 'review',
      total: rows[0]!.amount + rows[1]!.amount,
      totalFee: feeOf(rows[0]!.amount) + feeOf(rows[1]!.amount),
      rowCount: 4,
      refusedCount: 2,
      confirmedAt: null,
    })
    expect(batch.rows.map((row) => row.status)).toEqual(['ready', 'ready', 'refused', 'refused'])
    expect(batch.rows[0]).toMatchObject({
      position: 1,
      bankName: 'Guaranty Trust Bank',
      narration: 'Row 1',
      fee: feeOf(rows[0]!.amount),
      transactionId: null,
    })
    expect(batch.rows[0]!.accountName).toEqual(expect.any(String))
    expect(batch.rows[2]!.reason).toMatch(/^Could not resolve account/)
    expect(batch.rows[3]!.reason).toBe('The account number is not a valid Guaranty Trust Bank account number')
    expect((await balances(t.db, s.vendor.id)).main).toBe(100_000_00)
  })

  it('refuses an empty list, a bad row naming its field, and another vendor’s batch is not found', async () => {
    const s = await sender(t)
    expect((await review(t, s.token, [])).status).toBe(422)
    const bad = await review(t, s.token, [{ accountNumber: '12', bankCode: '058', amount: 0 }])
    expect(bad.status).toBe(422)
    expect(bad.body.issues?.map((issue: { path: string }) => issue.path)).toEqual(['rows.0.accountNumber', 'rows.0.amount'])
    const mine = await review(t, s.token, rowsOf(1))
    const other = await sender(t)
    expect((await batchOf(t, other.token, mine.body.data.id)).status).toBe(404)
    expect((await confirm(t, other.token, mine.body.data.id)).status).toBe(404)
  })
})

describe('POST /transfer/batches/confirm', () => {
  it('a wrong PIN refuses the whole batch and moves nothing; the right one sends each row, a failing account failing its row only', async () => {
    const s = await sender(t, { balance: 100_000_00 })
    const rows = rowsOf(10, (position) => (position === 4 ? '111111111' : String(200_000_000 + position)))
    const batch = (await review(t, s.token, rows)).body.data

    const wrong = await confirm(t, s.token, batch.id, '0000')
    expect(wrong.status).toBe(422)
    expect(wrong.body.code).toBe('INVALID_PIN')
    expect((await batchOf(t, s.token, batch.id)).body.data.status).toBe('review')
    expect(await rowWorker(t).runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 })
    expect((await balances(t.db, s.vendor.id)).main).toBe(100_000_00)

    const res = await confirm(t, s.token, batch.id)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Batch confirmed: each payment is being sent')
    expect(res.body.data.status).toBe('confirmed')
    expect(res.body.data.rows.every((row) => row.status === 'pending')).toBe(true)
    expect(await rowWorker(t).runDueJobs()).toEqual({ done: 10, retried: 0, failed: 0 })

    const after = (await batchOf(t, s.token, batch.id)).body.data
    expect(after.rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'failed', 'sent', 'sent', 'sent', 'sent', 'sent', 'sent'])
    expect(after.rows[3]!.reason).toBe('Beneficiary account is dormant')
    expect(after.rows.every((row) => row.transactionId)).toBe(true)
    const paid = rows.filter((_, index) => index !== 3).reduce((sum, row) => sum + row.amount + feeOf(row.amount), 0)
    expect((await balances(t.db, s.vendor.id)).main).toBe(100_000_00 - paid)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('confirming again, by a replay or a new key, queues nothing twice', async () => {
    const s = await sender(t, { balance: 100_000_00 })
    const rows = rowsOf(3)
    const batch = (await review(t, s.token, rows)).body.data
    const first = await confirm(t, s.token, batch.id, undefined, 'confirm-key-1')
    expect((await confirm(t, s.token, batch.id, undefined, 'confirm-key-1')).body).toEqual(first.body)
    expect((await confirm(t, s.token, batch.id)).status).toBe(200)
    expect(await rowWorker(t).runDueJobs()).toEqual({ done: 3, retried: 0, failed: 0 })
    expect((await confirm(t, s.token, batch.id)).body.data.rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent'])
    expect(await rowWorker(t).runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 })
    expect(await batchTransfers(t, batch.id)).toHaveLength(3)
    const paid = rows.reduce((sum, row) => sum + row.amount + feeOf(row.amount), 0)
    expect((await balances(t.db, s.vendor.id)).main).toBe(100_000_00 - paid)
  })

  it('checks the limits and the balance for the batch’s total before the PIN', async () => {
    const s = await sender(t, { balance: 5_000_00 })
    const rows = rowsOf(5)
    const batch = (await review(t, s.token, rows)).body.data
    const broke = await confirm(t, s.token, batch.id, '0000')
    expect(broke.status).toBe(422)
    expect(broke.body).toEqual({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance' })

    const rich = await sender(t, { balance: 1_000_000_00 })
    await t.db.insert(vendorSendLimits).values({ vendorId: rich.vendor.id, perTransfer: 1_000_02, daily: 2_000_00 })
    const overDaily = await confirm(t, rich.token, (await review(t, rich.token, rowsOf(2))).body.data.id, '0000')
    expect(overDaily.body).toMatchObject({ code: 'DAILY_LIMIT_EXCEEDED' })
    const overOne = await confirm(t, rich.token, (await review(t, rich.token, rowsOf(3))).body.data.id, '0000')
    expect(overOne.body).toEqual({
      code: 'TRANSFER_LIMIT_EXCEEDED',
      message: 'Your limit per transfer is ₦1,000.02. ₦2,000.00 of your ₦2,000.00 daily limit is left today.',
    })
    expect(await pinAttempts(t.db, s.owner.id)).toBe(0)
    expect(await pinAttempts(t.db, rich.owner.id)).toBe(0)
    expect((await balances(t.db, rich.vendor.id)).main).toBe(1_000_000_00)
  })

  it('a review left past its names’ lifetime must be made again; nothing to send is refused', async () => {
    const s = await sender(t, { balance: 100_000_00 })
    const batch = (await review(t, s.token, rowsOf(2))).body.data
    t.clock.advance(11 * MINUTE_MS)
    expect((await confirm(t, s.token, batch.id)).body).toMatchObject({ code: 'BATCH_REVIEW_EXPIRED' })
    const none = (await review(t, s.token, [{ accountNumber: account('058', '999999999'), bankCode: '058', amount: 1_000_00 }])).body.data
    expect((await confirm(t, s.token, none.id)).body).toMatchObject({ code: 'BATCH_NOTHING_TO_SEND' })
    expect(await pinAttempts(t.db, s.owner.id)).toBe(0)
  })

  it('a row refused at its send (the balance spent meanwhile) fails that row only, with the reason', async () => {
    const s = await sender(t, { balance: 10_000_00 })
    const batch = (await review(t, s.token, rowsOf(3))).body.data
    expect((await confirm(t, s.token, batch.id)).status).toBe(200)
    // A single send spends the money one of the rows needed before the worker runs them.
    expect((await send(t, s.token, { amount: 7_000_00, requestId: await enquiry(t, s) })).status).toBe(201)
    expect((await rowWorker(t).runDueJobs()).done).toBe(3)
    const after = (await batchOf(t, s.token, batch.id)).body.data
    expect(after.rows.filter((row) => row.status === 'sent')).toHaveLength(2)
    expect(after.rows.filter((row) => row.status === 'failed')).toEqual([
      expect.objectContaining({ reason: 'Insufficient balance', transactionId: null }),
    ])
    await expectLedgerConsistent(t.db, s.vendor.id)
  })
})
