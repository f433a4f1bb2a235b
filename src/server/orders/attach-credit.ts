import { and, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm'

import { type AttachCandidate, MAX_ATTACH_CANDIDATES } from '#contract/credit-attach'
import { UNPAID_STATUSES } from '#contract/orders'

import type { LowStockNotice } from '../catalogue/stock'
import { findOrCreatePayer } from '../customers/upsert'
import type { Db, Tx } from '../db/client'
import { type OrderRow, orders } from '../db/sales-schema'
import { type TransactionRow, transactions } from '../db/schema'
import { containsPattern } from '../db/sql-helpers'
import { ApiError } from '../errors'
import { findTransaction, unclaimedOfflineCredit } from '../money/transaction-queries'
import { addOrderEvent } from './events'
import { applyPayment } from './payments'
import { lockOrder } from './queries'
import { toOrderSummary } from './summary'

/*
 * Attach a credit to an order (issue 42, docs/decisions/189): an offline credit already in the main wallet pays an
 * open order the vendor picks, through applyPayment, the one path a transfer quoting the order's reference and an
 * order created for a credit take. Once only, by the database: the credit is taken with the same conditional
 * UPDATE as Create order and Mark as POS (unclaimedOfflineCredit), inside the transaction that records the payment,
 * so of two attaches (or an attach and a Create order or Mark as POS) exactly one finds the credit still free.
 */

/**
 * Orders a credit may be attached to: those still owing. A transfer quoting a paid order's reference makes it an
 * overpayment, but that is the customer's doing; the vendor choosing to pour a credit into a paid order is a slip.
 */
export const ATTACHABLE_STATUSES = UNPAID_STATUSES

export interface AttachActor {
  vendorId: string
  name: string
}

export interface AttachResult {
  transaction: TransactionRow
  order: OrderRow
  notices: LowStockNotice[]
}

/** Pays the order `orderReference` with the credit `transactionId`, all or nothing; 404/409 saying why otherwise. */
export async function attachCredit(
  db: Db,
  actor: AttachActor,
  input: { transactionId: string; orderReference: string },
  at: Date,
): Promise<AttachResult> {
  const { vendorId } = actor
  return db.transaction(async (tx) => {
    // The order first, as every payment does (orders before transaction rows and wallets: one lock order).
    const order = await lockOrder(tx, vendorId, input.orderReference)
    const claimed = await claimCredit(tx, vendorId, input.transactionId, order, at)
    if (!ATTACHABLE_STATUSES.includes(order.status)) {
      const what = order.kind === 'invoice' ? 'Invoice' : 'Order'
      throw new ApiError(
        409,
        'ORDER_NOT_PAYABLE',
        `${what} ${order.reference} is ${order.status}: only a pending or partially-paid one can take a credit`,
      )
    }
    // Whose money it is, as for a transfer quoting the reference: the order's customer (docs/decisions/088).
    const payer = claimed.originatorAccountNumber
      ? await findOrCreatePayer(
          tx,
          order,
          {
            accountNumber: claimed.originatorAccountNumber,
            accountName: claimed.originatorAccountName ?? 'Bank customer',
            bankName: claimed.originatorBankName ?? '',
          },
          at,
        )
      : undefined
    const [transaction] = payer
      ? await tx
          .update(transactions)
          .set({ customerId: payer.id, customerName: payer.name })
          .where(and(eq(transactions.vendorId, vendorId), eq(transactions.id, claimed.id)))
          .returning()
      : [claimed]
    const { order: paid, notices } = await applyPayment(tx, order, claimed, at)
    // Who attached it: the payment line above is the bank's, this one the person's.
    await addOrderEvent(
      tx,
      order,
      { kind: 'payment', message: `Credit ${claimed.reference} attached to this ${order.kind}`, actorName: actor.name },
      at,
    )
    return { transaction: transaction!, order: paid, notices }
  })
}

/**
 * Takes the credit for the order: one conditional UPDATE on an unmatched offline credit of the main wallet. A
 * concurrent attach, Create order or Mark as POS of the same credit waits on the row and then finds it taken.
 */
async function claimCredit(tx: Tx, vendorId: string, transactionId: string, order: OrderRow, at: Date): Promise<TransactionRow> {
  const [claimed] = await tx
    .update(transactions)
    .set({ hasMatchingOrder: true, hasShareableOrder: order.isShareable, orderReference: order.reference, updatedAt: at })
    .where(and(unclaimedOfflineCredit(vendorId), eq(transactions.id, transactionId)))
    .returning()
  if (claimed) return claimed
  const row = await findTransaction(tx, vendorId, { id: transactionId })
  if (row.isPos) throw new ApiError(409, 'CREDIT_ALREADY_USED', 'This credit is marked as POS, so it cannot be attached to an order')
  if (row.hasMatchingOrder) {
    throw new ApiError(
      409,
      'CREDIT_ALREADY_USED',
      `This credit already paid ${row.orderReference ?? 'an order'}; it cannot be attached again`,
    )
  }
  const why =
    row.type !== 'credit'
      ? 'Only money received (a credit) can be attached to an order'
      : row.status !== 'success'
        ? `This transaction is ${row.status}; only a successful credit can be attached to an order`
        : 'Only a credit that paid no order can be attached to one'
  throw new ApiError(409, 'CREDIT_NOT_ATTACHABLE', why)
}

/**
 * The open orders a credit could pay. Without a search: the order whose own account it was paid into (decision
 * 147), then the payer's (the customer the credit names: its bank account made it), newest first. With one: any
 * open order whose reference or customer name contains it, the payer's marked as such.
 */
export async function attachCandidates(db: Db, vendorId: string, transactionId: string, search?: string): Promise<AttachCandidate[]> {
  const credit = await findTransaction(db, vendorId, { id: transactionId })
  const open = and(eq(orders.vendorId, vendorId), inArray(orders.status, ATTACHABLE_STATUSES))!
  const term = search?.trim()
  const found: OrderRow[] = []
  if (term) {
    const pattern = containsPattern(term)
    found.push(...(await newestOpen(db, and(open, or(ilike(orders.reference, pattern), ilike(orders.customerName, pattern)))!)))
  } else {
    if (credit.paidIntoOrderAccount) found.push(...(await newestOpen(db, and(open, eq(orders.reference, credit.paidIntoOrderAccount))!)))
    if (credit.customerId) found.push(...(await newestOpen(db, and(open, eq(orders.customerId, credit.customerId))!)))
  }
  const seen = new Set<string>()
  return found
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .slice(0, MAX_ATTACH_CANDIDATES)
    .map((row) => ({
      ...toOrderSummary(row),
      amountDue: Math.max(row.amount - row.amountPaid, 0),
      match:
        row.reference === credit.paidIntoOrderAccount
          ? 'account'
          : credit.customerId !== null && row.customerId === credit.customerId
            ? 'payer'
            : 'search',
    }))
}

function newestOpen(db: Db, where: SQL) {
  return db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(MAX_ATTACH_CANDIDATES)
}
