import { randomUUID } from 'node:crypto'

import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { transactions } from '#server/db/schema'
import { SANDBOX_SERIALS } from '#server/money/sandbox-bank'
import { refundAccounts } from '#server/orders/refund-accounts'

import { call, type TestApp, unchecked } from '../harness'
import { balances, expectLedgerConsistent, PIN } from '../money/helpers'
import { NAIRA, order, orderData, pay, type Payer, payer, salesApp, type Shop, shop } from './helpers'

/*
 * Who a refund pays: an account that paid the order, newest payer first, never more than that account paid less
 * what already went back to it (docs/decisions/034). Several accounts may pay one order; without the cap, 1 kobo
 * paid towards someone else's order let a refund send its payer the whole order.
 */

let t: TestApp
beforeAll(async () => {
  t = await salesApp()
})

const FEE = 10 * NAIRA

function refund(s: Shop, body: Record<string, unknown>) {
  return call(t.app, endpoints.refundOrder, {
    token: s.token,
    headers: { 'idempotency-key': randomUUID() },
    body: unchecked({ status: 'refunded', pin: PIN, ...body }),
  })
}

/** What the refund debits sent to each account, success and pending alike (failed ones came back). */
async function sentTo(s: Shop, reference: string): Promise<Record<string, number>> {
  const debits = await t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.vendorId, s.vendor.id), eq(transactions.orderReference, reference), eq(transactions.type, 'debit')))
  const sent: Record<string, number> = {}
  for (const debit of debits) {
    if (debit.status === 'failed') continue
    sent[debit.beneficiaryAccountNumber!] = (sent[debit.beneficiaryAccountNumber!] ?? 0) + debit.amount
  }
  return sent
}

/** A ₦2,000 custom order paid by each [payer, amount] in turn, a second apart. */
async function paidBy(s: Shop, payments: [Payer, number][]) {
  const data = await order(t, s.token, { items: [{ name: 'Tray', amount: 2_000 * NAIRA, quantity: 1 }] })
  for (const [from, amount] of payments) {
    await pay(t, s, data.reference, amount, from)
    t.clock.advance(1_000)
  }
  return data.reference as string
}

