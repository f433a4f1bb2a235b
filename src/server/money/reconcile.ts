import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm'

import { LAGOS_OFFSET_MS } from '../analytics'
import { DAY_MS, HOUR_MS } from '../clock'
import type { Db } from '../db/client'
import { orderPaymentAccounts } from '../db/sales-schema'
import { transactions, vendors, wallets } from '../db/schema'
import type { BankingProvider, ProviderCreditRecord, ProviderTransferRecord, RealMoneyProvider } from './bank-provider'

/*
 * Reconciliation (issue 36, decision 146): one Lagos day of the ledger's money to and from banks against the
 * provider's own statement, per vendor, and the sum of the vendors' wallets against the provider's balance. What
 * `npm run reconcile` prints and the daily job runs: `reconcileDay(deps, day)`.
 */

export type ReconcileDeps = { db: Db; banking: BankingProvider }

/** One movement as one side has it. */
export interface RecordLine {
  kind: 'transfer' | 'credit'
  reference: string
  /** Kobo. */
  amount: number
  status: string
  at: Date
}

export interface Difference {
  kind: 'transfer' | 'credit'
  reference: string
  what: 'amount' | 'status' | 'account'
  ledger: string
  provider: string
  at: Date
}

export interface VendorReconciliation {
  /** Null for provider records no wallet or ledger transaction of ours names. */
  vendorId: string | null
  vendorName: string
  matched: RecordLine[]
  onlyInLedger: RecordLine[]
  onlyAtProvider: RecordLine[]
  differing: Difference[]
}

export interface DayReconciliation {
  day: string
  from: Date
  to: Date
  vendors: VendorReconciliation[]
  balance: { walletsTotal: number; providerBalance: number; feesKept: number; ok: boolean }
  /** Lines only on one side, differences, and a balance that does not add up. */
  mismatches: number
  ok: boolean
}

/** A provider's records arrive a little before or after our row's (a recovery's re-submission): read this far around. */
const MARGIN_MS = HOUR_MS

/** 00:00–24:00 WAT of a yyyy-MM-dd day, as instants; throws on anything but a real calendar day. */
export function lagosDayRange(day: string): { from: Date; to: Date } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  const utcMidnight = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN
  if (!match || Number.isNaN(utcMidnight) || new Date(utcMidnight).toISOString().slice(0, 10) !== day) {
    throw new RangeError(`The date must be a day as YYYY-MM-DD, like 2026-12-04; got ${day}`)
  }
  const from = new Date(utcMidnight - LAGOS_OFFSET_MS)
  return { from, to: new Date(from.getTime() + DAY_MS) }
}

/** A transfer or credit moved money on the provider's side unless it failed or was reversed. */
const providerMoved = (status: string) => status === 'success' || status === 'pending'

interface LedgerRow {
  vendorId: string
  reference: string
  type: 'credit' | 'debit'
  status: 'success' | 'pending' | 'failed'
  amount: number
  sessionId: string | null
  providerReference: string | null
  accountNumber: string | null
  createdAt: Date
}

/** The ledger's money to and from banks in a range: sends and refunds out, bank credits in (no own transfers). */
function ledgerRows(db: Db, from: Date, to: Date): Promise<LedgerRow[]> {
  const t = transactions
  return db
    .select({
      vendorId: t.vendorId,
      reference: t.reference,
      type: t.type,
      status: t.status,
      amount: t.amount,
      sessionId: t.sessionId,
      providerReference: t.providerReference,
      accountNumber: wallets.accountNumber,
      createdAt: t.createdAt,
    })
    .from(t)
    .innerJoin(wallets, eq(wallets.id, t.walletId))
    .where(and(gte(t.createdAt, from), lt(t.createdAt, to), isNull(t.counterpartyKind)))
    .orderBy(t.createdAt)
}

