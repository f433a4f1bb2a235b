import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from './db/client'
import { ledgerEntries, type NewTransaction, type TransactionRow, transactions, wallets } from './db/schema'
import { ApiError } from './errors'

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
const GUARDED_KINDS = new Set(['main', 'outlet'])

function assertBalanced(legs: Leg[]): void {
  if (legs.length < 2) throw new Error('A transfer needs at least two legs')
  const seen = new Set<string>()
  let sum = 0
  for (const leg of legs) {
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
 * Moves money between wallets of one vendor as a single double-entry transaction: locks the wallets, refuses
 * an overdraft of a main/outlet wallet, updates balances, writes one entry per leg with the balance after it,
 * and the transaction row. All or nothing; pass a transaction to make it part of a larger unit of work.
 */
export async function postTransfer(db: Db, input: PostTransferInput): Promise<PostedTransfer> {
  assertBalanced(input.legs)
  const { vendorId, legs } = input
  return db.transaction(async (tx) => {
    // Locking in id order means two transfers over the same wallets queue instead of deadlocking.
    const locked = await tx
      .select({ id: wallets.id, kind: wallets.kind, balance: wallets.balance, currency: wallets.currency })
      .from(wallets)
      .where(
        and(
          eq(wallets.vendorId, vendorId),
          inArray(
            wallets.id,
            legs.map((leg) => leg.walletId),
          ),
        ),
      )
      .orderBy(asc(wallets.id))
      .for('update')
    if (locked.length !== legs.length) throw new Error('Transfer names a wallet that is not this vendor’s')
    const currency = input.transaction.currency ?? 'NGN'
    if (locked.some((wallet) => wallet.currency !== currency)) throw new Error('Transfer mixes currencies')

    const byId = new Map(locked.map((wallet) => [wallet.id, wallet]))
    const balances: Record<string, number> = {}
    for (const leg of legs) {
      const wallet = byId.get(leg.walletId)!
      const after = wallet.balance + leg.amount
      if (!Number.isSafeInteger(after)) throw new Error('Wallet balance out of range')
      if (after < 0 && GUARDED_KINDS.has(wallet.kind)) {
        throw new ApiError(422, 'INSUFFICIENT_FUNDS', 'Insufficient balance')
      }
      balances[leg.walletId] = after
    }

    for (const wallet of locked) {
      await tx
        .update(wallets)
        .set({ balance: balances[wallet.id]! })
        .where(and(eq(wallets.vendorId, vendorId), eq(wallets.id, wallet.id)))
    }
    const createdAt = input.transaction.createdAt ?? new Date()
    const [transaction] = await tx
      .insert(transactions)
      .values({ ...input.transaction, id: input.transaction.id ?? randomUUID(), vendorId, createdAt, updatedAt: createdAt })
      .returning()
    await tx.insert(ledgerEntries).values(
      legs.map((leg) => ({
        vendorId,
        transactionId: transaction!.id,
        walletId: leg.walletId,
        amount: leg.amount,
        balanceAfter: balances[leg.walletId]!,
        createdAt,
      })),
    )
    return { transaction: transaction!, balances }
  })
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
  amount: number
  originator: { accountName: string; bankName: string; accountNumber: string }
  narration?: string
  reference?: string
  sessionId?: string
  createdAt?: Date
}

/**
 * Money arriving by bank transfer into the vendor's main virtual account: external → main. Nobody placed an
 * order for it yet, so it is an offline credit the vendor can match to an order or mark as POS.
 */
export async function creditFromBank(db: Db, input: BankCreditInput): Promise<PostedTransfer> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error('Credit amount must be positive kobo')
  const [main, external] = await Promise.all([
    vendorWallet(db, input.vendorId, 'main'),
    vendorWallet(db, input.vendorId, 'external'),
  ])
  if (!main || !external) throw new Error(`Vendor ${input.vendorId} has no main/external wallet`)
  const createdAt = input.createdAt ?? new Date()
  return postTransfer(db, {
    vendorId: input.vendorId,
    legs: [
      { walletId: external.id, amount: -input.amount },
      { walletId: main.id, amount: input.amount },
    ],
    transaction: {
      walletId: main.id,
      type: 'credit',
      status: 'success',
      amount: input.amount,
      fee: 0,
      currency: main.currency,
      reference: input.reference ?? newReference('TRF', createdAt),
      sessionId: input.sessionId ?? newSessionId(),
      narration: input.narration ?? null,
      originatorAccountName: input.originator.accountName,
      originatorBankName: input.originator.bankName,
      originatorAccountNumber: input.originator.accountNumber,
      beneficiaryAccountName: main.accountName,
      beneficiaryBankName: main.bankName,
      beneficiaryAccountNumber: main.accountNumber,
      isOffline: true,
      hasMatchingOrder: false,
      createdAt,
    },
  })
}
