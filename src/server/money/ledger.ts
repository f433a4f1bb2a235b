import { randomBytes, randomInt, randomUUID } from 'node:crypto'

import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'

import type { Db, Tx } from '../db/client'
import { ledgerEntries, type NewTransaction, type TransactionRow, transactions, type WalletRow, wallets } from '../db/schema'
import { ApiError } from '../errors'

/** One side of a movement: signed kobo, positive credits the wallet. */
export interface Leg {
  walletId: string
  amount: number
}

export type TransactionFields = Omit<NewTransaction, 'id' | 'vendorId' | 'updatedAt'> & { id?: string }

export interface PostTransferInput {
  vendorId: string
  legs: Leg[]
  transaction: TransactionFields
}

export interface PostedTransfer {
  transaction: TransactionRow
  /** Balance of each touched wallet after the transfer. */
  balances: Record<string, number>
}

/** Wallets that hold a vendor's own money; only these are refused an overdraft. */
export const GUARDED_KINDS = new Set(['main', 'outlet'])

export const insufficientFunds = () => new ApiError(422, 'INSUFFICIENT_FUNDS', 'Insufficient balance')
/** A credit that would take a balance past Number.MAX_SAFE_INTEGER kobo (~₦90 trillion): refused, not a 500. */
const balanceOutOfRange = () => new ApiError(422, 'AMOUNT_TOO_LARGE', 'The amount is more than a wallet can hold')

function assertBalanced(legs: Leg[]): void {
  if (legs.length < 2) throw new Error('A transfer needs at least two legs')
  const seen = new Set<string>()
  let sum = 0
  for (const leg of legs) {
    // A debit past Number.MAX_SAFE_INTEGER kobo (a huge amount plus its fee) is more than any balance can hold:
    // refused as what it is, not as a broken leg.
    if (Number.isInteger(leg.amount) && leg.amount < -Number.MAX_SAFE_INTEGER) throw insufficientFunds()
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) {
      throw new Error(`Ledger leg amounts must be non-zero whole kobo, got ${leg.amount}`)
    }
    if (seen.has(leg.walletId)) throw new Error('A wallet may appear in only one leg of a transfer')
    seen.add(leg.walletId)
    sum += leg.amount
  }
  if (sum !== 0) throw new Error(`Ledger legs must sum to zero, got ${sum}`)
}

/**
 * Locks the legs' wallets, refuses an overdraft of a main/outlet wallet and updates the balances (and, for a new
 * transaction row, its wallet's row count); answers the balance after each leg, for writeEntries. Must run inside
 * a database transaction, before that transaction writes any row referencing these wallets: a foreign key takes a
 * share lock on the wallet it references, and a share lock held while waiting for FOR UPDATE deadlocks against a
 * concurrent transfer doing the same.
 */
async function applyLegs(
  tx: Db,
  vendorId: string,
  legs: Leg[],
  options: { currency: string; countFor?: string },
): Promise<Record<string, number>> {
  const touched = and(
    eq(wallets.vendorId, vendorId),
    inArray(
      wallets.id,
      legs.map((leg) => leg.walletId),
    ),
  )
  // Locking in id order means two transfers over the same wallets queue instead of deadlocking.
  const locked = await tx
    .select({ id: wallets.id, kind: wallets.kind, balance: wallets.balance, currency: wallets.currency })
    .from(wallets)
    .where(touched)
    .orderBy(asc(wallets.id))
    .for('update')
  if (locked.length !== legs.length) throw new Error('Transfer names a wallet that is not this vendor’s')
  if (locked.some((wallet) => wallet.currency !== options.currency)) throw new Error('Transfer mixes currencies')

  const byId = new Map(locked.map((wallet) => [wallet.id, wallet]))
  const balances: Record<string, number> = {}
  for (const leg of legs) {
    const wallet = byId.get(leg.walletId)!
    const after = wallet.balance + leg.amount
    if (!Number.isSafeInteger(after)) throw balanceOutOfRange()
    if (after < 0 && GUARDED_KINDS.has(wallet.kind)) throw insufficientFunds()
    balances[leg.walletId] = after
  }

  // One statement for every wallet: the locks are held until commit, so each round trip saved here is time
  // other transfers of this wallet are not kept waiting.
  const newBalance = sql.join(
    legs.map((leg) => sql`when ${leg.walletId} then ${balances[leg.walletId]}::bigint`),
    sql` `,
  )
  await tx
    .update(wallets)
    .set({
      balance: sql`case ${wallets.id} ${newBalance} end`,
      ...(options.countFor
        ? { transactionCount: sql`${wallets.transactionCount} + (case when ${wallets.id} = ${options.countFor} then 1 else 0 end)` }
        : {}),
    })
    .where(touched)
  return balances
}

