import { randomUUID } from 'node:crypto'

import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import type { Permission } from '#contract/permissions'
import { hashSecret } from '#server/auth/secrets'
import { transactions, users } from '#server/db/schema'
import { outletMembers } from '#server/db/team-schema'
import { PIN_MAX_ATTEMPTS } from '#server/money/pin'

import { call, createMember, type TestApp, unchecked } from '../harness'
import { NAIRA, order, orderData, pay, salesApp, type Shop, shop } from '../orders/helpers'
import { creditOutlet, fund, makeOutlet, toMain, walletBalances } from '../outlets/helpers'
import { enquiry, expectLedgerConsistent, PIN, pinAttempts, send, tokenFor } from './helpers'

/*
 * Decision 086: outlet transfers (both ways) and refunds move money out of a wallet, so they take the caller's
 * transaction PIN with Send Money's lockout (one counter per user, shared by every call that checks it), and a
 * refund needs VENDOR_REFUNDS, which VENDOR_ORDERS does not imply.
 */

let t: TestApp
beforeAll(async () => {
  t = await salesApp()
})

const WRONG = '9999'

/** A shop with ₦50,000 in main and an outlet holding ₦20,000 of its own (a bank credit, not a transfer). */
async function shopWithOutlet() {
  const s = await shop(t, { balance: 50_000 * NAIRA })
  const outlet = await makeOutlet(t, s.token, { name: 'Lekki' })
  await creditOutlet(t, outlet, 20_000 * NAIRA)
  return { s, outlet }
}

const debitsOf = (vendorId: string) =>
  t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.vendorId, vendorId), eq(transactions.type, 'debit')))

/** A member of the shop with these permissions and their own PIN. */
async function member(s: Shop, permissions: Permission[], pin: string) {
  const m = await createMember(s, { permissions })
  await t.db
    .update(users)
    .set({ pinHash: await hashSecret(pin) })
    .where(eq(users.id, m.id))
  return { id: m.id, token: await tokenFor(t, m.row) }
}

function refund(token: string, body: Record<string, unknown>) {
  return call(t.app, endpoints.refundOrder, {
    token,
    headers: { 'idempotency-key': randomUUID() },
    body: unchecked({ status: 'refunded', ...body }),
  })
}

/** A ₦2,000 order paid in full by a bank transfer. */
async function paidOrder(s: Shop) {
  const data = await order(t, s.token, { items: [{ variantId: s.small.id, quantity: 2 }] })
  await pay(t, s, data.reference, 2_000 * NAIRA)
  return data.reference as string
}

