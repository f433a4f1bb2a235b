import { and, eq, isNotNull, or } from 'drizzle-orm'

import type { bankingEndpoints } from '#contract/banking'

import { sendLowStockNotices } from '../catalogue/stock'
import type { Db } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { transactions, wallets } from '../db/schema'
import type { AppDeps } from '../deps'
import { ApiError, notFound } from '../errors'
import { idempotencyKeyOf } from '../http/idempotency'
import type { Guard, HandlersFor } from '../http/types'
import { sendAnswer, sendMoney } from '../money/transfers'
import { verifyWebhookSignature } from '../money/webhook-signature'
import { receiveBankCredit } from '../orders/inbound'

type MoneyEndpoints = Pick<typeof bankingEndpoints, 'sendMoney' | 'bankInbound'>

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
  notice: { providerReference: string; sessionId: string; accountNumber: string },
  first: NonNullable<Awaited<ReturnType<typeof creditOfNotice>>>,
) {
  const sameReference = first.providerReference === notice.providerReference
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

/** The provider signs the raw body; nothing in it is believed (or even parsed) before this passes. */
export const verifyBankSignature: Guard = async (c, deps) => {
  const raw = await c.req.text()
  if (!verifyWebhookSignature(raw, c.req.header('x-provider-signature'), deps.webhookSecret)) {
    throw new ApiError(401, 'INVALID_SIGNATURE', 'The X-Provider-Signature header does not match the request body')
  }
}

export const moneyHandlers: HandlersFor<MoneyEndpoints> = {
  async sendMoney({ auth, body, c, deps }) {
    return sendAnswer(await sendMoney(deps, auth, { ...body, idempotencyKey: idempotencyKeyOf(c) }))
  },

  async bankInbound({ body, db, deps }) {
    const [wallet] = await db.select().from(wallets).where(eq(wallets.accountNumber, body.accountNumber))
    if (!wallet || (wallet.kind !== 'main' && wallet.kind !== 'outlet')) throw notFound('Account')
    const existing = await creditOfNotice(db, wallet.vendorId, body)
    if (existing) return duplicateNotice(deps, body, existing)
    try {
      const { transaction, orderReference, notices } = await receiveBankCredit(db, {
        vendorId: wallet.vendorId,
        wallet,
        amount: body.amount,
        originator: {
          accountName: body.originatorAccountName,
          bankName: body.originatorBankName,
          accountNumber: body.originatorAccountNumber,
        },
        narration: body.narration || undefined,
        sessionId: body.sessionId,
        providerReference: body.providerReference,
        createdAt: deps.clock.now(),
      })
      await sendLowStockNotices(deps, notices)
      // Committed: the signed-in users who may see this wallet hear of it, on whichever process (decision 107).
      await deps.events.publishCredit(db, transaction, deps.logger)
      if (orderReference) {
        return { data: { transactionId: transaction.id, duplicate: false }, message: `Credit recorded as a payment of ${orderReference}` }
      }
      return { data: { transactionId: transaction.id, duplicate: false }, message: 'Credit recorded' }
    } catch (error) {
      // The same transfer notified twice at once: a unique index let one credit through; answer like a replay.
      const raced = isUniqueViolation(error) ? await creditOfNotice(db, wallet.vendorId, body) : undefined
      if (!raced) throw error
      return duplicateNotice(deps, body, raced)
    }
  },
}