/** One ledger entry per leg, with the balance after it, against a transaction. */
async function writeEntries(
  tx: Db,
  vendorId: string,
  legs: Leg[],
  balances: Record<string, number>,
  at: { transactionId: string; createdAt: Date },
): Promise<void> {
  await tx.insert(ledgerEntries).values(
    legs.map((leg) => ({
      vendorId,
      transactionId: at.transactionId,
      walletId: leg.walletId,
      amount: leg.amount,
      balanceAfter: balances[leg.walletId]!,
      createdAt: at.createdAt,
    })),
  )
}

/**
 * Moves money between wallets of one vendor as a single double-entry transaction: locks the wallets, refuses
 * an overdraft of a main/outlet wallet, updates balances, writes one entry per leg with the balance after it,
 * and the transaction row. All or nothing.
 */
export function postTransfer(db: Db, input: PostTransferInput): Promise<PostedTransfer> {
  return db.transaction((tx) => postTransferWithin(tx, input))
}

/**
 * postTransfer as part of a larger unit of work the caller has already opened (a send spends its name enquiry in
 * the same transaction). Taking a Tx, not a Db, makes calling it outside a transaction a type error.
 */
export async function postTransferWithin(tx: Tx, input: PostTransferInput): Promise<PostedTransfer> {
  assertBalanced(input.legs)
  const { vendorId, legs } = input
  if (!legs.some((leg) => leg.walletId === input.transaction.walletId)) {
    throw new Error('A transaction belongs to one of the wallets it moves money in')
  }
  const createdAt = input.transaction.createdAt ?? new Date()
  const balances = await applyLegs(tx, vendorId, legs, {
    currency: input.transaction.currency ?? 'NGN',
    countFor: input.transaction.walletId,
  })
  const [transaction] = await tx
    .insert(transactions)
    .values({ ...input.transaction, id: input.transaction.id ?? randomUUID(), vendorId, createdAt, updatedAt: createdAt })
    .returning()
  await writeEntries(tx, vendorId, legs, balances, { transactionId: transaction!.id, createdAt })
  return { transaction: transaction!, balances }
}

export interface ReverseInput {
  vendorId: string
  transactionId: string
  /** Why the money came back, shown on the transaction. */
  failureReason: string
  sessionId?: string | null
  at: Date
}

/**
 * Undoes a pending transfer that failed: posts the opposite of each of its ledger entries (external → main,
 * fees → main) against the same transaction and marks it failed, in one database transaction. Only a pending
 * transaction is reversed, under a row lock, so a racing recovery run and request cannot reverse it twice.
 * Answers the updated row, or null when it was no longer pending. It runs inside a transaction the caller opened,
 * so what depends on the outcome (a refund's order) changes atomically with it. The caller takes any lock it needs
 * before this one (orders before wallets).
 */
export async function reversePendingWithin(tx: Tx, input: ReverseInput): Promise<TransactionRow | null> {
  const scope = and(eq(transactions.vendorId, input.vendorId), eq(transactions.id, input.transactionId))
  const [pending] = await tx
    .select()
    .from(transactions)
    .where(and(scope, eq(transactions.status, 'pending')))
    .for('update')
  if (!pending) return null
  const entries = await tx
    .select({ walletId: ledgerEntries.walletId, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.vendorId, input.vendorId), eq(ledgerEntries.transactionId, pending.id)))
  const net = new Map<string, number>()
  for (const entry of entries) net.set(entry.walletId, (net.get(entry.walletId) ?? 0) + entry.amount)
  const legs = [...net].filter(([, amount]) => amount !== 0).map(([walletId, amount]) => ({ walletId, amount: -amount }))
  if (legs.length) {
    assertBalanced(legs)
    const balances = await applyLegs(tx, input.vendorId, legs, { currency: pending.currency })
    await writeEntries(tx, input.vendorId, legs, balances, { transactionId: pending.id, createdAt: input.at })
  }
  const [failed] = await tx
    .update(transactions)
    .set({
      status: 'failed',
      failureReason: input.failureReason,
      sessionId: input.sessionId ?? pending.sessionId,
      updatedAt: input.at,
    })
    .where(scope)
    .returning()
  return failed!
}

export type WalletKind = (typeof wallets.$inferSelect)['kind']

/** A vendor-level wallet (not an outlet's) by kind. */
export async function vendorWallet(db: Db, vendorId: string, kind: WalletKind) {
  const [wallet] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.vendorId, vendorId), eq(wallets.kind, kind), isNull(wallets.outletId)))
  return wallet
}

