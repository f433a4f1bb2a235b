import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { hashPin } from '#server/auth/pin-hash'
import { HOUR_MS } from '#server/clock'
import { transactions, users, vendorSendLimits } from '#server/db/schema'

import { call, createMember, makeApp, type TestApp } from '../harness'
import { balances, enquiry, expectLedgerConsistent, PIN, pinAttempts, send, type Sender, sender, tokenFor } from './helpers'

/*
 * Send Money's limits (decision 144): per transfer and per Lagos day, per vendor, enforced by send_debit under the
 * vendor's limits row lock, so concurrent sends cannot pass them; the owner sets them with the PIN; lowering applies
 * at once, raising after the cooling-off period.
 */

let t: TestApp
beforeAll(async () => {
  t = await makeApp({ sessionIdleMs: 29 * 24 * HOUR_MS })
})

const limits = (token: string) => call(t.app, endpoints.sendLimits, { token })
const setLimits = (token: string, body: BodyInput<typeof endpoints.setSendLimits>) => call(t.app, endpoints.setSendLimits, { token, body })

async function withLimits(s: Sender, perTransfer: number, daily: number) {
  await t.db.insert(vendorSendLimits).values({ vendorId: s.vendor.id, perTransfer, daily })
}

describe('GET /vendor/send-limits', () => {
  it('defaults to ₦5,000,000 per transfer and ₦20,000,000 a day, and counts what was sent today', async () => {
    const s = await sender(t, { balance: 100_000_00 })
    expect((await limits(s.token)).body.data).toEqual({
      perTransfer: 5_000_000_00,
      daily: 20_000_000_00,
      sentToday: 0,
      leftToday: 20_000_000_00,
      pendingRaise: null,
    })
    expect((await send(t, s.token, { amount: 30_000_00, requestId: await enquiry(t, s) })).status).toBe(201)
    expect((await limits(s.token)).body.data).toMatchObject({ sentToday: 30_000_00, leftToday: 20_000_000_00 - 30_000_00 })
  })
})

describe('POST /transfer/send against the limits', () => {
  it('above the per-transfer limit: 422 saying the limit and what is left today, before the PIN', async () => {
    const s = await sender(t, { balance: 1_000_000_00 })
    await withLimits(s, 100_000_00, 250_000_00)
    expect((await send(t, s.token, { amount: 60_000_00, requestId: await enquiry(t, s) })).status).toBe(201)
    const res = await send(t, s.token, { amount: 100_000_01, requestId: await enquiry(t, s), pin: '0000' })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      code: 'TRANSFER_LIMIT_EXCEEDED',
      message: 'Your limit per transfer is ₦100,000.00. ₦190,000.00 of your ₦250,000.00 daily limit is left today.',
    })
    expect(await pinAttempts(t.db, s.owner.id)).toBe(0)
    expect((await send(t, s.token, { amount: 100_000_00, requestId: await enquiry(t, s) })).status).toBe(201)
  })

  it("the daily limit counts the Lagos day, a member's sends too; failed sends give their room back", async () => {
    const s = await sender(t, { balance: 1_000_000_00 })
    await withLimits(s, 100_000_00, 150_000_00)
    const member = await createMember(s, { permissions: ['VENDOR_TRANSFERS'] })
    const [row] = await t.db
      .update(users)
      .set({ pinHash: hashPin(PIN) })
      .where(eq(users.id, member.id))
      .returning()
    const memberToken = await tokenFor(t, row!)
    expect((await send(t, memberToken, { amount: 100_000_00, requestId: await enquiry(t, { ...s, owner: member }) })).status).toBe(201)
    // A transfer the bank fails is reversed: it does not count.
    const failed = await send(t, s.token, { amount: 40_000_00, requestId: await enquiry(t, s, { serial: '111111111' }) })
    expect(failed.body.data.status).toBe('failed')

    const res = await send(t, s.token, { amount: 50_000_01, requestId: await enquiry(t, s) })
    expect(res.status).toBe(422)
    expect(res.body).toEqual({
      code: 'DAILY_LIMIT_EXCEEDED',
      message: 'This would pass your daily limit of ₦150,000.00: ₦50,000.00 is left today.',
    })
    expect((await send(t, s.token, { amount: 50_000_00, requestId: await enquiry(t, s) })).status).toBe(201)
    expect((await limits(s.token)).body.data).toMatchObject({ sentToday: 150_000_00, leftToday: 0 })

    // The next Lagos day starts at 23:00 UTC.
    const now = t.clock.now()
    const lagosMidnight = Math.floor((now.getTime() + HOUR_MS) / (24 * HOUR_MS) + 1) * 24 * HOUR_MS - HOUR_MS
    t.clock.advance(lagosMidnight - now.getTime() - 1)
    expect((await send(t, s.token, { amount: 1_00, requestId: await enquiry(t, s) })).body.code).toBe('DAILY_LIMIT_EXCEEDED')
    t.clock.advance(1)
    expect((await send(t, s.token, { amount: 100_000_00, requestId: await enquiry(t, s) })).status).toBe(201)
  })

  it('200 concurrent sends against a daily limit of 10 of them: exactly 10 succeed, balance exact to the kobo', async () => {
    const amount = 1_000_00
    const balance = 1_000_000_00
    const s = await sender(t, { balance })
    await withLimits(s, amount, 10 * amount)
    const requestIds = await Promise.all(Array.from({ length: 200 }, () => enquiry(t, s)))
    const results = await Promise.all(requestIds.map((requestId) => send(t, s.token, { amount, requestId })))
    const succeeded = results.filter((res) => res.status === 201)
    expect(succeeded).toHaveLength(10)
    const refused = results.filter((res) => res.status !== 201)
    expect(refused).toHaveLength(190)
    for (const res of refused) expect(res.body.code).toBe('DAILY_LIMIT_EXCEEDED')
    expect(await balances(t.db, s.vendor.id)).toMatchObject({ main: balance - 10 * (amount + 10_00), fees: 10 * 10_00 })
    const debits = await t.db.select().from(transactions).where(eq(transactions.vendorId, s.vendor.id))
    expect(debits.filter((r) => r.type === 'debit')).toHaveLength(10)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })
})

