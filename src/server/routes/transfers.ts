import { and, eq } from 'drizzle-orm'

import type { bankingEndpoints } from '#contract/banking'

import { sendLowStockNotices } from '../catalogue/stock'
import type { Db } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { transactions, wallets } from '../db/schema'
import { ApiError, notFound } from '../errors'
import { idempotencyKeyOf } from '../http/idempotency'
import type { Guard, HandlersFor } from '../http/types'
import { sendAnswer, sendMoney } from '../money/transfers'
import { verifyWebhookSignature } from '../money/webhook-signature'
import { receiveBankCredit } from '../orders/inbound'

type MoneyEndpoints = Pick<typeof bankingEndpoints, 'sendMoney' | 'bankInbound'>

async function creditByProviderReference(db: Db, vendorId: string, providerReference: string) {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.vendorId, vendorId), eq(transactions.providerReference, providerReference)))
  return row
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
    const existing = await creditByProviderReference(db, wallet.vendorId, body.providerReference)
    if (existing) return { data: { transactionId: existing.id, duplicate: true }, message: 'Already recorded' }
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
      // The same notice delivered twice at once: the unique index let one credit through; answer like a replay.
      const raced = isUniqueViolation(error) ? await creditByProviderReference(db, wallet.vendorId, body.providerReference) : undefined
      if (!raced) throw error
      return { data: { transactionId: raced.id, duplicate: true }, message: 'Already recorded' }
    }
  },
}
