import { and, eq, sql } from 'drizzle-orm'

import { bankNamed } from '#contract/bank-names'
import { nairaText } from '#contract/naira'
import { REFUNDABLE_STATUSES } from '#contract/orders'

import { isUniqueViolation } from '../db/errors'
import { type OrderRow, orders, refunds } from '../db/sales-schema'
import type { TransactionRow } from '../db/schema'
import type { AppDeps } from '../deps'
import { ApiError } from '../errors'
import { validationError } from '../http/register'
import { BANKS } from '../money/banks'
import { type Beneficiary, debitForTransfer, submitToBank } from '../money/transfers'
import type { OrderActor } from './create'
import { addOrderEvent } from './events'
import { findOrder, lockOrder } from './queries'
import { loadRefundAccounts, nextRefundAccount, nextRefundAmount, type RefundAccount } from './refund-accounts'

/*
 * PUT /order: money goes back by bank transfer to the account that paid (docs/decisions/034-refunds-by-transfer.md).
 * Like a send, the debit commits first as a pending transaction, together with the refund and the order's
 * refund-pending status, in one database transaction with the order locked; then the bank is asked, outside it.
 * Its answer (now, later, or through recovery) settles the order in orders/refund-outcome.ts.
 */

type RefundDeps = Pick<AppDeps, 'db' | 'banking' | 'clock' | 'logger' | 'transferTimeoutMs'>

export interface RefundRequest {
  reference: string
  /** Kobo; all that may go back to the next account (nextRefundAmount) when omitted. */
  amount?: number
  narration?: string | null
  /** The account the person confirmed; refused when the refund would now go elsewhere (contract: refundOrder). */
  refundAccount?: { accountNumber: string; bankName: string }
  idempotencyKey: string
}

const refusal = (message: string) => new ApiError(409, 'REFUND_NOT_ALLOWED', message)

/** What may still be refunded in all: paid, less refunds that reached the payer or are on their way. */
export const refundableAmount = (order: Pick<OrderRow, 'amountPaid' | 'amountRefundCommitted'>) =>
  order.amountPaid - order.amountRefundCommitted

/** Whether the order's state lets a refund start (how much, and to whom, is refund-accounts.ts's). */
export function canRefund(order: Pick<OrderRow, 'status' | 'amountPaid' | 'amountRefundCommitted'>): boolean {
  const left = refundableAmount(order)
  if (left <= 0) return false
  return REFUNDABLE_STATUSES.includes(order.status) || order.status === 'refunded' || order.status === 'refund-failed'
}

/** Refuses a refund the order's state does not allow (409), before anything is read or written for it. */
function assertRefundable(order: OrderRow): void {
  if (canRefund(order)) return
  if (order.status === 'refund-pending') throw refusal('A refund of this order is still with the bank; wait for its outcome')
  if (order.amountPaid > 0 && refundableAmount(order) <= 0) throw refusal('This order has already been refunded in full')
  throw refusal(`Cannot refund an order that is ${order.status}: only a paid order can be refunded`)
}

/**
 * The account this refund goes to and its amount, or why not: 422 on `amount` above what may go back to that
 * account (the newest payer with something left), 422 NO_REFUND_ACCOUNT when it cannot be sent to.
 */
function refundTarget(order: OrderRow, accounts: readonly RefundAccount[], requested: Pick<RefundRequest, 'amount' | 'refundAccount'>) {
  assertRefundable(order)
  const account = nextRefundAccount(accounts)
  if (!account) {
    throw new ApiError(422, 'NO_REFUND_ACCOUNT', 'This order has no payment from a bank account, so there is no account to refund to')
  }
  const confirmed = requested.refundAccount
  if (confirmed && !sameAccount(confirmed, account)) {
    throw new ApiError(
      409,
      'REFUND_ACCOUNT_CHANGED',
      `This refund would now go to ${account.accountName || 'another payer'} (${account.bankName} ${account.accountNumber}), not the account you confirmed: a new payment arrived. Check it and try again`,
    )
  }
  const most = nextRefundAmount(order, accounts)
  const amount = requested.amount ?? most
  if (amount > most) {
    const message =
      most < refundableAmount(order)
        ? `must not exceed ${nairaText(most)}: a refund goes back to one account, at most what it paid, and ${account.accountName || 'the newest payer'}’s account is next; refund the rest in another refund`
        : `must not exceed ${order.amountRefundCommitted > 0 ? 'the amount paid less earlier refunds' : 'the amount paid'} (${nairaText(most)})`
    throw validationError([{ path: 'amount', message }])
  }
  return { amount, beneficiary: beneficiaryOf(account) }
}

/** The same ten digits at the same bank, the bank's name compared as refund-accounts.ts keys it. */
const sameAccount = (a: { accountNumber: string; bankName: string }, b: { accountNumber: string; bankName: string }) =>
  a.accountNumber === b.accountNumber && a.bankName.trim().toLowerCase() === b.bankName.trim().toLowerCase()

/** The account as a transfer's beneficiary, with the bank's code; 422 for a bank we cannot send to. */
function beneficiaryOf(account: RefundAccount): Beneficiary {
  // A payment's bank as its notice spelt it ("GTBank"), matched by name or alias, exactly (contract/bank-names.ts).
  const bank = bankNamed(BANKS, account.bankName)
  if (!bank) {
    throw new ApiError(
      422,
      'NO_REFUND_ACCOUNT',
      `The payment came from ${account.bankName || 'an unknown bank'}, which we cannot send a refund to; refund the customer another way`,
    )
  }
  return { accountNumber: account.accountNumber, bankCode: bank.code, bankName: bank.name, accountName: account.accountName }
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
  // Checked once without a lock so a refusal by state costs nothing more, then everything again under the lock.
  assertRefundable(await findOrder(db, actor.vendorId, request.reference))
  const at = clock.now()
  const pending = await db
    .transaction(async (tx) => {
      const order = await lockOrder(tx, actor.vendorId, request.reference)
      // Read under the order's lock: a refund committed just before this one has already taken its share.
      const { amount, beneficiary: payer } = refundTarget(order, await loadRefundAccounts(tx, order), request)
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
        .set({
          amountRefundCommitted: sql`${orders.amountRefundCommitted} + ${amount}`,
          // A refund of everything paid ends the order; a partial one keeps its status (docs/decisions/089), except
          // after a failed refund, whose status said nothing of the order's own.
          ...(order.amountRefundCommitted + amount >= order.amountPaid || order.status === 'refund-failed'
            ? { status: 'refund-pending' as const }
            : {}),
          updatedAt: at,
        })
        .where(and(eq(orders.vendorId, order.vendorId), eq(orders.id, order.id)))
      const reason = request.narration ? `: ${request.narration}` : ''
      await addOrderEvent(
        tx,
        order,
        {
          kind: 'refund',
          message: `Refund of ${nairaText(amount)} sent to ${payer.accountName} (${payer.bankName} ${payer.accountNumber})${reason}`,
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
      throw new ApiError(
        409,
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was used for an earlier refund; use a new key for a new refund',
      )
    })
  const transaction = await submitToBank(deps, pending, (transfer) => deps.banking.transfer(transfer))
  return { order: await findOrder(db, actor.vendorId, request.reference), transaction }
}
