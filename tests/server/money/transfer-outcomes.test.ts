import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { ledgerEntries, transactions } from '#server/db/schema'
import type { BankingProvider, TransferRequest, TransferResult } from '#server/money/bank-provider'
import { newSessionId } from '#server/money/ledger'
import { SANDBOX_SERIALS, SandboxBankingProvider } from '#server/money/sandbox-bank'
import { debitForTransfer, RECOVER_AFTER_MS, recoverPendingTransfers } from '#server/money/transfers'

import { call, makeApp, type TestApp } from '../harness'
import { account, balances, enquiry, expectLedgerConsistent, send, sender } from './helpers'

/*
 * What happens after the debit: the bank says success, failed (the debit and fee come back), pending, nothing
 * in time, throws, or was never asked (a crash). Recovery settles every pending one either way, once.
 */

const NAIRA = 100
const START = 10_000 * NAIRA

/** The sandbox, with some methods replaced. */
function bankWith(overrides: Partial<BankingProvider>): BankingProvider {
  const sandbox = new SandboxBankingProvider()
  return {
    listBanks: () => sandbox.listBanks(),
    nameEnquiry: (number, code) => sandbox.nameEnquiry(number, code),
    transfer: (request) => sandbox.transfer(request),
    transferStatus: (reference) => sandbox.transferStatus(reference),
    assignVirtualAccount: (request) => sandbox.assignVirtualAccount(request),
    createPaymentAccount: (request) => sandbox.createPaymentAccount(request),
    records: (range) => sandbox.records(range),
    balance: () => sandbox.balance(),
    ...overrides,
  }
}

async function sendTo(t: TestApp, serial: string, amount = 1_000 * NAIRA) {
  const s = await sender(t, { balance: START })
  const res = await send(t, s.token, { amount, requestId: await enquiry(t, s, { serial }) })
  expect(res.status).toBe(201)
  return { s, res }
}

const detail = (t: TestApp, token: string, id: string) =>
  call(t.app, endpoints.transactionDetail, { token, query: { id } }).then((res) => res.body.data)

async function recoverLater(t: TestApp, vendorId: string) {
  t.clock.advance(RECOVER_AFTER_MS + 1)
  return recoverPendingTransfers(t.deps, { vendorId })
}

describe('the bank declines', () => {
  it('the transfer fails with the reason and the debit and fee are reversed in the ledger', async () => {
    const t = await makeApp()
    const { s, res } = await sendTo(t, SANDBOX_SERIALS.transferFails)
    expect(res.body.message).toBe('Transfer failed and your balance has been refunded')
    expect(res.body.data).toMatchObject({ status: 'failed', failureReason: 'Beneficiary account is dormant', fee: 10 * NAIRA })
    expect(await balances(t.db, s.vendor.id)).toMatchObject({ main: START, fees: 0 })
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.vendorId, s.vendor.id), eq(ledgerEntries.transactionId, res.body.data.id)))
    // Debit (main, external, fees) then its mirror image.
    expect(entries.map((entry) => entry.amount).sort((a, b) => a - b)).toEqual(
      [-101_000, -100_000, -1_000, 1_000, 100_000, 101_000].sort((a, b) => a - b),
    )
    await expectLedgerConsistent(t.db, s.vendor.id)
  })
})

