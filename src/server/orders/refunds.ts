import { and, desc, eq, sql } from 'drizzle-orm'
import { REFUNDABLE_STATUSES } from '../../contract/orders'
import { BANKS } from '../banking/banks'
import { isUniqueViolation } from '../db/errors'
import { type TransactionRow, transactions } from '../db/schema'
import { type OrderRow, orders, refunds } from '../db/sales-schema'
import type { AppDeps } from '../deps'
import { ApiError } from '../errors'
import { validationError } from '../http/register'
import { mainWalletScope } from '../transaction-queries'
import { type Beneficiary, debitForTransfer, submitToBank } from '../transfers'
import type { OrderActor } from './create'
import { addOrderEvent } from './events'
import { naira } from '../naira'
import { findOrder, lockOrder } from './queries'

/*
 * PUT /order: money goes back by bank transfer to the account that paid (docs/decisions/034-refunds-by-transfer.md).
 * Like a send, the debit commits first as a pending transaction, together with the refund and the order's
 * refund-pending status, in one database transaction with the order locked; then the bank is asked, outside it.
 * Its answer (now, later, or through recovery) settles the order in orders/refund-outcome.ts.
 */

type RefundDeps = Pick<AppDeps, 'db' | 'banking' | 'clock' | 'logger' | 'transferTimeoutMs'>

export interface RefundRequest {
  reference: string
  /** Kobo; everything still refundable when omitted. */
  amount?: number
  narration?: string | null
  idempotencyKey: string
}

const refusal = (message: string) => new ApiError(409, 'REFUND_NOT_ALLOWED', message)

/** What may still be refunded: paid, less refunds that reached the payer or are on their way. */
export const refundableAmount = (order: Pick<OrderRow, 'amountPaid' | 'amountRefundCommitted'>) =>
  order.amountPaid - order.amountRefundCommitted

export function canRefund(order: Pick<OrderRow, 'status' | 'amountPaid' | 'amountRefundCommitted'>): boolean {
  const left = refundableAmount(order)
  if (left <= 0) return false
  return REFUNDABLE_STATUSES.includes(order.status) || order.status === 'refunded' || order.status === 'refund-failed'
}

/** The amount this request refunds, or why it may not (409 for the order's state, 422 for the amount). */
function amountToRefund(order: OrderRow, requested: number | undefined): number {
  const left = refundableAmount(order)
  if (!canRefund(order)) {
    if (order.status === 'refund-pending') throw refusal('A refund of this order is still with the bank; wait for its outcome')
    if (order.amountPaid > 0 && left <= 0) throw refusal('This order has already been refunded in full')
    throw refusal(`Cannot refund an order that is ${order.status}: only a paid order can be refunded`)
  }
  const amount = requested ?? left
  if (amount > left) {
    const what = order.amountRefundCommitted > 0 ? 'the amount paid less earlier refunds' : 'the amount paid'
    throw validationError([{ path: 'amount', message: `must not exceed ${what} (${naira(left)})` }])
  }
  return amount
}

/** The account of the order's newest payment, with the bank's code: where its refunds go. */
async function payerAccount(deps: RefundDeps, order: OrderRow): Promise<Beneficiary> {
  const [payment] = await deps.db
    .select()
    .from(transactions)
    .where(
      and(
        mainWalletScope(order.vendorId),
        eq(transactions.orderReference, order.reference),
        eq(transactions.type, 'credit'),
        eq(transactions.status, 'success'),
      ),
    )
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(1)
  if (!payment?.originatorAccountNumber) {
    throw new ApiError(422, 'NO_REFUND_ACCOUNT', 'This order has no payment from a bank account, so there is no account to refund to')
  }
  const bankName = payment.originatorBankName ?? ''
  const bank = BANKS.find((known) => known.name.toLowerCase() === bankName.trim().toLowerCase())
  if (!bank) {
    throw new ApiError(
      422,
      'NO_REFUND_ACCOUNT',
      `The payment came from ${bankName || 'an unknown bank'}, which we cannot send a refund to; refund the customer another way`,
    )
  }
  return {
    accountNumber: payment.originatorAccountNumber,
    bankCode: bank.code,
    bankName: bank.name,
    accountName: payment.originatorAccountName ?? '',
  }
}

/**
 * Refunds an order. Every refusal (state, amount, no payer account, balance) is thrown before anything commits:
 * the idempotency layer relies on that to let the client retry the same key. Answers the order after the bank's
 * first answer, and the refund's debit.
 */
export async function refundOrder(
  deps: RefundDeps,
  actor: OrderActor,
  request: RefundRequest,
): Promise<{ order: OrderRow; transaction: TransactionRow }> {
  const { db, clock } = deps
  // Checked once without a lock so a refusal costs no bank lookup, then again under the lock, which decides.
  const current = await findOrder(db, actor.vendorId, request.reference)
  amountToRefund(current, request.amount)
  const payer = await payerAccount(deps, current)
  const at = clock.now()
  const pending = await db
    .transaction(async (tx) => {
      const order = await lockOrder(tx, actor.vendorId, request.reference)
      const amount = amountToRefund(order, request.amount)
      const debit = await debitForTransfer(tx, actor.vendorId, payer, {
        amount,
        narration: `Refund for ${order.reference}`,
        idempotencyKey: request.idempotencyKey,
        orderReference: order.reference,
        at,
      })
      await tx.insert(refunds).values({
        vendorId: actor.vendorId,
        orderId: order.id,
        transactionId: debit.id,
        amount,
        reason: request.narration ?? null,
        requestedBy: actor.userId,
        createdAt: at,
        updatedAt: at,
      })
      await tx
        .update(orders)
        .set({ amountRefundCommitted: sql`${orders.amountRefundCommitted} + ${amount}`, status: 'refund-pending', updatedAt: at })
        .where(and(eq(orders.vendorId, order.vendorId), eq(orders.id, order.id)))
      const reason = request.narration ? `: ${request.narration}` : ''
      await addOrderEvent(
        tx,
        order,
        {
          kind: 'refund',
          message: `Refund of ${naira(amount)} sent to ${payer.accountName} (${payer.bankName} ${payer.accountNumber})${reason}`,
          amount,
          actorName: actor.name,
        },
        at,
      )
      return debit
    })
    .catch((error) => {
      // The transactions table's own guard: a key whose stored answer has expired (24 h) is still spent.
      if (!isUniqueViolation(error)) throw error
      throw new ApiError(409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for an earlier refund; use a new key for a new refund')
    })
  const transaction = await submitToBank(deps, pending, (transfer) => deps.banking.transfer(transfer))
  return { order: await findOrder(db, actor.vendorId, request.reference), transaction }
}
