import { and, eq, inArray } from 'drizzle-orm'

import type { LowStockNotice } from '../catalogue/stock'
import { findOrCreateCustomer, findOrCreatePayer } from '../customers/upsert'
import type { Db } from '../db/client'
import { type OrderPaymentAccountRow, orders } from '../db/sales-schema'
import { type TransactionRow, transactions, type WalletRow } from '../db/schema'
import { enqueuePaymentSms } from '../events/payment-sms'
import { type BankCreditInput, creditFromBankWithin } from '../money/ledger'
import { paymentReceived } from '../webhooks/events'
import { accountTakesPayment, settleAccountStatus } from './payment-accounts'
import { applyPayment, PAYABLE_STATUSES } from './payments'
import { lockOrderById } from './queries'

/*
 * Money arriving by bank transfer (docs/decisions/036-payment-matching-and-stock.md). A narration quoting one of
 * the vendor's order references pays that order; anything else is an offline credit the vendor can match later.
 * Either way the paying account becomes (or is found as) a customer: for an order, preferably the order's own.
 */

/** ORD-… or INV-… with 8 characters, anywhere in a narration, any case. */
const ORDER_REFERENCE_IN_TEXT = /\b(ORD|INV)-[A-Z0-9]{8}\b/i

/**
 * The first order reference quoted in a narration, upper-cased. References never contain O, I or L (Crockford's
 * base32, see newOrderReference), so a customer who typed one of them meant 0 or 1, and is read that way.
 */
export function orderReferenceIn(text: string | null | undefined): string | null {
  const found = text ? ORDER_REFERENCE_IN_TEXT.exec(text) : null
  if (!found) return null
  const [prefix, body] = found[0].toUpperCase().split('-') as [string, string]
  return `${prefix}-${body.replace(/O/g, '0').replace(/[IL]/g, '1')}`
}

export interface ReceivedCredit {
  transaction: TransactionRow
  /** The order it paid, if it quoted one that could be paid. */
  orderReference: string | null
  notices: LowStockNotice[]
}

/**
 * Records an inbound credit, in one database transaction: the order it pays (locked first: orders before
 * wallets, as everywhere), the payer as a customer, the ledger credit marked as matched or offline, and the
 * order's payment. Only the main wallet's account is on order pages, so only its credits pay orders.
 *
 * `paidInto` is an order's own account the money went to (issue 36): it pays that order with no narration while
 * the account lasts and the order is open (accountTakesPayment). Closed, the narration may still name an order;
 * otherwise the credit is an offline credit marked with the order it was meant for, unattached (decision 147).
 */
export async function receiveBankCredit(
  db: Db,
  input: Omit<BankCreditInput, 'order' | 'customer' | 'wallet'> & {
    wallet: WalletRow
    createdAt: Date
    paidInto?: OrderPaymentAccountRow
  },
): Promise<ReceivedCredit> {
  const { paidInto, ...credit } = input
  const reference = input.wallet.kind === 'main' ? orderReferenceIn(input.narration) : null
  return db.transaction(async (tx) => {
    const intended = paidInto ? await lockOrderById(tx, input.vendorId, paidInto.orderId) : undefined
    let order = paidInto && intended && accountTakesPayment(paidInto, intended, input.createdAt) ? intended : undefined
    if (!order && reference && reference === intended?.reference) {
      order = PAYABLE_STATUSES.includes(intended.status) ? intended : undefined
    } else if (!order && reference) {
      ;[order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.vendorId, input.vendorId), eq(orders.reference, reference), inArray(orders.status, PAYABLE_STATUSES)))
        .for('update')
    }
    const payer = order
      ? await findOrCreatePayer(tx, order, input.originator, input.createdAt)
      : await findOrCreateCustomer(tx, input.vendorId, { account: input.originator }, input.createdAt)
    let { transaction } = await creditFromBankWithin(tx, {
      ...credit,
      customer: { id: payer.id, name: payer.name },
      order: order ? { reference: order.reference, shareable: order.isShareable } : undefined,
    })
    if (paidInto && intended && !order) {
      // Into a closed account and naming no open order: the vendor is shown it to attach (decision 147).
      const [marked] = await tx
        .update(transactions)
        .set({ paidIntoOrderAccount: intended.reference })
        .where(and(eq(transactions.vendorId, input.vendorId), eq(transactions.id, transaction.id)))
        .returning()
      transaction = marked ?? transaction
    }
    const { order: paid, notices } = order ? await applyPayment(tx, order, transaction, input.createdAt) : { order, notices: [] }
    if (paidInto && intended) await settleAccountStatus(tx, paidInto, order === intended && paid ? paid : intended, input.createdAt)
    await enqueuePaymentSms(tx, transaction)
    await paymentReceived(tx, transaction, order?.reference ?? null)
    return { transaction, orderReference: order?.reference ?? null, notices }
  })
}