export type VendorWallets = Awaited<ReturnType<typeof vendorWallets>>

/** The vendor's main, external and fees wallets in one query (transfers touch all three). */
export async function vendorWallets(db: Db, vendorId: string) {
  const rows = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.vendorId, vendorId), isNull(wallets.outletId)))
  const byKind = (kind: WalletKind) => rows.find((wallet) => wallet.kind === kind)
  const [main, external, fees] = [byKind('main'), byKind('external'), byKind('fees')]
  if (!main || !external || !fees) throw new Error(`Vendor ${vendorId} is missing a main, external or fees wallet`)
  return { main, external, fees }
}

/** Unique transaction reference, e.g. TRX-20260412-8F3A9C1D2E. */
export function newReference(prefix = 'TRX', at = new Date()): string {
  const day = at.toISOString().slice(0, 10).replaceAll('-', '')
  return `${prefix}-${day}-${randomBytes(5).toString('hex').toUpperCase()}`
}

/** NIP session ids are 30 digits. */
export function newSessionId(): string {
  let id = ''
  while (id.length < 30) id += randomInt(0, 1_000_000_000).toString().padStart(9, '0')
  return id.slice(0, 30)
}

export interface BankCreditInput {
  vendorId: string
  /** The wallet whose virtual account received the money; the vendor's main wallet when omitted. */
  wallet?: WalletRow
  amount: number
  originator: { accountName: string; bankName: string; accountNumber: string }
  narration?: string
  reference?: string
  sessionId?: string
  /** The banking provider's reference: unique per vendor, so a repeated notice cannot credit twice. */
  providerReference?: string
  /** A payment for an order (paid online): not offline, matched to the order. */
  order?: { reference: string; customer?: string; shareable?: boolean }
  /** Who paid, as the vendor's customer (the account's owner); shown on the transaction and filtered by. */
  customer?: { id: string; name: string }
  createdAt?: Date
}

/**
 * Money arriving by bank transfer into the vendor's main (or an outlet's) virtual account: external → wallet.
 * Unless it pays a known order, nobody placed an order for it yet, so it is an offline credit the vendor can
 * match to an order or mark as POS.
 */
export function creditFromBank(db: Db, input: BankCreditInput): Promise<PostedTransfer> {
  return db.transaction((tx) => creditFromBankWithin(tx, input))
}

/**
 * creditFromBank inside a transaction the caller opened: a credit that pays an order is recorded together with
 * the order's payment, all or nothing. The caller locks the order first (orders before wallets, everywhere).
 */
export async function creditFromBankWithin(tx: Tx, input: BankCreditInput): Promise<PostedTransfer> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error('Credit amount must be positive kobo')
  // One after the other: queries of one transaction share a connection, and pg refuses to overlap them (pg@9).
  const main = input.wallet ?? (await vendorWallet(tx, input.vendorId, 'main'))
  const external = await vendorWallet(tx, input.vendorId, 'external')
  if (!main || !external) throw new Error(`Vendor ${input.vendorId} has no main/external wallet`)
  if (main.vendorId !== input.vendorId || (main.kind !== 'main' && main.kind !== 'outlet')) {
    throw new Error('Bank credits go to a main or outlet wallet of the vendor')
  }
  const createdAt = input.createdAt ?? new Date()
  return postTransferWithin(tx, {
    vendorId: input.vendorId,
    legs: [
      { walletId: external.id, amount: -input.amount },
      { walletId: main.id, amount: input.amount },
    ],
    transaction: {
      walletId: main.id,
      outletId: main.outletId,
      type: 'credit',
      status: 'success',
      amount: input.amount,
      fee: 0,
      currency: main.currency,
      reference: input.reference ?? newReference('TRF', createdAt),
      sessionId: input.sessionId ?? newSessionId(),
      providerReference: input.providerReference ?? null,
      narration: input.narration ?? null,
      originatorAccountName: input.originator.accountName,
      originatorBankName: input.originator.bankName,
      originatorAccountNumber: input.originator.accountNumber,
      beneficiaryAccountName: main.accountName,
      beneficiaryBankName: main.bankName,
      beneficiaryAccountNumber: main.accountNumber,
      isOffline: !input.order,
      hasMatchingOrder: Boolean(input.order),
      hasShareableOrder: input.order?.shareable ?? false,
      orderReference: input.order?.reference ?? null,
      customerId: input.customer?.id ?? null,
      customerName: input.customer?.name ?? input.order?.customer ?? null,
      createdAt,
    },
  })
}
