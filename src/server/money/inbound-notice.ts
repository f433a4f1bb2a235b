import { and, eq, isNotNull, or } from 'drizzle-orm'

import { sendLowStockNotices } from '../catalogue/stock'
import type { Db } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { transactions, wallets } from '../db/schema'
import type { AppDeps } from '../deps'
import { notFound } from '../errors'
import { receiveBankCredit } from '../orders/inbound'
import { orderAccountByNumber } from '../orders/payment-accounts'

/**
 * Money that reached one of our accounts, as any provider's notice says it once read and verified: the sandbox's
 * signed notice (POST /webhooks/bank/inbound) and a real provider's webhook both come down to this.
 */
export interface InboundNotice {
  /** The account the money was paid into: a wallet's virtual account, or an order's own account (issue 36). */
  accountNumber: string
  /** Kobo. */
  amount: number
  /** The provider's own reference for the credit: notified again, it is the same credit. */
  providerReference: string
  /** The 30-digit NIP session ID: one transfer, whatever reference it is notified under (issue 35). */
  sessionId: string
  originatorAccountName: string
  originatorBankName: string
  originatorAccountNumber: string
  narration?: string | null
}

export interface InboundOutcome {
  data: { transactionId: string; duplicate: boolean }
  message: string
}

/**
 * The credit a notice was already recorded as: the same provider reference (the notice sent again), or the same NIP
 * session under another reference (one transfer notified twice, issue 35). Both are unique per vendor among notices
 * (transactions_provider_reference_uq, transactions_provider_session_uq), so the insert itself refuses a second one.
 */
async function creditOfNotice(db: Db, vendorId: string, notice: { providerReference: string; sessionId: string }) {
  const [row] = await db
    .select({ id: transactions.id, reference: transactions.reference, providerReference: transactions.providerReference })
    .from(transactions)
    .where(
      and(
        eq(transactions.vendorId, vendorId),
        or(
          eq(transactions.providerReference, notice.providerReference),
          and(eq(transactions.sessionId, notice.sessionId), isNotNull(transactions.providerReference)),
        ),
      ),
    )
    .limit(1)
  return row
}

/** A notice of money already credited: answered with the first credit, and said as such in the operator's log. */
function duplicateNotice(
  deps: AppDeps,
  notice: InboundNotice,
  first: NonNullable<Awaited<ReturnType<typeof creditOfNotice>>>,
): InboundOutcome {
  const sameReference = first.providerReference === notice.providerReference
  deps.metrics.notice('duplicate')
  deps.logger.warn(
    sameReference
      ? `[banking] inbound notice ${notice.providerReference} to ${notice.accountNumber}: duplicate, already credited as ${first.reference}; not credited again`
      : `[banking] inbound notice ${notice.providerReference} to ${notice.accountNumber}: duplicate of NIP session ${notice.sessionId}, already credited as ${first.reference} (provider reference ${first.providerReference}); not credited again`,
  )
  return {
    data: { transactionId: first.id, duplicate: true },
    message: sameReference ? 'Already recorded' : 'Already recorded under another provider reference (same NIP session)',
  }
}

/**
 * Credits the wallet whose account the notice names, once: a notice already recorded (by provider reference or NIP
 * session) answers the first credit and writes nothing. Throws 404 when no main or outlet wallet has the account.
 */
export async function receiveInboundNotice(deps: AppDeps, notice: InboundNotice): Promise<InboundOutcome> {
  const { db } = deps
  const started = performance.now()
  // An order's own account first (issue 36): its money goes to the vendor's main wallet and pays that order.
  const paidInto = await orderAccountByNumber(db, notice.accountNumber)
  const [wallet] = paidInto
    ? await db
        .select()
        .from(wallets)
        .where(and(eq(wallets.vendorId, paidInto.vendorId), eq(wallets.kind, 'main')))
    : await db.select().from(wallets).where(eq(wallets.accountNumber, notice.accountNumber))
  if (!wallet || (wallet.kind !== 'main' && wallet.kind !== 'outlet')) throw notFound('Account')
  const existing = await creditOfNotice(db, wallet.vendorId, notice)
  if (existing) return duplicateNotice(deps, notice, existing)
  try {
    const { transaction, orderReference, notices } = await receiveBankCredit(db, {
      vendorId: wallet.vendorId,
      wallet,
      amount: notice.amount,
      originator: {
        accountName: notice.originatorAccountName,
        bankName: notice.originatorBankName,
        accountNumber: notice.originatorAccountNumber,
      },
      narration: notice.narration || undefined,
      sessionId: notice.sessionId,
      providerReference: notice.providerReference,
      createdAt: deps.clock.now(),
      paidInto,
    })
    // Committed: the signed-in users who may see this wallet hear of it, on whichever process (decision 107).
    await deps.events.publishCredit(db, transaction, deps.logger)
    deps.metrics.noticeCredited(started)
    // Durable messages, each up to a first try's wait with a slow provider: neither the live alert nor the bank's
    // answer waits for them (a bank that waits too long sends the notice again).
    if (notices.length > 0)
      deps.background.start(deps.logger, 'the low-stock notices of a credit', () => sendLowStockNotices(deps, notices))
    if (orderReference) {
      return { data: { transactionId: transaction.id, duplicate: false }, message: `Credit recorded as a payment of ${orderReference}` }
    }
    if (transaction.paidIntoOrderAccount) {
      return {
        data: { transactionId: transaction.id, duplicate: false },
        message: `Credit recorded; the account of ${transaction.paidIntoOrderAccount} had closed, so it is listed as unattached`,
      }
    }
    return { data: { transactionId: transaction.id, duplicate: false }, message: 'Credit recorded' }
  } catch (error) {
    // The same transfer notified twice at once: a unique index let one credit through; answer like a replay.
    const raced = isUniqueViolation(error) ? await creditOfNotice(db, wallet.vendorId, notice) : undefined
    if (!raced) throw error
    return duplicateNotice(deps, notice, raced)
  }
}
