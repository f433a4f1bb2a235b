import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'

import { nubanFor } from '#contract/nuban'
import { sandboxBankTransfers } from '#server/db/platform-schema'
import type { TransferRequest } from '#server/money/bank-provider'
import { SANDBOX_FAILURE_REASON, SANDBOX_PENDING_FAILURE_REASON, SANDBOX_SERIALS, SandboxBankingProvider } from '#server/money/sandbox-bank'
import { RECOVER_AFTER_MS, recoverPendingTransfers } from '#server/money/transfers'

import { makeApp, testDb } from '../harness'
import { balances, enquiry, send, sender } from './helpers'

/*
 * The sandbox bank given the database (decision 103): one bank for every API process and across restarts, so
 * process B's recovery finds what process A submitted. Each "process" here is a provider (or an app) of its own.
 */

const request = (serial: string): TransferRequest => ({
  amount: 1_000_00,
  accountNumber: nubanFor('058', serial),
  bankCode: '058',
  accountName: 'Ada Obi',
  reference: `TRF-test-${randomUUID()}`,
  narration: null,
})

async function twoBanks() {
  const db = await testDb()
  return [new SandboxBankingProvider(db), new SandboxBankingProvider(db)] as const
}

describe('the sandbox bank on the database', () => {
  it('another process, or this one after a restart, knows a transfer; not_found only for one never made', async () => {
    const [a, b] = await twoBanks()
    const sent = request('123456789')
    const answer = await a.transfer(sent)
    expect(answer).toEqual({ status: 'success', sessionId: expect.stringMatching(/^\d{30}$/) })
    expect(await b.transferStatus(sent.reference)).toEqual(answer)
    const restarted = new SandboxBankingProvider(await testDb())
    expect(await restarted.transferStatus(sent.reference)).toEqual(answer)
    expect(await b.transferStatus(`TRF-test-${randomUUID()}`)).toEqual({ status: 'not_found' })
  })

  it('deduplicates on the reference across processes, also when both submit at once', async () => {
    const [a, b] = await twoBanks()
    const sent = request('123456780')
    const first = await a.transfer(sent)
    expect(await b.transfer({ ...sent, amount: 5 })).toEqual(first)
    const together = request('123456781')
    const [one, two] = await Promise.all([a.transfer(together), b.transfer(together)])
    expect(one).toEqual(two)
    const rows = await (await testDb()).select().from(sandboxBankTransfers).where(eq(sandboxBankTransfers.reference, together.reference))
    expect(rows).toHaveLength(1)
  })

  it('a failing account fails with its reason, the same for every process', async () => {
    const [a, b] = await twoBanks()
    const sent = request(SANDBOX_SERIALS.transferFails)
    const answer = await a.transfer(sent)
    expect(answer).toEqual({ status: 'failed', sessionId: expect.any(String), failureReason: SANDBOX_FAILURE_REASON })
    expect(await b.transferStatus(sent.reference)).toEqual(answer)
  })

  it('pending then success: submitting again keeps it pending; the first status query settles it for everyone', async () => {
    const [a, b] = await twoBanks()
    const sent = request(SANDBOX_SERIALS.pendingThenSuccess)
    const pending = await a.transfer(sent)
    expect(pending).toEqual({ status: 'pending', sessionId: expect.any(String) })
    expect(await b.transfer(sent)).toEqual(pending)
    const success = { status: 'success', sessionId: pending.sessionId }
    expect(await b.transferStatus(sent.reference)).toEqual(success)
    expect(await a.transferStatus(sent.reference)).toEqual(success)
    expect(await a.transfer(sent)).toEqual(success)
  })

  it('two processes asking about one pending transfer at once both see its one outcome', async () => {
    const [a, b] = await twoBanks()
    for (const [serial, outcome] of [
      [SANDBOX_SERIALS.pendingThenSuccess, { status: 'success' }],
      [SANDBOX_SERIALS.pendingThenFailed, { status: 'failed', failureReason: SANDBOX_PENDING_FAILURE_REASON }],
    ] as const) {
      const sent = request(serial)
      const { sessionId } = await a.transfer(sent)
      const answers = await Promise.all([a, b, a, b].map((bank) => bank.transferStatus(sent.reference)))
      for (const answer of answers) expect(answer, serial).toEqual({ ...outcome, sessionId })
    }
  })

  it('without a database it remembers in memory, as the seed and some tests use it', async () => {
    const memory = new SandboxBankingProvider()
    const sent = request(SANDBOX_SERIALS.pendingThenFailed)
    const pending = await memory.transfer(sent)
    expect(await memory.transferStatus(sent.reference)).toEqual({
      status: 'failed',
      sessionId: pending.sessionId,
      failureReason: SANDBOX_PENDING_FAILURE_REASON,
    })
    expect(await new SandboxBankingProvider().transferStatus(sent.reference)).toEqual({ status: 'not_found' })
  })
})

describe('recovery in another process', () => {
  it("settles what process A sent from B's bank without submitting it again", async () => {
    const a = await makeApp()
    const b = await makeApp()
    expect(b.deps.banking).not.toBe(a.deps.banking)
    const s = await sender(a, { balance: 10_000_00 })
    const res = await send(a, s.token, { amount: 1_000_00, requestId: await enquiry(a, s, { serial: SANDBOX_SERIALS.pendingThenSuccess }) })
    expect(res.body.data.status).toBe('pending')

    const resubmit = vi.spyOn(b.deps.banking, 'transfer')
    b.clock.advance(RECOVER_AFTER_MS + 60_000)
    expect(await recoverPendingTransfers(b.deps, { vendorId: s.vendor.id })).toEqual({
      checked: 1,
      succeeded: 1,
      failed: 0,
      stillPending: 0,
    })
    expect(resubmit).not.toHaveBeenCalled()
    expect((await balances(a.db, s.vendor.id)).main).toBe(10_000_00 - 1_000_00 - 10_00)
  })
})
