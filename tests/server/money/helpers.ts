import { randomBytes, randomUUID } from 'node:crypto'

import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm'
import { expect } from 'vitest'

import { endpoints } from '#contract/index'
import { nubanFor } from '#contract/nuban'
import type { NetFigures } from '#contract/statements'
import { hashPin } from '#server/auth/pin-hash'
import { createSession } from '#server/auth/sessions'
import type { Db } from '#server/db/client'
import { refunds } from '#server/db/sales-schema'
import { ledgerEntries, nameEnquiries, transactions, type UserRow, users, vendors, wallets } from '#server/db/schema'
import { bankByCode } from '#server/money/banks'
import { NAME_ENQUIRY_TTL_MS } from '#server/money/name-enquiry'
import { sandboxAccountName } from '#server/money/sandbox-names'

import { call, createVendor, type TestApp, type TestVendor } from '../harness'

/** The ledger's promises, checked from the rows: entries explain every balance, and no money is made up. */
export async function expectLedgerConsistent(db: Db, vendorId: string) {
  const walletRows = await db.select().from(wallets).where(eq(wallets.vendorId, vendorId))
  const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.vendorId, vendorId)).orderBy(asc(ledgerEntries.id))
  for (const wallet of walletRows) {
    const own = entries.filter((entry) => entry.walletId === wallet.id)
    expect(
      own.reduce((sum, entry) => sum + entry.amount, 0),
      `wallet ${wallet.kind}`,
    ).toBe(wallet.balance)
    if (own.length) expect(own.at(-1)!.balanceAfter).toBe(wallet.balance)
    let running = 0
    for (const entry of own) {
      running += entry.amount
      expect(entry.balanceAfter).toBe(running)
    }
    if (wallet.kind === 'main' || wallet.kind === 'outlet') expect(wallet.balance).toBeGreaterThanOrEqual(0)
  }
  const rows = await db.select({ walletId: transactions.walletId }).from(transactions).where(eq(transactions.vendorId, vendorId))
  for (const wallet of walletRows) {
    expect(wallet.transactionCount, `transaction count of ${wallet.kind}`).toBe(rows.filter((row) => row.walletId === wallet.id).length)
  }
  const perTransaction = new Map<string, number>()
  for (const entry of entries) {
    perTransaction.set(entry.transactionId, (perTransaction.get(entry.transactionId) ?? 0) + entry.amount)
  }
  expect(perTransaction.size).toBeGreaterThan(0)
  for (const [id, sum] of perTransaction) expect(sum, `transaction ${id}`).toBe(0)
  return { walletRows, entries }
}

/**
 * A wallet's net figures over entry times [start, end), read from the other legs of its own transactions rather
 * than from its entries (decision 178), so a test checks the rule, not a copy of it: gross sales are what the
 * external wallet gave for the wallet's credits, refunds what it received for refund debits, fees what the fees
 * wallet received (a reversal's legs take each back).
 */
export async function netFiguresFromOtherLegs(db: Db, vendorId: string, walletId: string, start: Date, end: Date): Promise<NetFigures> {
  const own = await db
    .select({ id: transactions.id, type: transactions.type })
    .from(transactions)
    .where(and(eq(transactions.vendorId, vendorId), eq(transactions.walletId, walletId)))
  const refundIds = new Set(
    (await db.select({ id: refunds.transactionId }).from(refunds).where(eq(refunds.vendorId, vendorId))).map((r) => r.id),
  )
  const legs = own.length
    ? await db
        .select({ entry: ledgerEntries, kind: wallets.kind })
        .from(ledgerEntries)
        .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
        .where(
          and(
            inArray(
              ledgerEntries.transactionId,
              own.map((row) => row.id),
            ),
            gte(ledgerEntries.createdAt, start),
            lt(ledgerEntries.createdAt, end),
          ),
        )
    : []
  const typeOf = new Map(own.map((row) => [row.id, row.type]))
  const sum = (keep: (leg: (typeof legs)[number]) => boolean) => legs.filter(keep).reduce((total, leg) => total + leg.entry.amount, 0)
  const grossSales = -sum((leg) => leg.kind === 'external' && typeOf.get(leg.entry.transactionId) === 'credit')
  const refunded = sum((leg) => leg.kind === 'external' && refundIds.has(leg.entry.transactionId))
  const fees = sum((leg) => leg.kind === 'fees')
  return { grossSales, refunds: refunded, fees, netSettled: grossSales - refunded - fees }
}

