import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { createApp } from '#server/app'
import { hashPin } from '#server/auth/pin-hash'
import type { Database } from '#server/db/client'
import { sandboxBankTransfers } from '#server/db/platform-schema'
import { users, vendors } from '#server/db/schema'
import { resolveDeps } from '#server/deps'
import { appJobWorker } from '#server/jobs/app-jobs'
import { createVendorAccount } from '#server/money/accounts'
import { receiveInboundNotice } from '#server/money/inbound-notice'
import { newSessionId } from '#server/money/ledger'
import { lagosDayRange, reconcileDay } from '#server/money/reconcile'
import { formatReconciliation } from '#server/money/reconcile-report'
import { SANDBOX_SERIALS } from '#server/money/sandbox-bank'
import { signWebhookBody } from '#server/money/webhook-signature'
import { DevNotifier } from '#server/notifier'

import { conforming } from '../conformance'
import { call, type TestApp, TestClock, type TestVendor, uniqueEmail } from '../harness'
import { enquiry, send, tokenFor } from './helpers'
import { type OwnDatabase, ownDatabase } from './reconcile-db'

/* Reconciliation (issue 36, decision 146): the ledger's Lagos day against the sandbox bank's own records. */

const SECRET = 'reconcile-webhook-secret'
const run = promisify(execFile)
let own: OwnDatabase
let database: Database
let t: TestApp

async function openApp(clock = new TestClock(Date.parse('2026-12-04T08:00:00Z'))) {
  database = await own.open()
  const deps = resolveDeps({ db: database.db, notifier: new DevNotifier(() => {}), clock, webhookSecret: SECRET, checkResponses: true })
  t = {
    app: conforming(createApp(deps)),
    db: database.db,
    notifier: deps.notifier as DevNotifier,
    rateLimiter: deps.rateLimiter as never,
    clock,
    deps,
  }
}

beforeAll(async () => {
  own = await ownDatabase(`reconcile_${process.pid}`)
  await openApp()
}, 60_000)
afterAll(async () => {
  await database?.close()
  await own?.drop()
})

/** A vendor whose owner has PIN 1234 and may send to anyone. */
async function vendor(name: string): Promise<TestVendor & { account: string }> {
  const password = `pw-${randomUUID()}`
  const made = await createVendorAccount(t.db, {
    name,
    email: uniqueEmail('rec'),
    phone: '08030000000',
    ownerName: 'Owner Person',
    password,
    status: 'approved',
  })
  const [owner] = await t.db
    .update(users)
    .set({ pinHash: hashPin('1234') })
    .where(eq(users.id, made.owner.id))
    .returning()
  await t.db.update(vendors).set({ thirdPartyTransfers: true }).where(eq(vendors.id, made.vendor.id))
  const owned = { id: owner!.id, vendorId: made.vendor.id, email: owner!.email!, password, row: owner! }
  return { vendor: made.vendor, owner: owned, wallets: made.wallets, account: made.wallets.main.accountNumber! }
}

