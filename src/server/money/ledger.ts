import { randomBytes, randomInt, randomUUID } from 'node:crypto'

import { and, eq, isNull, sql } from 'drizzle-orm'

import type { Db, Tx } from '../db/client'
import { moneyFunctionRefusal, raisedMessage } from '../db/errors'
import { ledgerEntries, type NewTransaction, type TransactionRow, transactions, type WalletRow, wallets } from '../db/schema'
import { callFunction, jsonForRow, rowFromJson } from '../db/sql-helpers'
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
 * Transaction fields a caller may leave out, with the values the table gives them: the row goes to the database as a
 * whole (jsonForRow), where a missing column would be null rather than its default.
 */
export function wholeTransaction(vendorId: string, fields: TransactionFields): TransactionRow {
  const createdAt = fields.createdAt ?? new Date()
  return {
    outletId: null,
    fee: 0,
    currency: 'NGN',
    sessionId: null,
    narration: null,
    originatorAccountName: null,
    originatorBankName: null,
    originatorAccountNumber: null,
    beneficiaryAccountName: null,
    beneficiaryBankName: null,
    beneficiaryAccountNumber: null,
    beneficiaryBankCode: null,
    customerId: null,
    customerName: null,
    orderReference: null,
    counterpartyKind: null,
    outletName: null,
    failureReason: null,
    idempotencyKey: null,
    providerReference: null,
    isOffline: false,
    isPos: false,
    hasMatchingOrder: false,
    hasShareableOrder: false,
    paidIntoOrderAccount: null,
    ...fields,
    id: fields.id ?? randomUUID(),
    vendorId,
    createdAt,
    updatedAt: createdAt,
  }
}

/** The money functions' refusals (migrations/0011) as the API's errors; anything else rethrows. */
export function refusalOf(error: unknown): never {
  const refusal = moneyFunctionRefusal(error)
  if (refusal === 'INSUFFICIENT_FUNDS') throw insufficientFunds()
  if (refusal === 'AMOUNT_TOO_LARGE') throw balanceOutOfRange()
  const broken = raisedMessage(error)
  throw broken ? new Error(broken, { cause: error }) : error
}

/**
 * The database's ledger_post (migrations/0011_money_functions.sql), the one place a movement is written: locks the
 * legs' wallets in id order, refuses an overdraft of a main/outlet wallet, updates the balances, inserts the
 * transaction (or, for a reversal, finds it) and one entry per leg with the balance after it. One round trip, so
 * the wallets stay locked for as short a time as the commit allows.
 */
async function ledgerPost(
  tx: Db,
  input: { vendorId: string; legs: Leg[]; currency: string; at: Date } & ({ transaction: TransactionRow } | { transactionId: string }),
): Promise<PostedTransfer> {
  assertBalanced(input.legs)
  const txn = 'transaction' in input ? JSON.stringify(jsonForRow(transactions, input.transaction)) : null
  const posted = await callFunction(
    tx,
    sql`ledger_post(${input.vendorId}, ${JSON.stringify(input.legs)}::jsonb, ${input.currency}, ${txn}::jsonb,
      ${'transactionId' in input ? input.transactionId : null}, ${input.at.toISOString()}::timestamptz)`,
  ).catch(refusalOf)
  return postedFromJson(posted)
}

/** What ledger_post answers, as drizzle would have read it. */
export function postedFromJson(json: unknown): PostedTransfer {
  const { transaction, balances } = json as { transaction: Record<string, unknown>; balances: Record<string, number | string> }
  return {
    transaction: rowFromJson(transactions, transaction),
    balances: Object.fromEntries(Object.entries(balances).map(([walletId, balance]) => [walletId, Number(balance)])),
  }
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
 * postTransfer as part of a larger unit of work the caller has already opened (a refund's order changes with its
 * debit). Taking a Tx, not a Db, makes calling it outside a transaction a type error.
 */
export async function postTransferWithin(tx: Tx, input: PostTransferInput): Promise<PostedTransfer> {
  if (!input.legs.some((leg) => leg.walletId === input.transaction.walletId)) {
    throw new Error('A transaction belongs to one of the wallets it moves money in')
  }
  const transaction = wholeTransaction(input.vendorId, input.transaction)
  return ledgerPost(tx, {
    vendorId: input.vendorId,
    legs: input.legs,
    currency: transaction.currency,
    at: transaction.createdAt,
    transaction,
  })
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
export function reversePendingWithin(tx: Tx, input: ReverseInput): Promise<TransactionRow | null> {
  return reverseWithin(tx, input, 'pending')
}

/**
 * A transfer the bank reported successful and then reversed (Paystack's transfer.reversed): the same opposite legs,
 * so amount + fee return to the wallet, and the row marked failed. Conditional on the row still being successful,
 * under its lock: a reversal notified twice returns the money once. Answers null when it was not successful.
 */
export function reverseSucceededWithin(tx: Tx, input: ReverseInput): Promise<TransactionRow | null> {
  return reverseWithin(tx, input, 'success')
}

async function reverseWithin(tx: Tx, input: ReverseInput, from: 'pending' | 'success'): Promise<TransactionRow | null> {
  const scope = and(eq(transactions.vendorId, input.vendorId), eq(transactions.id, input.transactionId))
  const [pending] = await tx
    .select()
    .from(transactions)
    .where(and(scope, eq(transactions.status, from)))
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
    await ledgerPost(tx, { vendorId: input.vendorId, legs, currency: pending.currency, at: input.at, transactionId: pending.id })
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