describe('outlet transfers take the caller’s PIN', () => {
  it.each([
    ['to the outlet', fund],
    ['to the main wallet', toMain],
  ] as const)('%s: missing or malformed PIN is 422 naming pin, a wrong one INVALID_PIN; nothing moves', async (_, move) => {
    const { s, outlet } = await shopWithOutlet()
    const before = await walletBalances(t, s.vendor.id)
    const body = { outletId: outlet.id, amount: 1_000 * NAIRA }

    for (const pin of [undefined, '', '12a4', '12345']) {
      const res = await move(t, s.token, { ...body, pin })
      expect(res.status, String(pin)).toBe(422)
      expect(res.body.issues!.map((issue: { path: string }) => issue.path)).toEqual(['pin'])
    }
    // Malformed PINs are refused by the contract and cost no try.
    expect(await pinAttempts(t.db, s.owner.id)).toBe(0)

    const wrong = await move(t, s.token, { ...body, pin: WRONG })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toMatchObject({ code: 'INVALID_PIN', message: 'Incorrect PIN. 4 attempts remaining.' })
    expect(await walletBalances(t, s.vendor.id)).toEqual(before)
    expect(await debitsOf(s.vendor.id)).toEqual([])

    // The right PIN moves the money, and resets the count.
    expect((await move(t, s.token, { ...body, pin: PIN })).status).toBe(201)
    expect(await pinAttempts(t.db, s.owner.id)).toBe(0)
    expect(await walletBalances(t, s.vendor.id)).not.toEqual(before)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it("is the caller's own PIN: a cashier cannot move an outlet's money with the owner's", async () => {
    const { s, outlet } = await shopWithOutlet()
    const cashier = await member(s, ['VENDOR_OUTLETS', 'VENDOR_ORDERS'], '4321')
    await t.db.insert(outletMembers).values({ vendorId: s.vendor.id, outletId: outlet.id, userId: cashier.id })
    const before = await walletBalances(t, s.vendor.id)

    const withOwners = await toMain(t, cashier.token, { outletId: outlet.id, amount: 500 * NAIRA, pin: PIN })
    expect(withOwners.body.code).toBe('INVALID_PIN')
    expect(await walletBalances(t, s.vendor.id)).toEqual(before)
    expect(await pinAttempts(t.db, cashier.id)).toBe(1)
    expect(await pinAttempts(t.db, s.owner.id)).toBe(0)

    const own = await toMain(t, cashier.token, { outletId: outlet.id, amount: 500 * NAIRA, pin: '4321' })
    expect(own.status, JSON.stringify(own.body)).toBe(201)
    expect(await walletBalances(t, s.vendor.id)).toMatchObject({
      main: before.main + 500 * NAIRA,
      outlets: { [outlet.id]: 20_000 * NAIRA - 500 * NAIRA },
    })
  })

  it('a member without a PIN is told to set one (409 PIN_NOT_SET), and nothing moves', async () => {
    const { s, outlet } = await shopWithOutlet()
    const m = await createMember(s, { permissions: ['VENDOR_OUTLETS', 'VENDOR_TEAM'] })
    const res = await toMain(t, await tokenFor(t, m.row), { outletId: outlet.id, amount: 100 * NAIRA, pin: PIN })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('PIN_NOT_SET')
    expect(await debitsOf(s.vendor.id)).toEqual([])
  })

  it('a wrong PIN leaves the key free: the same Idempotency-Key with the right PIN then moves the money once', async () => {
    const { s, outlet } = await shopWithOutlet()
    const key = randomUUID()
    expect((await fund(t, s.token, { outletId: outlet.id, amount: 700 * NAIRA, pin: WRONG }, key)).body.code).toBe('INVALID_PIN')
    const ok = await fund(t, s.token, { outletId: outlet.id, amount: 700 * NAIRA, pin: PIN }, key)
    expect(ok.status).toBe(201)
    expect((await fund(t, s.token, { outletId: outlet.id, amount: 700 * NAIRA, pin: PIN }, key)).body).toEqual(ok.body)
    expect((await walletBalances(t, s.vendor.id)).outlets[outlet.id]).toBe(20_700 * NAIRA)
  })

  it(`a burst of concurrent wrong PINs is evaluated at most ${PIN_MAX_ATTEMPTS} times, then even the right PIN is refused`, async () => {
    const { s, outlet } = await shopWithOutlet()
    const before = await walletBalances(t, s.vendor.id)
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? fund : toMain)(t, s.token, { outletId: outlet.id, amount: 100 * NAIRA, pin: String(1000 + i).padStart(4, '0') }),
      ),
    )
    const codes = burst.map((res) => res.body.code)
    expect(codes.filter((code) => code === 'INVALID_PIN')).toHaveLength(PIN_MAX_ATTEMPTS - 1)
    expect(codes.filter((code) => code === 'PIN_LOCKED')).toHaveLength(20 - (PIN_MAX_ATTEMPTS - 1))
    expect(await pinAttempts(t.db, s.owner.id)).toBe(PIN_MAX_ATTEMPTS)
    const right = await fund(t, s.token, { outletId: outlet.id, amount: 100 * NAIRA, pin: PIN })
    expect(right.status).toBe(403)
    expect(right.body.code).toBe('PIN_LOCKED')
    expect(await walletBalances(t, s.vendor.id)).toEqual(before)
  })
})