/** Money in the way the sandbox sends it: a signed notice, which the sandbox's own records keep first. */
async function credit(accountNumber: string, amount: number) {
  const body = {
    accountNumber,
    amount,
    providerReference: `PRV-${randomUUID()}`,
    sessionId: newSessionId(),
    originatorAccountName: 'Chioma Okeke',
    originatorBankName: 'Access Bank',
    originatorAccountNumber: '1111111111',
  }
  const raw = JSON.stringify(body)
  const answer = await call(t.app, endpoints.bankInbound, {
    headers: { 'x-provider-signature': signWebhookBody(raw, SECRET) },
    rawBody: raw,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return body
}

async function sendTo(sender: Awaited<ReturnType<typeof vendor>>, amount: number, serial?: string) {
  // A session of its own: the clock jumps days between sends, past a session's idle time.
  const answer = await send(t, await tokenFor(t, sender.owner.row), { amount, requestId: await enquiry(t, sender, { serial }) })
  expect([200, 201], JSON.stringify(answer.body)).toContain(answer.status)
  return answer.body.data as { reference: string; status: string }
}

const at = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now().getTime())

describe('reconcileDay', () => {
  it('a Lagos day is 00:00–24:00 WAT, and only a real day is taken', () => {
    expect(lagosDayRange('2026-12-04')).toEqual({ from: new Date('2026-12-03T23:00:00Z'), to: new Date('2026-12-04T23:00:00Z') })
    for (const bad of ['2026-02-30', '04-12-2026', '2026-12-4', '']) expect(() => lagosDayRange(bad)).toThrow(/YYYY-MM-DD/)
  })

  it('a day whose ledger and bank agree: every line matched per vendor, the wallets equal the balance less fees', async () => {
    at('2026-12-04T08:00:00Z')
    const ada = await vendor('Ada Foods')
    const bola = await vendor('Bola Stores')
    await credit(ada.account, 50_000_00)
    await credit(bola.account, 20_000_00)
    const sent = await sendTo(ada, 10_000_00)
    const failed = await sendTo(bola, 5_000_00, SANDBOX_SERIALS.transferFails)
    expect([sent.status, failed.status]).toEqual(['success', 'failed'])

    const result = await reconcileDay(t.deps, '2026-12-04')
    const report = formatReconciliation(result)
    expect(result.ok, report).toBe(true)
    const adaDay = result.vendors.find((entry) => entry.vendorId === ada.vendor.id)!
    expect(adaDay.matched.map((line) => [line.kind, line.amount])).toEqual([
      ['credit', 50_000_00],
      ['transfer', 10_000_00],
    ])
    // A transfer the bank failed moved no money on either side: it matches as failed.
    expect(result.vendors.find((entry) => entry.vendorId === bola.vendor.id)!.matched.map((line) => [line.kind, line.status])).toEqual([
      ['credit', 'success'],
      ['transfer', 'failed'],
    ])
    expect(result.balance.walletsTotal).toBe(result.balance.providerBalance - result.balance.feesKept)
    expect(result.balance.feesKept).toBeGreaterThan(0)
    expect(report).toContain('Ada Foods')
    expect(report).toContain('Reconciled: everything matches.')
  })

  it('a transfer at 23:30 WAT is of that day, one at 00:30 WAT of the next', async () => {
    const sender = await vendor('Late Night Traders')
    at('2026-12-05T12:00:00Z')
    await credit(sender.account, 30_000_00)
    at('2026-12-05T22:30:00Z') // 23:30 WAT on the 5th
    const late = await sendTo(sender, 1_000_00)
    at('2026-12-05T23:30:00Z') // 00:30 WAT on the 6th, the same UTC date
    const early = await sendTo(sender, 2_000_00)
    const fifth = await reconcileDay(t.deps, '2026-12-05')
    const sixth = await reconcileDay(t.deps, '2026-12-06')
    expect([fifth.ok, sixth.ok]).toEqual([true, true])
    const referencesOf = (day: typeof fifth) =>
      day.vendors.find((entry) => entry.vendorId === sender.vendor.id)!.matched.map((line) => line.reference)
    expect(referencesOf(fifth)).toContain(late.reference)
    expect(referencesOf(fifth)).not.toContain(early.reference)
    expect(referencesOf(sixth)).toEqual([early.reference])
  })

  it("a transfer the bank stamped just past midnight is of our row's day, reported once", async () => {
    const sender = await vendor('Midnight Foods')
    at('2026-12-09T12:00:00Z')
    await credit(sender.account, 30_000_00)
    at('2026-12-09T22:59:59Z') // 23:59:59 WAT on the 9th
    const sent = await sendTo(sender, 1_500_00)
    await t.db
      .update(sandboxBankTransfers)
      .set({ createdAt: new Date('2026-12-09T23:00:02Z') })
      .where(eq(sandboxBankTransfers.reference, sent.reference))
    const [ninth, tenth] = [await reconcileDay(t.deps, '2026-12-09'), await reconcileDay(t.deps, '2026-12-10')]
    expect([ninth.ok, tenth.ok]).toEqual([true, true])
    const ours = ninth.vendors.find((entry) => entry.vendorId === sender.vendor.id)!
    expect(ours.matched.map((line) => line.reference)).toContain(sent.reference)
    expect(tenth.vendors.find((entry) => entry.vendorId === sender.vendor.id)).toBeUndefined()
  })

  it('an amount the bank has otherwise is named, and fails the day until it agrees again', async () => {
    at('2026-12-07T10:00:00Z')
    const sender = await vendor('Chika Wholesale')
    await credit(sender.account, 40_000_00)
    const sent = await sendTo(sender, 7_500_00)
    await t.db.update(sandboxBankTransfers).set({ amount: 7_000_00 }).where(eq(sandboxBankTransfers.reference, sent.reference))
    const planted = await reconcileDay(t.deps, '2026-12-07')
    expect(planted.ok).toBe(false)
    expect(planted.vendors.find((entry) => entry.vendorId === sender.vendor.id)!.differing).toEqual([
      expect.objectContaining({ kind: 'transfer', reference: sent.reference, what: 'amount', ledger: '750000', provider: '700000' }),
    ])
    expect(formatReconciliation(planted)).toContain(`${sent.reference}  amount differs: ledger ₦7,500.00, provider ₦7,000.00`)
    expect(planted.balance.ok).toBe(false)
    await t.db.update(sandboxBankTransfers).set({ amount: 7_500_00 }).where(eq(sandboxBankTransfers.reference, sent.reference))
    expect((await reconcileDay(t.deps, '2026-12-07')).ok).toBe(true)
  })

  it('npm run reconcile exits 0 on a day that matches, and non-zero naming a ledger credit the bank never recorded', async () => {
    at('2026-12-08T09:00:00Z')
    const payee = await vendor('Dayo Market')
    await credit(payee.account, 12_000_00)
    const cli = async () => {
      await database.close()
      try {
        const env = { ...process.env, ...own.env }
        return await run('npx', ['tsx', 'scripts/reconcile.ts', '--date', '2026-12-08'], { env }).then(
          ({ stdout }) => ({ code: 0, stdout }),
          (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
        )
      } finally {
        await openApp(t.clock)
      }
    }
    const clean = await cli()
    expect(clean.code, clean.stdout).toBe(0)
    expect(clean.stdout).toContain('Dayo Market')

    // The ledger is told of money the bank's records do not have (a forged or misrouted notice).
    const forged = {
      ...(await credit(payee.account, 1)),
      providerReference: `PRV-${randomUUID()}`,
      sessionId: newSessionId(),
      amount: 9_999_00,
    }
    await receiveInboundNotice(t.deps, forged)
    const planted = await cli()
    expect(planted.code, planted.stdout).toBe(1)
    expect(planted.stdout).toMatch(new RegExp(`Only in the ledger \\(1\\):\\n.*${forged.providerReference}  ₦9,999.00`))
    expect(planted.stdout).toContain('NOT reconciled')
  }, 60_000)

  it("a payment into an order's own account is the vendor's credit: matched, not an account difference", async () => {
    at('2026-12-13T10:00:00Z')
    const shop = await vendor('Zobo House')
    const made = await call(t.app, endpoints.createShareableOrder, {
      token: await tokenFor(t, shop.owner.row),
      headers: { 'Idempotency-Key': randomUUID() },
      body: { items: [{ name: 'Zobo (1 litre)', amount: 2_500_00, quantity: 2 }], customer: { name: 'Ada Obi' } },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const own = made.body.data.payAccount!.accountNumber as string
    expect(own).not.toBe(shop.account)
    await credit(own, 5_000_00)
    const day = await reconcileDay(t.deps, '2026-12-13')
    const ours = day.vendors.find((entry) => entry.vendorId === shop.vendor.id)!
    expect(ours.differing).toEqual([])
    expect(ours.matched.map((line) => [line.kind, line.amount])).toEqual([['credit', 5_000_00]])
  })

  it('the daily job reconciles yesterday at 06:00 Lagos: the report in the log, an error line when a day differs', async () => {
    at('2026-12-11T10:00:00Z')
    const sender = await vendor('Emeka Provisions')
    await credit(sender.account, 20_000_00)
    const sent = await sendTo(sender, 3_000_00)
    await t.db.update(sandboxBankTransfers).set({ amount: 2_000_00 }).where(eq(sandboxBankTransfers.reference, sent.reference))
    const lines: { level: string; text: string }[] = []
    const log =
      (level: string) =>
      (...args: unknown[]) =>
        lines.push({ level, text: args.join(' ') })
    const logger = { info: log('info'), warn: log('warn'), error: log('error') }
    const worker = appJobWorker({ ...t.deps, logger }, { intervalMs: 3_600_000 })
    at('2026-12-12T04:59:00Z') // 05:59 WAT: the period of the 11th's 06:00, which checks the 10th
    await worker.runDueJobs()
    expect(lines.filter((line) => line.text.includes('reconciliation of')).map((line) => line.text.split(':')[1])).toEqual([
      expect.stringContaining('2026-12-10'),
    ])
    at('2026-12-12T05:00:30Z') // 06:00:30 WAT on the 12th: the 11th is reconciled
    await worker.runDueJobs()
    const report = lines.find((line) => line.text.includes('reconciliation of 2026-12-11'))
    expect(report?.level).toBe('error')
    expect(report?.text).toContain(`${sent.reference}  amount differs: ledger ₦3,000.00, provider ₦2,000.00`)
    await worker.runDueJobs() // once a day, however often the worker passes
    expect(lines.filter((line) => line.text.includes('reconciliation of 2026-12-11'))).toHaveLength(1)
  })
})