describe('a refund goes back only to an account that paid, at most what it paid', () => {
  it('1 kobo paid on top of a customer’s payment cannot draw the whole order to the second payer', async () => {
    const s = await shop(t, { balance: 1_000 * NAIRA })
    const customer = payer({ name: 'Real Customer' })
    const topUp = payer({ name: 'Someone Else' })
    const reference = await paidBy(s, [
      [customer, 2_000 * NAIRA],
      [topUp, 1],
    ])
    const before = await balances(t.db, s.vendor.id)
    // What the app sends for FULL (the whole amount paid) is refused: it is more than the newest payer paid.
    const all = await refund(s, { reference, amount: 2_000 * NAIRA + 1 })
    expect(all.status).toBe(422)
    expect(all.body.message).toBe(
      'amount: must not exceed ₦0.01: a refund goes back to one account, at most what it paid, and Someone Else’s account is next; refund the rest in another refund',
    )
    expect(await balances(t.db, s.vendor.id)).toEqual(before)
    expect(await sentTo(s, reference)).toEqual({})
    expect(await orderData(t, s.token, reference)).toMatchObject({ status: 'overpayment', refundableAmount: 1, canRefund: true })

    // FULL without an amount: what the next account may get, then the one before it.
    // The first is partial, so the order stays an overpayment; the last returns everything, so it is refunded (089).
    expect((await refund(s, { reference })).body.data).toMatchObject({
      status: 'overpayment',
      amountRefunded: 1,
      refundableAmount: 2_000 * NAIRA,
    })
    const last = await refund(s, { reference })
    expect(last.body.data).toMatchObject({ status: 'refunded', amountRefunded: 2_000 * NAIRA + 1, refundableAmount: 0, canRefund: false })
    expect(await sentTo(s, reference)).toEqual({ [topUp.accountNumber]: 1, [customer.accountNumber]: 2_000 * NAIRA })
    expect((await balances(t.db, s.vendor.id)).main).toBe(before.main - 2_000 * NAIRA - 1 - 2 * FEE)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('instalments from one account add up; a second account is refunded after the newest one, each up to its share', async () => {
    const s = await shop(t, { balance: 1_000 * NAIRA })
    const mum = payer({ name: 'Mum', bankCode: '058' })
    const son = payer({ name: 'Son', bankCode: '033' })
    const reference = await paidBy(s, [
      [son, 500 * NAIRA],
      [mum, 1_000 * NAIRA],
      [son, 500 * NAIRA],
    ])
    // The son paid last: his ₦1,000 in all goes first, in parts if the vendor likes.
    expect((await orderData(t, s.token, reference)).refundableAmount).toBe(1_000 * NAIRA)
    expect((await refund(s, { reference, amount: 400 * NAIRA })).body.data.refundableAmount).toBe(600 * NAIRA)
    expect((await refund(s, { reference, amount: 601 * NAIRA })).status).toBe(422)
    expect((await refund(s, { reference, amount: 600 * NAIRA })).body.data.refundableAmount).toBe(1_000 * NAIRA)
    expect((await refund(s, { reference, amount: 1_000 * NAIRA })).body.data).toMatchObject({
      refundableAmount: 0,
      amountRefunded: 2_000 * NAIRA,
    })
    expect(await sentTo(s, reference)).toEqual({ [son.accountNumber]: 1_000 * NAIRA, [mum.accountNumber]: 1_000 * NAIRA })
  })

  it('a refund the bank declined gives its account’s share back', async () => {
    const s = await shop(t, { balance: 1_000 * NAIRA })
    const dormant = payer({ name: 'Dormant', serial: SANDBOX_SERIALS.transferFails })
    const first = payer({ name: 'First' })
    const reference = await paidBy(s, [
      [first, 1_000 * NAIRA],
      [dormant, 1_000 * NAIRA],
    ])
    const declined = await refund(s, { reference })
    // Half of what was paid: a partial refund, so its failure leaves the order paid (decision 089).
    expect(declined.body.data).toMatchObject({ status: 'paid', refundableAmount: 1_000 * NAIRA, refunds: [{ status: 'failed' }] })
    // Still the dormant account's turn: it has its whole share left.
    const again = await refund(s, { reference, amount: 1_000 * NAIRA })
    expect(again.body.data.refunds.map((r: { status: string }) => r.status)).toEqual(['failed', 'failed'])
    expect(await sentTo(s, reference)).toEqual({})
  })

  it('two refunds at once each take their own account’s share, never the same one twice', async () => {
    const s = await shop(t, { balance: 1_000 * NAIRA })
    const a = payer({ name: 'A' })
    const b = payer({ name: 'B' })
    const reference = await paidBy(s, [
      [a, 1_000 * NAIRA],
      [b, 1_000 * NAIRA],
    ])
    const results = await Promise.all([refund(s, { reference, amount: 1_000 * NAIRA }), refund(s, { reference, amount: 1_000 * NAIRA })])
    // The second waits for the first's outcome (one refund with the bank at a time) or, once it is settled, goes
    // to the account before.
    for (const res of results) expect([200, 409], JSON.stringify(res.body)).toContain(res.status)
    const sent = await sentTo(s, reference)
    expect(sent[a.accountNumber] ?? 0).toBeLessThanOrEqual(1_000 * NAIRA)
    expect(sent[b.accountNumber]).toBe(1_000 * NAIRA)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('a payment arriving after the confirm step: the refund is refused rather than sent to an account nobody confirmed', async () => {
    const s = await shop(t, { balance: 1_000 * NAIRA })
    const customer = payer({ name: 'Real Customer' })
    const reference = await paidBy(s, [[customer, 2_000 * NAIRA]])
    // What the confirm step showed, then 1 kobo from someone else before the PIN was entered.
    const { refundAccount } = await orderData(t, s.token, reference)
    expect(refundAccount!.accountNumber).toBe(customer.accountNumber)
    await pay(t, s, reference, 1, payer({ name: 'Someone Else' }))
    const before = await balances(t.db, s.vendor.id)

    const moved = await refund(s, {
      reference,
      amount: 1,
      refundAccount: { accountNumber: refundAccount!.accountNumber, bankName: refundAccount!.bankName },
    })
    expect(moved.status).toBe(409)
    expect(moved.body.code).toBe('REFUND_ACCOUNT_CHANGED')
    expect(moved.body.message).toMatch(/^This refund would now go to Someone Else \(/)
    expect(await sentTo(s, reference)).toEqual({})
    expect(await balances(t.db, s.vendor.id)).toEqual(before)

    // Confirming the account it now goes to sends it there.
    const next = (await orderData(t, s.token, reference)).refundAccount
    const ok = await refund(s, { reference, amount: 1, refundAccount: { accountNumber: next!.accountNumber, bankName: next!.bankName } })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(await sentTo(s, reference)).toEqual({ [next!.accountNumber]: 1 })
  })
})

describe('refundAccounts', () => {
  const payment = (accountNumber: string, bankName: string, amount: number) => ({
    amount,
    originatorAccountNumber: accountNumber,
    originatorBankName: bankName,
    originatorAccountName: accountNumber,
  })

  it('an account is its number at its bank (the same ten digits at two banks are two accounts); newest payer first', () => {
    const accounts = refundAccounts(
      [payment('0123456789', 'Access Bank', 100), payment('0123456789', 'Zenith Bank', 200), payment('0123456789', ' access bank ', 50)],
      [
        { amount: 30, status: 'success', accountNumber: '0123456789', bankName: 'Access Bank' },
        { amount: 70, status: 'failed', accountNumber: '0123456789', bankName: 'Access Bank' },
        { amount: 20, status: 'pending', accountNumber: '0123456789', bankName: 'Zenith Bank' },
      ],
    )
    expect(accounts.map((account) => [account.bankName, account.paid, account.remaining])).toEqual([
      ['Access Bank', 150, 120],
      ['Zenith Bank', 200, 180],
    ])
  })

  it('a payment naming its bank as people do (GTBank) and the refund sent to its registered name are one account', () => {
    // The notice's bank name is the sender bank's own wording; a refund's debit records the bank it was sent to by
    // the name in our list. Compared as strings, the refund would not count against the account, and the next
    // refund would pay the same payer again.
    const accounts = refundAccounts(
      [payment('0123456789', 'Access Bank', 100), payment('0123456789', 'GTBank', 200)],
      [{ amount: 200, status: 'success', accountNumber: '0123456789', bankName: 'Guaranty Trust Bank' }],
    )
    expect(accounts.map((account) => [account.bankName, account.paid, account.remaining])).toEqual([
      ['GTBank', 200, 0],
      ['Access Bank', 100, 100],
    ])
  })
})