export async function balances(db: Db, vendorId: string) {
  const rows = await db.select().from(wallets).where(eq(wallets.vendorId, vendorId))
  const of = (kind: string) => rows.find((wallet) => wallet.kind === kind && !wallet.outletId)!.balance
  return { main: of('main'), external: of('external'), fees: of('fees') }
}

/** A 10-digit account at a bank from a 9-digit serial (see SANDBOX_SERIALS for the special ones). */
export const account = (bankCode: string, serial: string) => nubanFor(bankCode, serial)
export const randomSerial = () => String(100_000_000 + (randomBytes(4).readUInt32BE() % 400_000_000))

export const PIN = '1234'

/** A session token without a login round trip (login is rate-limited and costs a scrypt). */
export async function tokenFor(t: TestApp, user: UserRow): Promise<string> {
  return createSession(t.db, t.clock, user)
}

export interface Sender extends TestVendor {
  token: string
}

/** An approved vendor whose owner has PIN 1234, a funded main wallet, and third-party transfers as asked. */
export async function sender(t: TestApp, options: { balance?: number; thirdParty?: boolean; pin?: string | null } = {}): Promise<Sender> {
  const vendor = await createVendor({ balance: options.balance })
  const pin = options.pin === undefined ? PIN : options.pin
  const pinHash = pin ? hashPin(pin) : null
  const [owner] = await t.db.update(users).set({ pinHash }).where(eq(users.id, vendor.owner.id)).returning()
  await t.db
    .update(vendors)
    .set({ thirdPartyTransfers: options.thirdParty ?? true })
    .where(eq(vendors.id, vendor.vendor.id))
  vendor.owner.row = owner!
  return { ...vendor, token: await tokenFor(t, owner!) }
}

/**
 * A name enquiry row, written directly: for tests that need many requestIds (the endpoint is rate-limited per
 * user). Resolves like the sandbox would.
 */
export async function enquiry(
  t: TestApp,
  vendor: TestVendor,
  options: { bankCode?: string; serial?: string; expiresInMs?: number; accountName?: string } = {},
): Promise<string> {
  const bankCode = options.bankCode ?? '058'
  const accountNumber = account(bankCode, options.serial ?? randomSerial())
  const requestId = `NE-test-${randomUUID()}`
  const now = t.clock.now()
  await t.db.insert(nameEnquiries).values({
    vendorId: vendor.vendor.id,
    userId: vendor.owner.id,
    requestId,
    accountNumber,
    bankCode,
    bankName: bankByCode(bankCode)!.name,
    accountName: options.accountName ?? sandboxAccountName(accountNumber, bankCode),
    createdAt: now,
    expiresAt: new Date(now.getTime() + (options.expiresInMs ?? NAME_ENQUIRY_TTL_MS)),
  })
  return requestId
}

export function send(
  t: TestApp,
  token: string,
  body: { amount: number; requestId: string; pin?: string; narration?: string },
  key: string | null = randomUUID(),
) {
  return call(t.app, endpoints.sendMoney, {
    token,
    body: { pin: PIN, ...body },
    headers: key === null ? {} : { 'idempotency-key': key },
  })
}

export async function pinAttempts(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ pinAttempts: users.pinAttempts })
    .from(users)
    .where(and(eq(users.id, userId)))
  return row!.pinAttempts
}