export async function reconcileDay(deps: ReconcileDeps, day: string): Promise<DayReconciliation> {
  const { from, to } = lagosDayRange(day)
  const statement = deps.banking
  const wide = { from: new Date(from.getTime() - MARGIN_MS), to: new Date(to.getTime() + MARGIN_MS) }
  const [rows, records] = [await ledgerRows(deps.db, wide.from, wide.to), await statement.records(wide)]
  const inDay = (at: Date) => at >= from && at < to
  const byVendor = new Map<string | null, VendorReconciliation>()
  const vendorOf = (vendorId: string | null) => {
    let entry = byVendor.get(vendorId)
    if (!entry) {
      entry = { vendorId, vendorName: '', matched: [], onlyInLedger: [], onlyAtProvider: [], differing: [] }
      byVendor.set(vendorId, entry)
    }
    return entry
  }
  const ledgerLine = (row: LedgerRow): RecordLine => ({
    kind: row.type === 'debit' ? 'transfer' : 'credit',
    reference: row.type === 'debit' ? row.reference : (row.providerReference ?? row.reference),
    amount: row.amount,
    status: row.status,
    at: row.createdAt,
  })

  // Transfers out: the provider knows them by our reference.
  const transfersAt = new Map<string, ProviderTransferRecord>(records.transfers.map((record) => [record.reference, record]))
  // Credits in: by the provider's reference, else by the NIP session (one transfer, whatever it was notified as).
  const creditsAt = new Map<string, ProviderCreditRecord>(records.credits.map((record) => [record.providerReference, record]))
  const creditsBySession = new Map<string, ProviderCreditRecord>(
    records.credits.filter((record) => record.sessionId).map((record) => [record.sessionId!, record]),
  )
  // An order's own account (decision 147) is paid into for the vendor's main wallet: the same money, another number.
  const orderAccounts = await orderAccountOwners(
    deps.db,
    records.credits.map((record) => record.accountNumber),
  )
  const sameAccount = (record: ProviderCreditRecord, row: LedgerRow) =>
    record.accountNumber === row.accountNumber || orderAccounts.get(record.accountNumber) === row.vendorId
  const paired = new Set<object>()
  for (const row of rows) {
    const record =
      row.type === 'debit'
        ? transfersAt.get(row.reference)
        : ((row.providerReference ? creditsAt.get(row.providerReference) : undefined) ??
          (row.sessionId ? creditsBySession.get(row.sessionId) : undefined))
    if (record) paired.add(record)
    // The ledger's time decides the day of a pair; neighbouring days' rows were read only to find their pairs.
    if (!inDay(row.createdAt)) continue
    const vendor = vendorOf(row.vendorId)
    const line = ledgerLine(row)
    const ledgerMoved = row.status !== 'failed'
    if (!record) {
      if (ledgerMoved) vendor.onlyInLedger.push(line)
      continue
    }
    const status = 'status' in record ? record.status : 'success'
    const differs = (what: Difference['what'], ledger: string, provider: string) =>
      vendor.differing.push({ kind: line.kind, reference: line.reference, what, ledger, provider, at: row.createdAt })
    if (record.amount !== row.amount) differs('amount', String(row.amount), String(record.amount))
    else if (ledgerMoved !== providerMoved(status)) differs('status', row.status, status)
    else if ('accountNumber' in record && !sameAccount(record, row)) differs('account', row.accountNumber ?? '-', record.accountNumber)
    else vendor.matched.push(line)
  }

  // What only the provider has: credits are placed by the account paid into, transfers cannot be (no ledger row).
  const accounts = records.credits.filter((record) => !paired.has(record)).map((record) => record.accountNumber)
  const owners = accounts.length
    ? await deps.db
        .select({ accountNumber: wallets.accountNumber, vendorId: wallets.vendorId })
        .from(wallets)
        .where(inArray(wallets.accountNumber, accounts))
    : []
  const ownerOf = new Map([...orderAccounts, ...owners.map((owner) => [owner.accountNumber, owner.vendorId] as const)])
  for (const record of records.transfers) {
    if (paired.has(record) || !inDay(record.at) || !providerMoved(record.status)) continue
    vendorOf(null).onlyAtProvider.push({
      kind: 'transfer',
      reference: record.reference,
      amount: record.amount,
      status: record.status,
      at: record.at,
    })
  }
  for (const record of records.credits) {
    if (paired.has(record) || !inDay(record.at)) continue
    const line = { kind: 'credit' as const, reference: record.providerReference, amount: record.amount, status: 'success', at: record.at }
    vendorOf(ownerOf.get(record.accountNumber) ?? null).onlyAtProvider.push(line)
  }

  const names = await vendorNames(
    deps.db,
    [...byVendor.keys()].filter((id): id is string => id !== null),
  )
  for (const [id, entry] of byVendor) entry.vendorName = id === null ? 'Not in our records' : (names.get(id) ?? id)
  const balance = await balanceCheck(deps.db, statement)
  const vendorList = [...byVendor.values()].sort((a, b) =>
    a.vendorId === null ? 1 : b.vendorId === null ? -1 : a.vendorName.localeCompare(b.vendorName),
  )
  const mismatches =
    vendorList.reduce((sum, vendor) => sum + vendor.onlyInLedger.length + vendor.onlyAtProvider.length + vendor.differing.length, 0) +
    (balance.ok ? 0 : 1)
  return { day, from, to, vendors: vendorList, balance, mismatches, ok: mismatches === 0 }
}

/** Which vendor each of these numbers is an order's own account of. */
async function orderAccountOwners(db: Db, accountNumbers: string[]): Promise<Map<string, string>> {
  if (!accountNumbers.length) return new Map()
  const rows = await db
    .select({ accountNumber: orderPaymentAccounts.accountNumber, vendorId: orderPaymentAccounts.vendorId })
    .from(orderPaymentAccounts)
    .where(inArray(orderPaymentAccounts.accountNumber, [...new Set(accountNumbers)]))
  return new Map(rows.map((row) => [row.accountNumber, row.vendorId]))
}

async function vendorNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map()
  const rows = await db.select({ id: vendors.id, name: vendors.name }).from(vendors).where(inArray(vendors.id, ids))
  return new Map(rows.map((row) => [row.id, row.name]))
}

/**
 * The vendors' money (main and outlet wallets) must be what the provider holds less the charges we kept (the fees
 * wallets): both as they stand now, not at the day's end (decision 146).
 */
async function balanceCheck(db: Db, statement: Pick<RealMoneyProvider, 'balance'>) {
  const [sums] = await db
    .select({
      walletsTotal: sql<string | null>`sum(${wallets.balance}) filter (where ${wallets.kind} in ('main', 'outlet'))`,
      feesKept: sql<string | null>`sum(${wallets.balance}) filter (where ${wallets.kind} = 'fees')`,
    })
    .from(wallets)
  const walletsTotal = Number(sums?.walletsTotal ?? 0)
  const feesKept = Number(sums?.feesKept ?? 0)
  const providerBalance = await statement.balance()
  return { walletsTotal, providerBalance, feesKept, ok: walletsTotal === providerBalance - feesKept }
}
