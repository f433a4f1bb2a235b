import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { isValidNuban } from '#contract/nuban'
import { jobs, sandboxVirtualAccounts } from '#server/db/platform-schema'
import { wallets } from '#server/db/schema'
import { appJobHandlers, JobWorker } from '#server/jobs'
import type { VirtualAccount, VirtualAccountRequest } from '#server/money/bank-provider'
import { SandboxBankingProvider } from '#server/money/sandbox-bank'
import { IN_REQUEST_GRACE_MS, virtualAccountJobKey } from '#server/money/virtual-accounts'
import { MemoryStorage } from '#server/storage'

import { call, captureLogger, makeApp, testDb } from '../harness'
import { type OnboardingApp, underReview } from '../onboarding/helpers'
import { makeOutlet, owner } from '../outlets/helpers'

/* Virtual accounts from the provider, through the job queue when it is down (decision 142). */

/** The sandbox behind a switch: down, it cannot be reached, as a provider in an outage. */
class SwitchedProvider {
  down = false
  /** Wallets it was asked for, and whether it answered. */
  readonly asked: { walletId: string; answered: boolean }[] = []
  constructor(private readonly sandbox: SandboxBankingProvider) {}
  async assignVirtualAccount(request: VirtualAccountRequest): Promise<VirtualAccount> {
    this.asked.push({ walletId: request.walletId, answered: !this.down })
    if (this.down) throw new Error('provider unreachable')
    return this.sandbox.assignVirtualAccount(request)
  }
  askedFor = (walletId: string) => this.asked.filter((a) => a.walletId === walletId)
}

const KEY = 'k'.repeat(64)
let t: OnboardingApp
let provider: SwitchedProvider
let worker: JobWorker
beforeAll(async () => {
  provider = new SwitchedProvider(new SandboxBankingProvider(await testDb()))
  const storage = new MemoryStorage()
  t = { ...(await makeApp({ storage, operatorKey: KEY, virtualAccounts: provider, logger: captureLogger() })), storage }
  // Only this kind, and every due one in a pass: on PostgreSQL the test database is shared, and every approval in
  // every test file leaves a job of this kind, due before ours (claims go by run_at).
  worker = new JobWorker({
    db: t.db,
    handlers: appJobHandlers(t.deps).only('assign-virtual-account'),
    clock: t.clock,
    logger: captureLogger(),
    batch: 100_000,
  })
})

const approve = (email: string) =>
  call(t.app, endpoints.operatorVendorStatus, { body: { email, status: 'approved' }, headers: { 'x-operator-key': KEY } })
const mainWallet = async (vendorId: string) =>
  (
    await t.db
      .select()
      .from(wallets)
      .where(and(eq(wallets.vendorId, vendorId), eq(wallets.kind, 'main')))
  )[0]!
const jobFor = async (walletId: string) =>
  (
    await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, virtualAccountJobKey(walletId)))
  )[0]

