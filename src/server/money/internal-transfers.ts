import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm'

import type { Db, Tx } from '../db/client'
import { ledgerEntries, type TransactionRow, transactions, type WalletRow, wallets } from '../db/schema'
import { GUARDED_KINDS, newReference, postTransferWithin, type TransactionFields } from './ledger'

/*
 * Money moving between two of one vendor's own wallets (main ↔ outlet, decisions 043 and 044), on top of the
 * ledger's postTransferWithin. Apart from ledger.ts only so neither file grows past reading size.
 */

export interface InternalTransferInput {
  vendorId: string
  /** The paying and the receiving wallet: two different main/outlet wallets of this vendor. */
  fromWalletId: string
  toWalletId: string
  amount: number
  /** The outlet the transfer is for and its name now; both rows carry them (decision 112). */
  outlet: { id: string; name: string }
  /** What the user typed, on both rows; each row names its other side itself (counterparty_kind). */
  narration: string | null
  referencePrefix: string
  /** Kept on the paying side's row: a second guarantee of one transfer per key, as for a send. */
  idempotencyKey?: string | null
  at: Date
}

export interface PostedInternalTransfer {
  debit: TransactionRow
  credit: TransactionRow
  /** Balance of each touched wallet after both postings (clearing is back at zero). */
  balances: Record<string, number>
}

/**
 * Moves money between two of the vendor's own wallets (main ↔ outlet, decision 043) inside the caller's
 * transaction: a debit row on the paying wallet (paying → clearing) and a credit row on the receiving one
 * (clearing → receiving), so each wallet's list shows its side and each row's entries sum to zero. The three
 * wallets are locked in id order first, so transfers in opposite directions queue instead of deadlocking. No fee.
 * Refuses more than the paying wallet holds (422 INSUFFICIENT_FUNDS) before writing anything.
 */
export async function postInternalTransferWithin(tx: Tx, input: InternalTransferInput): Promise<PostedInternalTransfer> {
  const { vendorId, amount, at } = input
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error('Transfer amount must be positive kobo')
  if (input.fromWalletId === input.toWalletId) throw new Error('A transfer needs two different wallets')
  const locked = await tx
    .select()
    .from(wallets)
    .where(
      and(
        eq(wallets.vendorId, vendorId),
        or(inArray(wallets.id, [input.fromWalletId, input.toWalletId]), and(eq(wallets.kind, 'clearing'), isNull(wallets.outletId))),
      ),
    )
    .orderBy(asc(wallets.id))
    .for('update')
  const from = locked.find((wallet) => wallet.id === input.fromWalletId)
  const to = locked.find((wallet) => wallet.id === input.toWalletId)
  const clearing = locked.find((wallet) => wallet.kind === 'clearing')
  if (!from || !to || !clearing) throw new Error(`Vendor ${vendorId} is missing a wallet of this transfer`)
  if (![from, to].every((wallet) => GUARDED_KINDS.has(wallet.kind))) {
    throw new Error('Internal transfers move money between main and outlet wallets')
  }
  const row = {
    outletId: input.outlet.id,
    outletName: input.outlet.name,
    narration: input.narration,
    status: 'success' as const,
    amount,
    fee: 0,
    currency: from.currency,
    originatorAccountName: from.accountName,
    originatorBankName: from.bankName,
    originatorAccountNumber: from.accountNumber,
    beneficiaryAccountName: to.accountName,
    beneficiaryBankName: to.bankName,
    beneficiaryAccountNumber: to.accountNumber,
    createdAt: at,
  }
  // One leg pair and one row per side: paying → clearing on the paying wallet, clearing → receiving on the other.
  type Side = Pick<TransactionFields, 'walletId' | 'type' | 'counterpartyKind' | 'idempotencyKey'>
  const kindOf = (wallet: WalletRow) => (wallet.kind === 'main' ? 'main' : 'outlet')
  const post = (payer: WalletRow, payee: WalletRow, side: Side) =>
    postTransferWithin(tx, {
      vendorId,
      legs: [
        { walletId: payer.id, amount: -amount },
        { walletId: payee.id, amount },
      ],
      transaction: { ...row, ...side, reference: newReference(input.referencePrefix, at) },
    })
  const paid = await post(from, clearing, {
    walletId: from.id,
    type: 'debit',
    counterpartyKind: kindOf(to),
    idempotencyKey: input.idempotencyKey ?? null,
  })
  const received = await post(clearing, to, {
    walletId: to.id,
    type: 'credit',
    counterpartyKind: kindOf(from),
    idempotencyKey: null,
  })
  return {
    debit: paid.transaction,
    credit: received.transaction,
    balances: { ...paid.balances, ...received.balances },
  }
}

/**
 * The internal transfer whose paying row carries `idempotencyKey`, with each touched wallet's balance right after
 * it, as postInternalTransferWithin answered it; null when no such transfer was posted. For answering a request
 * whose process died before its answer was stored (decision 072). The receiving row is the one whose clearing
 * entry comes next after the paying row's: both were written in one database transaction that held the clearing
 * wallet's lock, and every entry on a wallet updates that wallet's row, so no other clearing entry can fall between.
 */
export async function findInternalTransferByKey(db: Db, vendorId: string, idempotencyKey: string): Promise<PostedInternalTransfer | null> {
  const [debit] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.vendorId, vendorId), eq(transactions.idempotencyKey, idempotencyKey)))
  if (!debit || debit.type !== 'debit') return null
  const entriesOf = (transactionId: string) =>
    db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.vendorId, vendorId), eq(ledgerEntries.transactionId, transactionId)))
      .orderBy(asc(ledgerEntries.id))
  const paid = await entriesOf(debit.id)
  // Anything else under this key (a send's debit, with its external and fee legs) is not an internal transfer.
  const intoClearing = paid.length === 2 ? paid.find((entry) => entry.walletId !== debit.walletId && entry.amount > 0) : undefined
  if (!intoClearing) return null
  const [next] = await db
    .select({ transactionId: ledgerEntries.transactionId })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.vendorId, vendorId), eq(ledgerEntries.walletId, intoClearing.walletId), gt(ledgerEntries.id, intoClearing.id)),
    )
    .orderBy(asc(ledgerEntries.id))
    .limit(1)
  if (!next) return null
  const [credit] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.vendorId, vendorId), eq(transactions.id, next.transactionId)))
  if (!credit || credit.type !== 'credit') return null
  const received = await entriesOf(credit.id)
  const balances: Record<string, number> = {}
  for (const entry of [...paid, ...received]) balances[entry.walletId] = entry.balanceAfter
  return { debit, credit, balances }
}
