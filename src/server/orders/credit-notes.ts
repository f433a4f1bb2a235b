import { and, eq, isNotNull, lt, sql } from 'drizzle-orm'

import { documentNumberText, parseDocumentNumber } from '#contract/document-numbers'

import type { Db } from '../db/client'
import { customers, orders, refunds } from '../db/sales-schema'
import { transactions } from '../db/schema'
import { notFound } from '../errors'

/*
 * A credit note as its document prints it (issue 42, decision 195). A credit note is a number on a refund that
 * reached the payer of an invoice (decision 191), so everything here is read from the refund, its invoice and its
 * debit; nothing is stored for the document.
 */

export interface CreditNote {
  /** 'CN-000001'. */
  number: string
  /** When the refund reached the payer: when the credit note was numbered (refund-outcome.ts). */
  issuedAt: Date
  invoice: { number: string | null; reference: string; createdAt: Date; total: number; currency: string }
  /** The invoice's customer by name; null for an anonymous one. */
  customerName: string | null
  amount: number
  /** The tax in `amount`, per tax line of the invoice (creditedTaxes). */
  taxes: { name: string; percentage: number; amount: number }[]
  reason: string | null
  /** The debit that sent the money back: what the payer's bank statement shows. */
  refundReference: string
}

/** tax × part ÷ whole rounded half up to the kobo, in BigInt: tax × part can pass 2^53 on a large invoice. */
function share(tax: number, part: number, whole: number): number {
  const [t, p, w] = [BigInt(tax), BigInt(part), BigInt(whole)]
  return Number((2n * t * p + w) / (2n * w))
}

/**
 * The tax in a credit note, per tax line of its invoice. The invoice's refunds count against its total in credit-note
 * order: this one covers the total from `before` (what earlier credit notes credited) to `before + amount`, both
 * capped at the total, and its share of a tax is the difference of the tax's shares at the two ends. So the shares
 * of an invoice's credit notes add up to its tax to the kobo once the total is credited, and a credit note's share
 * never changes after it is issued (it reads only the invoice's own figures and earlier credit notes). Money credited
 * beyond the total (an overpayment sent back) carries no tax.
 */
export function creditedTaxes(
  invoice: { total: number; taxes: readonly { name: string; bps: number; amount: number }[] },
  before: number,
  amount: number,
): CreditNote['taxes'] {
  const { total } = invoice
  const from = Math.min(before, total)
  const to = Math.min(before + amount, total)
  return invoice.taxes.map((tax) => ({
    name: tax.name,
    percentage: tax.bps / 100,
    amount: total > 0 ? share(tax.amount, to, total) - share(tax.amount, from, total) : 0,
  }))
}

/** The vendor's credit note by its number ('CN-000001'); 404 for one it does not have. */
export async function findCreditNote(db: Db, vendorId: string, numberText: string): Promise<CreditNote> {
  const number = parseDocumentNumber('credit_note', numberText)
  if (number === null) throw notFound('Credit note')
  const [found] = await db
    .select({ refund: refunds, order: orders, refundReference: transactions.reference, anonymous: customers.isAnonymous })
    .from(refunds)
    .innerJoin(orders, and(eq(orders.vendorId, refunds.vendorId), eq(orders.id, refunds.orderId)))
    .innerJoin(transactions, and(eq(transactions.vendorId, refunds.vendorId), eq(transactions.id, refunds.transactionId)))
    .leftJoin(customers, and(eq(customers.vendorId, orders.vendorId), eq(customers.id, orders.customerId)))
    .where(and(eq(refunds.vendorId, vendorId), eq(refunds.creditNoteNumber, number)))
  if (!found) throw notFound('Credit note')
  const { refund, order } = found
  const [earlier] = await db
    .select({ amount: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(
      and(
        eq(refunds.vendorId, vendorId),
        eq(refunds.orderId, order.id),
        isNotNull(refunds.creditNoteNumber),
        lt(refunds.creditNoteNumber, number),
      ),
    )
  return {
    number: documentNumberText('credit_note', number),
    issuedAt: refund.updatedAt,
    invoice: {
      number: order.invoiceNumber === null ? null : documentNumberText('invoice', order.invoiceNumber),
      reference: order.reference,
      createdAt: order.createdAt,
      total: order.amount,
      currency: order.currency,
    },
    customerName: found.anonymous === false ? order.customerName : null,
    amount: refund.amount,
    taxes: creditedTaxes({ total: order.amount, taxes: order.taxes }, Number(earlier?.amount ?? 0), refund.amount),
    reason: refund.reason,
    refundReference: found.refundReference,
  }
}