describe('a vendor approved while the provider is down', () => {
  it('shows no number ("being created"), the job retries with back-off, and the wallet gets one number, once', async () => {
    const r = await underReview(t)
    const wallet = await mainWallet(r.vendorId)
    expect(wallet.accountNumber).toBeNull()
    provider.down = true
    const approved = await approve(r.email)
    // The approval itself succeeds: the account is the queue's to get.
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect(provider.askedFor(wallet.id)).toEqual([{ walletId: wallet.id, answered: false }])
    const details = await call(t.app, endpoints.walletDetails, { token: r.token })
    expect(details.status).toBe(200)
    expect(details.body.data).toEqual({ bankName: '', accountNumber: null, accountName: wallet.accountName })

    // The job waits for the request's own try, then asks, and backs off while the provider is still down.
    expect((await jobFor(wallet.id))!.runAt.getTime()).toBe(t.clock.now().getTime() + IN_REQUEST_GRACE_MS)
    t.clock.advance(IN_REQUEST_GRACE_MS)
    await worker.runDueJobs()
    expect(await jobFor(wallet.id)).toMatchObject({ state: 'pending', attempts: 1, lastError: 'provider unreachable' })
    t.clock.advance(10_000)
    await worker.runDueJobs()
    expect(await jobFor(wallet.id)).toMatchObject({ state: 'pending', attempts: 2 })
    expect((await mainWallet(r.vendorId)).accountNumber).toBeNull()

    provider.down = false
    t.clock.advance(20_000)
    await worker.runDueJobs()
    expect(await jobFor(wallet.id)).toMatchObject({ state: 'done', attempts: 3 })
    const assigned = await mainWallet(r.vendorId)
    expect(isValidNuban('101', assigned.accountNumber!)).toBe(true)
    const shown = await call(t.app, endpoints.walletDetails, { token: r.token })
    expect(shown.body.data).toEqual({ bankName: 'Providus Bank', accountNumber: assigned.accountNumber, accountName: wallet.accountName })

    // Approved again, or the job enqueued again: the same one job, and the provider is not asked again.
    expect((await approve(r.email)).status).toBe(200)
    t.clock.advance(IN_REQUEST_GRACE_MS * 10)
    await worker.runDueJobs()
    expect(provider.askedFor(wallet.id).filter((a) => a.answered)).toHaveLength(1)
    expect(
      await t.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, virtualAccountJobKey(wallet.id))),
    ).toHaveLength(1)
    expect((await mainWallet(r.vendorId)).accountNumber).toBe(assigned.accountNumber)
  })

  it('with the provider up, the approval gives the number at once; the later job finds it there', async () => {
    provider.down = false
    const r = await underReview(t)
    expect((await approve(r.email)).status).toBe(200)
    const wallet = await mainWallet(r.vendorId)
    expect(isValidNuban('101', wallet.accountNumber!)).toBe(true)
    t.clock.advance(IN_REQUEST_GRACE_MS)
    await worker.runDueJobs()
    expect(await jobFor(wallet.id)).toMatchObject({ state: 'done', attempts: 1 })
    expect(provider.askedFor(wallet.id)).toHaveLength(1)
  })
})

describe('an outlet made while the provider is down', () => {
  it('lists and shows no number until the job gets it', async () => {
    provider.down = true
    const o = await owner(t)
    const outlet = await makeOutlet(t, o.token)
    expect(outlet.accountNumber).toBeNull()
    const details = await call(t.app, endpoints.outletWalletDetails, { token: o.token, query: { outletId: outlet.id } })
    expect(details.body.data.accountNumber).toBeNull()
    provider.down = false
    t.clock.advance(IN_REQUEST_GRACE_MS)
    await worker.runDueJobs()
    const listed = await call(t.app, endpoints.listOutlets, { token: o.token })
    const row = listed.body.data.items.find((x: { id: string }) => x.id === outlet.id)
    expect(isValidNuban('101', row!.accountNumber!)).toBe(true)
  })
})

describe('the sandbox provider', () => {
  it('answers the same number for the same wallet, from any process; another wallet gets another', async () => {
    const db = await testDb()
    const o = await owner(t)
    const request = { walletId: o.wallets.main.id, accountName: 'X', email: 'x@test.ng', phone: null, ownerName: 'X' }
    const a = await new SandboxBankingProvider(db).assignVirtualAccount(request)
    const b = await new SandboxBankingProvider(db).assignVirtualAccount(request)
    expect(b).toEqual(a)
    // Made approved on the sandbox (the seed, tests): that number is the wallet's.
    expect(a.accountNumber).toBe(o.wallets.main.accountNumber)
    const other = await new SandboxBankingProvider(db).assignVirtualAccount({ ...request, walletId: o.wallets.fees.id })
    expect(other.accountNumber).not.toBe(a.accountNumber)
    expect(await db.select().from(sandboxVirtualAccounts).where(eq(sandboxVirtualAccounts.walletId, o.wallets.main.id))).toHaveLength(1)
  })
})
