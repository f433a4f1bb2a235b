import type { bankingEndpoints } from '#contract/banking'

import { ApiError, notFound } from '../errors'
import { idempotencyKeyOf } from '../http/idempotency'
import type { Guard, HandlersFor } from '../http/types'
import { receiveInboundNotice } from '../money/inbound-notice'
import { PaystackBankingProvider } from '../money/paystack'
import { SandboxBankingProvider } from '../money/sandbox-bank'
import { sendAnswer, sendMoney } from '../money/transfers'
import { verifyWebhookSignature } from '../money/webhook-signature'

type MoneyEndpoints = Pick<typeof bankingEndpoints, 'sendMoney' | 'bankInbound'>

/**
 * The provider signs the raw body; nothing in it is believed (or even parsed) before this passes. With Paystack as the
 * provider its own webhook is the only way money comes in: the sandbox's notices are not served.
 */
export const verifyBankSignature: Guard = async (c, deps) => {
  if (deps.banking instanceof PaystackBankingProvider) throw notFound('Endpoint')
  const raw = await c.req.text()
  if (!verifyWebhookSignature(raw, c.req.header('x-provider-signature'), deps.webhookSecret)) {
    throw new ApiError(401, 'INVALID_SIGNATURE', 'The X-Provider-Signature header does not match the request body')
  }
}

export const moneyHandlers: HandlersFor<MoneyEndpoints> = {
  async sendMoney({ auth, body, c, deps }) {
    return sendAnswer(await sendMoney(deps, auth, { ...body, idempotencyKey: idempotencyKeyOf(c) }))
  },

  async bankInbound({ body, deps }) {
    // The sandbox plays the bank: its statement has the credit before its notice reaches the ledger (decision 146).
    if (deps.banking instanceof SandboxBankingProvider) await deps.banking.recordCredit(body)
    return receiveInboundNotice(deps, body)
  },
}
