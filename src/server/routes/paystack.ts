import type { bankingEndpoints } from '#contract/banking'

import { ApiError, notFound } from '../errors'
import type { Guard, HandlersFor } from '../http/types'
import { PaystackBankingProvider } from '../money/paystack'
import { handlePaystackEvent } from '../money/paystack/webhook'

/**
 * Only a server whose provider is Paystack takes Paystack's events, and only signed by its secret key: checked on the
 * raw body before anything in it is parsed or believed (decision 139).
 */
export const verifyPaystackWebhook: Guard = async (c, deps) => {
  if (!(deps.banking instanceof PaystackBankingProvider)) throw notFound('Endpoint')
  const raw = await c.req.text()
  if (!deps.banking.verifiesWebhook(raw, c.req.header('x-paystack-signature'))) {
    throw new ApiError(401, 'INVALID_SIGNATURE', 'The x-paystack-signature header does not match the request body')
  }
}

export const paystackHandlers: HandlersFor<Pick<typeof bankingEndpoints, 'paystackWebhook'>> = {
  async paystackWebhook({ body, deps }) {
    return handlePaystackEvent(deps, { event: body.event, data: body.data })
  },
}
