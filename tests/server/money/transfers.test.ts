import { randomUUID } from 'node:crypto'

import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { hashSecret } from '#server/auth/secrets'
import { idempotencyKeys, transactions, users, vendors } from '#server/db/schema'

import { call, createMember, createVendor, makeApp, type TestApp, unchecked } from '../harness'
import { account, balances, enquiry, expectLedgerConsistent, PIN, pinAttempts, randomSerial, send, sender, tokenFor } from './helpers'

/* POST /transfer/send as a client sees it: the happy path, every refusal, and the Idempotency-Key contract. */

let t: TestApp
beforeAll(async () => {
  t = await makeApp()
})

const NAIRA = 100

describe('POST /transfer/send', () => {
  it('sends: 201 with the transaction, amount + fee leave the wallet, the fee lands in fees', async () => {
    const s = await sender(t, { balance: 100_000 * NAIRA })
    const number = account('058', randomSerial())
    const resolved = await call(t.app, endpoints.resolveAccount, {
      token: s.token,
      query: { accountNumber: number, bankCode: '058' },
    })
    expect(resolved.status).toBe(200)
    const res = await send(t, s.token, { amount: 10_000 * NAIRA, requestId: resolved.body.data.requestId, narration: 'Rice' })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('Transfer successful')
    expect(res.body.data).toMatchObject({
      status: 'success',
      type: 'debit',
      amount: 10_000 * NAIRA,
      fee: 25 * NAIRA,
      currency: 'NGN',
      narration: 'Rice',
      beneficiaryAccountNumber: number,
      beneficiaryAccountName: resolved.body.data.accountName,
      beneficiaryBankName: 'Guaranty Trust Bank',
      originatorAccountNumber: s.wallets.main.accountNumber,
      failureReason: null,
      isOffline: false,
      isPOSTransaction: false,
    })
    expect(res.body.data.sessionId).toMatch(/^\d{30}$/)
    expect(res.body.data.reference).toMatch(/^TRX-\d{8}-[0-9A-F]{10}$/)
    expect(await balances(t.db, s.vendor.id)).toMatchObject({ main: 89_975 * NAIRA, fees: 25 * NAIRA })
    const detail = await call(t.app, endpoints.transactionDetail, { token: s.token, query: { id: res.body.data.id } })
    expect(detail.body.data).toEqual(res.body.data)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('exactly ₦50,000 costs no fee (SPEC §9)', async () => {
    const s = await sender(t, { balance: 50_000 * NAIRA })
    const res = await send(t, s.token, { amount: 50_000 * NAIRA, requestId: await enquiry(t, s) })
    expect(res.body.data).toMatchObject({ status: 'success', fee: 0 })
    expect((await balances(t.db, s.vendor.id)).main).toBe(0)
  })

  it('422 INSUFFICIENT_FUNDS when amount + fee exceed the balance; nothing moves and the requestId stays usable', async () => {
    const s = await sender(t, { balance: 1_000 * NAIRA })
    const requestId = await enquiry(t, s)
    // ₦995 + ₦10 fee is ₦5 more than the balance.
    const refused = await send(t, s.token, { amount: 995 * NAIRA, requestId })
    expect(refused.status).toBe(422)
    expect(refused.body).toEqual({ message: 'Insufficient balance', code: 'INSUFFICIENT_FUNDS' })
    expect((await balances(t.db, s.vendor.id)).main).toBe(1_000 * NAIRA)
    const ok = await send(t, s.token, { amount: 990 * NAIRA, requestId })
    expect(ok.status).toBe(201)
    expect((await balances(t.db, s.vendor.id)).main).toBe(0)
  })

  it('a requestId is single-use, expires, and belongs to its vendor', async () => {
    const s = await sender(t, { balance: 10_000 * NAIRA })
    const requestId = await enquiry(t, s)
    expect((await send(t, s.token, { amount: 100 * NAIRA, requestId })).status).toBe(201)
    const again = await send(t, s.token, { amount: 100 * NAIRA, requestId })
    expect(again.status).toBe(422)
    expect(again.body).toMatchObject({
      code: 'INVALID_REQUEST_ID',
      message: 'requestId: has already been used; resolve the account again',
    })

    const stale = await enquiry(t, s, { expiresInMs: 1_000 })
    t.clock.advance(1_001)
    expect((await send(t, s.token, { amount: 100 * NAIRA, requestId: stale })).body.message).toBe(
      'requestId: has expired; resolve the account again',
    )

    const other = await sender(t, { balance: 10_000 * NAIRA })
    const theirs = await enquiry(t, other)
    expect((await send(t, s.token, { amount: 100 * NAIRA, requestId: theirs })).body.message).toBe(
      'requestId: is unknown; resolve the account again',
    )
  })

  it('422 naming the field for bad input, and never a 500', async () => {
    const s = await sender(t, { balance: 10_000 * NAIRA })
    const requestId = await enquiry(t, s)
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0, requestId }, 'amount: must be more than zero'],
      [{ amount: 1.5, requestId }, 'amount: must be a whole number of kobo'],
      [{ amount: '100', requestId }, 'amount: must be a number of kobo'],
      [{ amount: 100, requestId, pin: '12a4' }, 'pin: must be 4 digits'],
      [{ amount: 100, requestId, pin: '12345' }, 'pin: must be 4 digits'],
      [{ amount: 100 }, 'requestId: is required'],
      [{ amount: 100, requestId, narration: 'x'.repeat(101) }, 'narration: must be at most 100 characters'],
    ]
    const key = randomUUID()
    for (const [body, message] of cases) {
      const res = await call(t.app, endpoints.sendMoney, {
        token: s.token,
        headers: { 'idempotency-key': key },
        body: unchecked({ pin: PIN, ...body }),
      })
      expect(res.status, message).toBe(422)
      expect(res.body.message).toBe(message)
    }
    // Invalid input never claimed the key: the same key now sends.
    expect((await send(t, s.token, { amount: 100, requestId }, key)).status).toBe(201)
  })

  it('PIN: a wrong one says how many tries remain and moves nothing; five lock it', async () => {
    const s = await sender(t, { balance: 10_000 * NAIRA })
    const requestId = await enquiry(t, s)
    const messages: string[] = []
    for (let i = 0; i < 4; i++) {
      const res = await send(t, s.token, { amount: 100, requestId, pin: '9999' })
      expect(res.status).toBe(422)
      expect(res.body.code).toBe('INVALID_PIN')
      messages.push(res.body.message)
    }
    expect(messages).toEqual([
      'Incorrect PIN. 4 attempts remaining.',
      'Incorrect PIN. 3 attempts remaining.',
      'Incorrect PIN. 2 attempts remaining.',
      'Incorrect PIN. 1 attempt remaining.',
    ])
    const fifth = await send(t, s.token, { amount: 100, requestId, pin: '9999' })
    expect(fifth.status).toBe(403)
    expect(fifth.body).toEqual({
      code: 'PIN_LOCKED',
      message: 'Incorrect PIN. Your PIN is locked after 5 wrong attempts. Change it with your account password to unlock it.',
    })
    const right = await send(t, s.token, { amount: 100, requestId })
    expect(right.status).toBe(403)
    expect(right.body.code).toBe('PIN_LOCKED')
    expect((await balances(t.db, s.vendor.id)).main).toBe(10_000 * NAIRA)
  })

  it('a right PIN resets the count of wrong ones', async () => {
    const s = await sender(t, { balance: 10_000 * NAIRA })
    for (let i = 0; i < 3; i++) await send(t, s.token, { amount: 100, requestId: await enquiry(t, s), pin: '0000' })
    expect(await pinAttempts(t.db, s.owner.id)).toBe(3)
    expect((await send(t, s.token, { amount: 100, requestId: await enquiry(t, s) })).status).toBe(201)
    expect(await pinAttempts(t.db, s.owner.id)).toBe(0)
  })

  it('409 PIN_NOT_SET for a user without a PIN', async () => {
    const s = await sender(t, { balance: 10_000 * NAIRA, pin: null })
    const res = await send(t, s.token, { amount: 100, requestId: await enquiry(t, s) })
    expect(res.status).toBe(409)
    expect(res.body).toEqual({ code: 'PIN_NOT_SET', message: 'Set a transaction PIN first' })
  })

  it("each user signs with their own PIN: a member's PIN, not the owner's", async () => {
    const s = await sender(t, { balance: 10_000 * NAIRA })
    const member = await createMember(s, { permissions: ['VENDOR_TRANSFERS'] })
    const [row] = await t.db
      .update(users)
      .set({ pinHash: await hashSecret('4321') })
      .where(eq(users.id, member.id))
      .returning()
    const token = await tokenFor(t, row!)
    expect((await send(t, token, { amount: 100, requestId: await enquiry(t, s), pin: PIN })).body.code).toBe('INVALID_PIN')
    expect((await send(t, token, { amount: 100, requestId: await enquiry(t, s), pin: '4321' })).status).toBe(201)
  })

  it('with third-party transfers off, only the settlement account may receive', async () => {
    const s = await sender(t, { balance: 10_000 * NAIRA, thirdParty: false })
    const stranger = await send(t, s.token, { amount: 100, requestId: await enquiry(t, s) })
    expect(stranger.status).toBe(422)
    expect(stranger.body).toEqual({
      code: 'THIRD_PARTY_TRANSFERS_DISABLED',
      message:
        'Third-party transfers are turned off and you have no settlement account yet. Add one, or turn on third-party transfers, in Settings → Payout settings.',
    })
    const serial = randomSerial()
    const saved = await call(t.app, endpoints.setSettlementAccount, {
      token: s.token,
      body: { requestId: await enquiry(t, s, { bankCode: '044', serial, accountName: 'Owner Person' }), pin: PIN },
    })
    expect(saved.status).toBe(200)
    // Its cooling-off (settlement-safety.test.ts) is over.
    await t.db.update(vendors).set({ settlementUsableFrom: null }).where(eq(vendors.id, s.vendor.id))
    const again = await send(t, s.token, { amount: 100, requestId: await enquiry(t, s, { bankCode: '058', serial }) })
    expect(again.body.message).toBe(
      'Third-party transfers are turned off: you can only send money to your settlement account. Turn them on in Settings → Payout settings.',
    )
    const payout = await send(t, s.token, { amount: 100, requestId: await enquiry(t, s, { bankCode: '044', serial }) })
    expect(payout.status).toBe(201)
    expect(payout.body.data.beneficiaryAccountNumber).toBe(account('044', serial))
    // Refusals cost no PIN tries.
    expect(await pinAttempts(t.db, s.owner.id)).toBe(0)
  })
})