describe('pending transfers and recovery', () => {
  it('pending stays debited until recovery hears success', async () => {
    const t = await makeApp()
    const { s, res } = await sendTo(t, SANDBOX_SERIALS.pendingThenSuccess)
    expect(res.body).toMatchObject({ message: 'Transfer is processing; its status will update shortly', data: { status: 'pending' } })
    expect((await balances(t.db, s.vendor.id)).main).toBe(START - 1_010 * NAIRA)
    // Too recent: the request that sent it may still be waiting for the bank.
    expect(await recoverPendingTransfers(t.deps, { vendorId: s.vendor.id })).toMatchObject({ checked: 0 })
    expect(await recoverLater(t, s.vendor.id)).toEqual({ checked: 1, succeeded: 1, failed: 0, stillPending: 0 })
    expect(await detail(t, s.token, res.body.data.id)).toMatchObject({ status: 'success', sessionId: res.body.data.sessionId })
    expect((await balances(t.db, s.vendor.id)).main).toBe(START - 1_010 * NAIRA)
    expect(await recoverLater(t, s.vendor.id)).toMatchObject({ checked: 0 })
  })

  it('pending then failed: recovery reverses the debit and the fee', async () => {
    const t = await makeApp()
    const { s, res } = await sendTo(t, SANDBOX_SERIALS.pendingThenFailed)
    expect(res.body.data.status).toBe('pending')
    expect(await recoverLater(t, s.vendor.id)).toMatchObject({ checked: 1, failed: 1 })
    expect(await detail(t, s.token, res.body.data.id)).toMatchObject({
      status: 'failed',
      failureReason: 'Beneficiary bank not available',
    })
    expect(await balances(t.db, s.vendor.id)).toMatchObject({ main: START, fees: 0 })
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('two recovery runs at once reverse a failure only once', async () => {
    const t = await makeApp()
    const { s } = await sendTo(t, SANDBOX_SERIALS.pendingThenFailed)
    t.clock.advance(RECOVER_AFTER_MS + 1)
    // Both runs must see "failed" (the sandbox answers a pending transfer's outcome once).
    const declined: TransferResult = { status: 'failed', sessionId: newSessionId(), failureReason: 'Declined' }
    const deps = { ...t.deps, banking: bankWith({ transferStatus: async () => declined }) }
    await Promise.all([recoverPendingTransfers(deps, { vendorId: s.vendor.id }), recoverPendingTransfers(deps, { vendorId: s.vendor.id })])
    expect(await balances(t.db, s.vendor.id)).toMatchObject({ main: START, fees: 0 })
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('a bank slower than the timeout: answered pending, and recovery finds it went through', async () => {
    const t = await makeApp({ transferTimeoutMs: 30 })
    const { s, res } = await sendTo(t, SANDBOX_SERIALS.timeout)
    expect(res.body.data.status).toBe('pending')
    expect(await recoverLater(t, s.vendor.id)).toMatchObject({ succeeded: 1 })
    expect((await detail(t, s.token, res.body.data.id)).status).toBe('success')
  })

  it('an answer that comes after the timeout settles the transfer when it arrives', async () => {
    let release: (result: TransferResult) => void = () => {}
    const t = await makeApp({
      transferTimeoutMs: 20,
      banking: bankWith({ transfer: () => new Promise((resolve) => (release = resolve)) }),
    })
    const { s, res } = await sendTo(t, '123456789')
    expect(res.body.data.status).toBe('pending')
    release({ status: 'failed', sessionId: newSessionId(), failureReason: 'Do not honour' })
    await expect.poll(async () => (await detail(t, s.token, res.body.data.id)).status).toBe('failed')
    expect((await balances(t.db, s.vendor.id)).main).toBe(START)
  })

  it('a bank call that throws leaves the transfer pending; recovery re-submits what the bank never got', async () => {
    const submitted: TransferRequest[] = []
    let down = true
    const sandbox = new SandboxBankingProvider()
    const t = await makeApp({
      banking: bankWith({
        transfer: async (request) => {
          submitted.push(request)
          if (down) throw new Error('ECONNRESET')
          return sandbox.transfer(request)
        },
        transferStatus: (reference) => sandbox.transferStatus(reference),
      }),
    })
    const { s, res } = await sendTo(t, '123456780')
    expect(res.body.data.status).toBe('pending')
    down = false
    expect(await recoverLater(t, s.vendor.id)).toMatchObject({ succeeded: 1 })
    // Re-submitted under the same reference, so a bank that did get the first call would not pay twice.
    expect(submitted.map((request) => request.reference)).toEqual([res.body.data.reference, res.body.data.reference])
    expect((await detail(t, s.token, res.body.data.id)).status).toBe('success')
  })

  it('a crash between the debit and the bank call is recovered: the bank is asked, then paid', async () => {
    const t = await makeApp()
    const s = await sender(t, { balance: START })
    const number = account('057', '246813579')
    const beneficiary = { accountNumber: number, bankCode: '057', bankName: 'Zenith Bank', accountName: 'Ngozi Kemi Eze' }
    const pending = await t.db.transaction((tx) =>
      debitForTransfer(tx, s.vendor.id, beneficiary, { amount: 2_000 * NAIRA, narration: null, at: t.clock.now() }),
    )
    expect(pending.status).toBe('pending')
    expect(await recoverLater(t, s.vendor.id)).toMatchObject({ checked: 1, succeeded: 1 })
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, pending.id))
    expect(row).toMatchObject({ status: 'success' })
    expect(row!.sessionId).toMatch(/^\d{30}$/)
    expect((await balances(t.db, s.vendor.id)).main).toBe(START - 2_010 * NAIRA)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('a transfer debit of nothing or less is refused (transfer_debit, and ledger_post behind it): no row, no money moved', async () => {
    const t = await makeApp()
    const s = await sender(t, { balance: START })
    const beneficiary = {
      accountNumber: account('057', '246813579'),
      bankCode: '057',
      bankName: 'Zenith Bank',
      accountName: 'Ngozi Kemi Eze',
    }
    const rows = () => t.db.select().from(transactions).where(eq(transactions.vendorId, s.vendor.id))
    const before = (await rows()).length
    for (const amount of [0, -100]) {
      await expect(
        t.db.transaction((tx) => debitForTransfer(tx, s.vendor.id, beneficiary, { amount, narration: null, at: t.clock.now() })),
      ).rejects.toThrow()
    }
    expect(await rows()).toHaveLength(before)
    expect((await balances(t.db, s.vendor.id)).main).toBe(START)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })
})