describe('PUT /vendor/send-limits', () => {
  it('owner only, with the PIN; per-transfer above daily is refused naming the field', async () => {
    const s = await sender(t)
    const member = await createMember(s, { permissions: ['VENDOR_TRANSFERS', 'VENDOR_SETTINGS'] })
    const [row] = await t.db
      .update(users)
      .set({ pinHash: hashPin(PIN) })
      .where(eq(users.id, member.id))
      .returning()
    const byMember = await setLimits(await tokenFor(t, row!), { perTransfer: 1_000_00, daily: 2_000_00, pin: PIN })
    expect(byMember.status).toBe(403)
    expect(byMember.body.code).toBe('OWNER_ONLY')
    const wrong = await setLimits(s.token, { perTransfer: 1_000_00, daily: 2_000_00, pin: '0000' })
    expect(wrong.body.code).toBe('INVALID_PIN')
    const above = await setLimits(s.token, { perTransfer: 3_000_00, daily: 2_000_00, pin: PIN })
    expect(above.status).toBe(422)
    expect(above.body.message).toBe('perTransfer: must not be more than the daily limit')
    expect((await limits(s.token)).body.data.perTransfer).toBe(5_000_000_00)
  })

  it('lowering applies at once; raising waits for the cooling-off period', async () => {
    const s = await sender(t, { balance: 1_000_000_00 })
    const lowered = await setLimits(s.token, { perTransfer: 50_000_00, daily: 100_000_00, pin: PIN })
    expect(lowered.status).toBe(200)
    expect(lowered.body.data).toMatchObject({ perTransfer: 50_000_00, daily: 100_000_00, pendingRaise: null })
    expect((await send(t, s.token, { amount: 50_000_01, requestId: await enquiry(t, s) })).body.code).toBe('TRANSFER_LIMIT_EXCEEDED')

    const raised = await setLimits(s.token, { perTransfer: 80_000_00, daily: 100_000_00, pin: PIN })
    const from = new Date(t.clock.now().getTime() + 24 * HOUR_MS).toISOString()
    expect(raised.body.message).toBe('Limits saved: the higher limits apply after the waiting period')
    expect(raised.body.data).toMatchObject({
      perTransfer: 50_000_00,
      daily: 100_000_00,
      pendingRaise: { perTransfer: 80_000_00, daily: 100_000_00, from },
    })
    expect((await send(t, s.token, { amount: 80_000_00, requestId: await enquiry(t, s) })).body.code).toBe('TRANSFER_LIMIT_EXCEEDED')
    // Saving the same raise again does not restart its wait.
    t.clock.advance(HOUR_MS)
    expect((await setLimits(s.token, { perTransfer: 80_000_00, daily: 100_000_00, pin: PIN })).body.data.pendingRaise!.from).toBe(from)
    t.clock.advance(23 * HOUR_MS)
    expect((await limits(s.token)).body.data).toMatchObject({ perTransfer: 80_000_00, pendingRaise: null })
    expect((await send(t, s.token, { amount: 80_000_00, requestId: await enquiry(t, s) })).status).toBe(201)
  })
})