describe('Idempotency-Key', () => {
  it('a replay answers the first response (same status and body) and moves money once', async () => {
    const s = await sender(t, { balance: 10_000 * NAIRA })
    const body = { amount: 1_000 * NAIRA, requestId: await enquiry(t, s) }
    const key = randomUUID()
    const first = await send(t, s.token, body, key)
    const replay = await send(t, s.token, body, key)
    expect(first.status).toBe(201)
    expect(replay.status).toBe(201)
    expect(replay.body).toEqual(first.body)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    expect((await balances(t.db, s.vendor.id)).main).toBe(8_990 * NAIRA)
  })

  it('409 IDEMPOTENCY_MISMATCH when the key comes back with different parameters', async () => {
    const s = await sender(t, { balance: 10_000 * NAIRA })
    const requestId = await enquiry(t, s)
    const key = randomUUID()
    expect((await send(t, s.token, { amount: 100, requestId }, key)).status).toBe(201)
    const res = await send(t, s.token, { amount: 200, requestId }, key)
    expect(res.status).toBe(409)
    expect(res.body).toEqual({
      code: 'IDEMPOTENCY_MISMATCH',
      message: 'This Idempotency-Key was already used for a different request; use a new key for a new request',
    })
  })

  it('a key whose stored answer has expired still cannot make a second transfer', async () => {
    const s = await sender(t, { balance: 10_000 * NAIRA })
    const key = randomUUID()
    expect((await send(t, s.token, { amount: 100, requestId: await enquiry(t, s) }, key)).status).toBe(201)
    await t.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key))
    const res = await send(t, s.token, { amount: 100, requestId: await enquiry(t, s) }, key)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect((await balances(t.db, s.vendor.id)).main).toBe(10_000 * NAIRA - 100 - 10_00)
  })

  it('400 for a malformed key', async () => {
    const s = await sender(t, { balance: 10_000 * NAIRA })
    for (const key of ['has space', 'x'.repeat(101), 'ünïcode']) {
      const res = await send(t, s.token, { amount: 100, requestId: await enquiry(t, s) }, key)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('IDEMPOTENCY_KEY_INVALID')
    }
  })

  it('a refused request (wrong PIN) frees the key: the same key with the right PIN sends', async () => {
    const s = await sender(t, { balance: 10_000 * NAIRA })
    const requestId = await enquiry(t, s)
    const key = randomUUID()
    expect((await send(t, s.token, { amount: 100, requestId, pin: '0000' }, key)).status).toBe(422)
    const right = await send(t, s.token, { amount: 100, requestId }, key)
    expect(right.status).toBe(201)
    expect((await send(t, s.token, { amount: 100, requestId }, key)).body).toEqual(right.body)
  })

  it('keys are scoped per vendor', async () => {
    const a = await sender(t, { balance: 10_000 * NAIRA })
    const b = await sender(t, { balance: 10_000 * NAIRA })
    const key = randomUUID()
    const ra = await send(t, a.token, { amount: 100, requestId: await enquiry(t, a) }, key)
    const rb = await send(t, b.token, { amount: 100, requestId: await enquiry(t, b) }, key)
    expect([ra.status, rb.status]).toEqual([201, 201])
    expect(rb.body.data.id).not.toBe(ra.body.data.id)
  })

  it('20 concurrent requests with one key make one transfer', async () => {
    const s = await sender(t, { balance: 10_000 * NAIRA })
    const body = { amount: 1_000 * NAIRA, requestId: await enquiry(t, s) }
    const key = randomUUID()
    const results = await Promise.all(Array.from({ length: 20 }, () => send(t, s.token, body, key)))
    const created = results.filter((res) => res.status === 201)
    const busy = results.filter((res) => res.status === 409)
    expect(created.length + busy.length).toBe(20)
    expect(created.length).toBeGreaterThanOrEqual(1)
    for (const res of busy) expect(res.body.code).toBe('IDEMPOTENCY_IN_PROGRESS')
    expect(new Set(created.map((res) => res.body.data.id)).size).toBe(1)
    const rows = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.vendorId, s.vendor.id), eq(transactions.idempotencyKey, key)))
    expect(rows).toHaveLength(1)
    expect((await balances(t.db, s.vendor.id)).main).toBe(8_990 * NAIRA)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })
})

describe('who may send', () => {
  it('a member without VENDOR_TRANSFERS gets 403 and nothing moves', async () => {
    const owner = await createVendor({ balance: 10_000 * NAIRA })
    const member = await createMember(owner, { permissions: ['VENDOR_TRANSACTIONS', 'VENDOR_WALLET'] })
    const token = await tokenFor(t, member.row)
    const res = await send(t, token, { amount: 100, requestId: await enquiry(t, owner) })
    expect(res.status).toBe(403)
    expect((await balances(t.db, owner.vendor.id)).main).toBe(10_000 * NAIRA)
  })
})