describe('refunds take VENDOR_REFUNDS and the refunding person’s PIN', () => {
  it('403 for a member with VENDOR_ORDERS but not VENDOR_REFUNDS; with it and their PIN the refund goes', async () => {
    const s = await shop(t, { balance: 1_000 * NAIRA })
    const reference = await paidOrder(s)
    const cashier = await member(s, ['VENDOR_ORDERS', 'VENDOR_OUTLETS'], '4321')
    const denied = await refund(cashier.token, { reference, pin: '4321' })
    expect(denied.status).toBe(403)
    expect((await orderData(t, s.token, reference)).status).toBe('paid')
    expect(await debitsOf(s.vendor.id)).toEqual([])

    const refunder = await member(s, ['VENDOR_ORDERS', 'VENDOR_REFUNDS'], '4321')
    const done = await refund(refunder.token, { reference, pin: '4321' })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.data.amountRefunded).toBe(2_000 * NAIRA)
  })

  it('without a PIN 422 naming pin, with a wrong one INVALID_PIN: the order and the wallet are untouched', async () => {
    const s = await shop(t, { balance: 1_000 * NAIRA })
    const reference = await paidOrder(s)
    const before = await walletBalances(t, s.vendor.id)
    const missing = await refund(s.token, { reference })
    expect(missing.status).toBe(422)
    expect(missing.body.issues!.map((issue: { path: string }) => issue.path)).toEqual(['pin'])
    const wrong = await refund(s.token, { reference, pin: WRONG })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toMatchObject({ code: 'INVALID_PIN', message: 'Incorrect PIN. 4 attempts remaining.' })
    expect(await orderData(t, s.token, reference)).toMatchObject({ status: 'paid', amountRefunded: 0 })
    expect(await walletBalances(t, s.vendor.id)).toEqual(before)
    expect(await debitsOf(s.vendor.id)).toEqual([])
  })

  it('the order says where the next refund goes, for the confirm step; nowhere once all is refunded', async () => {
    const s = await shop(t, { balance: 1_000 * NAIRA })
    const reference = await paidOrder(s)
    const paid = await orderData(t, s.token, reference)
    const [payment] = paid.payments
    expect(paid.refundAccount).toEqual({
      accountName: payment!.payerName,
      bankName: payment!.payerBankName,
      accountNumber: payment!.payerAccountNumber,
    })
    expect((await refund(s.token, { reference, pin: PIN })).status).toBe(200)
    expect((await orderData(t, s.token, reference)).refundAccount).toBeNull()
  })
})

describe('one PIN lockout across Send Money, outlet transfers and refunds', () => {
  it('2 wrong on a send and 3 wrong on an outlet transfer lock the PIN for a refund, even with the right PIN', async () => {
    const s = await shop(t, { balance: 50_000 * NAIRA })
    const outlet = await makeOutlet(t, s.token)
    const reference = await paidOrder(s)
    for (let i = 0; i < 2; i++) {
      const res = await send(t, s.token, { amount: 100 * NAIRA, requestId: await enquiry(t, s), pin: WRONG })
      expect(res.body.code).toBe('INVALID_PIN')
    }
    const answers = []
    for (let i = 0; i < 3; i++)
      answers.push((await fund(t, s.token, { outletId: outlet.id, amount: 100 * NAIRA, pin: WRONG })).body.message)
    expect(answers).toEqual([
      'Incorrect PIN. 2 attempts remaining.',
      'Incorrect PIN. 1 attempt remaining.',
      expect.stringMatching(/^Incorrect PIN\. Your PIN is locked/),
    ])
    const before = await walletBalances(t, s.vendor.id)
    const locked = await refund(s.token, { reference, pin: PIN })
    expect(locked.status).toBe(403)
    expect(locked.body.code).toBe('PIN_LOCKED')
    expect(await orderData(t, s.token, reference)).toMatchObject({ status: 'paid', amountRefunded: 0 })
    expect(await walletBalances(t, s.vendor.id)).toEqual(before)
    // And the other way round: Send Money is locked too.
    expect((await send(t, s.token, { amount: 100 * NAIRA, requestId: await enquiry(t, s) })).body.code).toBe('PIN_LOCKED')
  })

  it('a concurrent burst of wrong PINs spread over sends, outlet transfers and refunds is evaluated at most 5 times', async () => {
    const s = await shop(t, { balance: 50_000 * NAIRA })
    const outlet = await makeOutlet(t, s.token)
    const reference = await paidOrder(s)
    const before = await walletBalances(t, s.vendor.id)
    const requestIds = await Promise.all(Array.from({ length: 6 }, () => enquiry(t, s)))
    const burst = await Promise.all([
      ...requestIds.map((requestId) => send(t, s.token, { amount: 100 * NAIRA, requestId, pin: WRONG })),
      ...Array.from({ length: 6 }, () => fund(t, s.token, { outletId: outlet.id, amount: 100 * NAIRA, pin: WRONG })),
      ...Array.from({ length: 6 }, () => refund(s.token, { reference, pin: WRONG })),
    ])
    const codes = burst.map((res) => res.body.code)
    expect(codes.filter((code) => code === 'INVALID_PIN')).toHaveLength(PIN_MAX_ATTEMPTS - 1)
    expect(codes.filter((code) => code === 'PIN_LOCKED')).toHaveLength(18 - (PIN_MAX_ATTEMPTS - 1))
    expect(await pinAttempts(t.db, s.owner.id)).toBe(PIN_MAX_ATTEMPTS)
    expect(await walletBalances(t, s.vendor.id)).toEqual(before)
    expect(await orderData(t, s.token, reference)).toMatchObject({ status: 'paid', amountRefunded: 0 })
  })
})
