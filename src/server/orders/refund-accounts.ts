import { and, asc, desc, eq } from 'drizzle-orm'

import { bankNamed } from '#contract/bank-names'

import type { Db } from '../db/client'
import { type OrderRow, refunds } from '../db/sales-schema'
import { type TransactionRow, transactions } from '../db/schema'
import { BANKS } from '../money/banks'
import { mainWalletScope } from '../money/transaction-queries'

/*
 * Where a refund may go, and how much (docs/decisions/034-refunds-by-transfer.md): back to an account that paid
 * the order, never more than that account paid less what was already sent back to it (pending or done). Several
 * accounts may pay one order (instalments, a relative topping up); refunds go to the newest payer first, then the
 * one before. Without this cap, anyone could pay 1 kobo towards someone else's order and have a team member's
 * refund send them the whole order.
 */

/** An account that paid the order, and what may still go back to it. */
export interface RefundAccount {
  accountNumber: string
  /** As the payment named it; matched to a bank we can send to (BANKS) when the refund is made. */
  bankName: string
  accountName: string
  paid: number
  /** paid − refunds to this account that are pending or succeeded. */
  remaining: number
}

type Payment = Pick<TransactionRow, 'amount' | 'originatorAccountNumber' | 'originatorBankName' | 'originatorAccountName'>
/** A refund of the order, with the account its debit was sent to. */
export interface SentRefund {
  amount: number
  status: 'pending' | 'success' | 'failed'
  accountNumber: string | null
  bankName: string | null
}

/**
 * Account numbers are per bank (NUBAN), so an account is its number and its bank. The bank by its code where the
 * name is one we know: a payment names its bank as the sender's bank wrote it ("GTBank"), a refund's debit by its
 * registered name ("Guaranty Trust Bank"), and both must be one account or its refunds would not count against it.
 */
const accountKey = (accountNumber: string, bankName: string | null) => {
  const bank = bankName ? bankNamed(BANKS, bankName) : undefined
  return `${accountNumber}|${bank ? `code:${bank.code}` : (bankName ?? '').trim().toLowerCase()}`
}

/**
 * The accounts that paid, newest payer first, each with what may still go back to it.
 * @param payments the order's successful credits, oldest first.
 */
export function refundAccounts(payments: readonly Payment[], sent: readonly SentRefund[]): RefundAccount[] {
  const accounts = new Map<string, RefundAccount>()
  for (const payment of payments) {
    if (!payment.originatorAccountNumber) continue
    const key = accountKey(payment.originatorAccountNumber, payment.originatorBankName)
    const account = accounts.get(key) ?? {
      accountNumber: payment.originatorAccountNumber,
      bankName: payment.originatorBankName ?? '',
      accountName: payment.originatorAccountName ?? '',
      paid: 0,
      remaining: 0,
    }
    account.paid += payment.amount
    account.remaining += payment.amount
    // Re-inserted so the map ends ordered by each account's newest payment.
    accounts.delete(key)
    accounts.set(key, account)
  }
  for (const refund of sent) {
    if (refund.status === 'failed' || !refund.accountNumber) continue
    const account = accounts.get(accountKey(refund.accountNumber, refund.bankName))
    if (account) account.remaining -= refund.amount
  }
  return [...accounts.values()].reverse()
}

/** The account the next refund goes to (the newest payer with something left), or null when there is none. */
export function nextRefundAccount(accounts: readonly RefundAccount[]): RefundAccount | null {
  return accounts.find((account) => account.remaining > 0) ?? null
}

/** What the next refund of the order may return: at most what is left of what was paid, and of its account's. */
export function nextRefundAmount(
  order: Pick<OrderRow, 'amountPaid' | 'amountRefundCommitted'>,
  accounts: readonly RefundAccount[],
): number {
  return Math.min(order.amountPaid - order.amountRefundCommitted, nextRefundAccount(accounts)?.remaining ?? 0)
}

/** The order's payments (oldest first) and refunds with their accounts, as refundAccounts reads them. */
export function orderPayments(db: Db, order: Pick<OrderRow, 'vendorId' | 'reference'>) {
  return db
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
    .orderBy(asc(transactions.createdAt), asc(transactions.id))
}

/** The order's refunds, newest first, each with its debit's reference and the account it went to. */
export function orderRefunds(db: Db, order: Pick<OrderRow, 'vendorId' | 'id'>) {
  return db
    .select({
      refund: refunds,
      reference: transactions.reference,
      accountNumber: transactions.beneficiaryAccountNumber,
      bankName: transactions.beneficiaryBankName,
    })
    .from(refunds)
    .innerJoin(transactions, and(eq(transactions.vendorId, refunds.vendorId), eq(transactions.id, refunds.transactionId)))
    .where(and(eq(refunds.vendorId, order.vendorId), eq(refunds.orderId, order.id)))
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
}

/** Reads both and answers the accounts (inside the caller's transaction, with the order locked, for a refund). */
export async function loadRefundAccounts(db: Db, order: Pick<OrderRow, 'vendorId' | 'id' | 'reference'>): Promise<RefundAccount[]> {
  // In sequence: inside a transaction both would share one connection.
  const payments = await orderPayments(db, order)
  const sent = await orderRefunds(db, order)
  return refundAccounts(
    payments,
    sent.map((row) => ({ amount: row.refund.amount, status: row.refund.status, accountNumber: row.accountNumber, bankName: row.bankName })),
  )
}
