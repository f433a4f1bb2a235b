import { and, asc, eq, gt, gte, inArray, isNotNull } from 'drizzle-orm'

import type { PaymentReceived } from '#contract/events'
import type { OrderStatus } from '#contract/statuses'

import type { Auth } from '../auth/sessions'
import { MINUTE_MS } from '../clock'
import type { Db } from '../db/client'
import { orders } from '../db/sales-schema'
import { ledgerEntries, outlets, type TransactionRow, transactions, wallets } from '../db/schema'
import { vendorWallet } from '../money/ledger'
import { toTransaction } from '../money/transaction-queries'
import { outletWalletJoin, seesEveryOutlet, visibleOutlets } from '../outlets/scope'

/*
 * What the live alerts read from the database (docs/decisions/107): the credit event itself, the credits a
 * reconnecting client missed, and which wallets a user may hear about (whether the session still stands:
 * auth/sessions.ts liveSessionById).
 */

/** A bank credit as it travels between processes and to the streams. */
export interface CreditEvent {
  /** The credit's ledger entry id: ordered, from the database, the SSE `id:` and the Last-Event-ID cursor. */
  id: number
  vendorId: string
  walletId: string
  payload: PaymentReceived
}

/** How far back a reconnecting client's Last-Event-ID is honoured, and how many credits it is sent at most. */
export const REPLAY_WINDOW_MS = 10 * MINUTE_MS
export const REPLAY_MAX = 100

function toEvent(entryId: number, row: TransactionRow, orderStatus: OrderStatus | null): CreditEvent {
  const order = row.orderReference && orderStatus ? { reference: row.orderReference, status: orderStatus } : null
  return {
    id: entryId,
    vendorId: row.vendorId,
    walletId: row.walletId,
    payload: { transaction: toTransaction(row), outletId: row.outletId, order },
  }
}

/** The order a credit paid, by the reference the credit keeps: the alert names it with its status (issue 35). */
const paidOrderJoin = and(eq(orders.vendorId, transactions.vendorId), eq(orders.reference, transactions.orderReference))

/** The event of a credit just recorded: its id is the ledger entry that put the money in the wallet. */
export async function creditEventFor(db: Db, row: TransactionRow): Promise<CreditEvent | null> {
  const [entry] = await db
    .select({ id: ledgerEntries.id, orderStatus: orders.status })
    .from(ledgerEntries)
    .innerJoin(transactions, and(eq(transactions.vendorId, ledgerEntries.vendorId), eq(transactions.id, ledgerEntries.transactionId)))
    .leftJoin(orders, paidOrderJoin)
    .where(
      and(
        eq(ledgerEntries.vendorId, row.vendorId),
        eq(ledgerEntries.transactionId, row.id),
        eq(ledgerEntries.walletId, row.walletId),
        gt(ledgerEntries.amount, 0),
      ),
    )
  return entry ? toEvent(entry.id, row, entry.orderStatus) : null
}

/**
 * Bank credits into these wallets after the entry `afterId`, at most REPLAY_WINDOW_MS old, oldest first: what a
 * client that lost its stream missed. By the (vendor, wallet, id) index of ledger_entries. Bank credits only
 * (a provider reference): money moved between the vendor's own wallets is not "received from" anyone.
 */
export async function creditsSince(db: Db, vendorId: string, walletIds: string[], afterId: number, now: Date): Promise<CreditEvent[]> {
  if (walletIds.length === 0) return []
  const rows = await db
    .select({ entryId: ledgerEntries.id, row: transactions, orderStatus: orders.status })
    .from(ledgerEntries)
    .innerJoin(
      transactions,
      and(
        eq(transactions.vendorId, ledgerEntries.vendorId),
        eq(transactions.id, ledgerEntries.transactionId),
        eq(transactions.walletId, ledgerEntries.walletId),
      ),
    )
    .leftJoin(orders, paidOrderJoin)
    .where(
      and(
        eq(ledgerEntries.vendorId, vendorId),
        inArray(ledgerEntries.walletId, walletIds),
        gt(ledgerEntries.id, afterId),
        gt(ledgerEntries.amount, 0),
        gte(ledgerEntries.createdAt, new Date(now.getTime() - REPLAY_WINDOW_MS)),
        eq(transactions.type, 'credit'),
        isNotNull(transactions.providerReference),
      ),
    )
    .orderBy(asc(ledgerEntries.id))
    .limit(REPLAY_MAX)
  return rows.map(({ entryId, row, orderStatus }) => toEvent(entryId, row, orderStatus))
}

/**
 * The wallets whose credits this user hears about, wallet id → outlet id (null for the main wallet). The same rules
 * as the lists: the main wallet's with VENDOR_TRANSACTIONS (GET /transaction); an outlet's with VENDOR_OUTLETS for
 * the outlets they may see and act for (GET /transaction/outlet through outletFor with acting).
 */
export async function walletsHeardBy(db: Db, auth: Auth): Promise<Map<string, string | null>> {
  const heard = new Map<string, string | null>()
  if (auth.permissions.includes('VENDOR_TRANSACTIONS')) {
    const main = await vendorWallet(db, auth.vendorId, 'main')
    if (main) heard.set(main.id, null)
  }
  if (auth.permissions.includes('VENDOR_OUTLETS')) {
    const rows = await db
      .select({ walletId: wallets.id, outletId: outlets.id })
      .from(outlets)
      .innerJoin(wallets, outletWalletJoin)
      .where(and(visibleOutlets(auth), seesEveryOutlet(auth) ? undefined : eq(outlets.status, 'active')))
    for (const row of rows) heard.set(row.walletId, row.outletId)
  }
  return heard
}
