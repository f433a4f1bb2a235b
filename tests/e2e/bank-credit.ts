import { randomInt, randomUUID } from 'node:crypto'

import { expect } from 'vitest'

import { DEV_WEBHOOK_SECRET, signWebhookBody } from '#server/money/webhook-signature'

/** Who sends the money: their name, bank and account (the server tells payers apart by bank and account). */
export interface Payer {
  name: string
  bank: string
  accountNumber: string
}

/** The customer most journeys have pay. */
export const ADA_OBI: Payer = { name: 'Ada Obi', bank: 'Access Bank', accountNumber: '0690000031' }

export interface Credit {
  /** The account credited: an order's own account, an outlet's or the vendor's wallet. */
  accountNumber: string
  /** In kobo. */
  amount: number
  /** Left out, the transfer carries no narration at all (an order's own account needs none). */
  narration?: string
  from?: Payer
}

/**
 * The customer's bank telling ours that money arrived: what `npm run sandbox -- credit …` sends (scripts/sandbox.ts),
 * a notice to POST /api/webhooks/bank/inbound signed with the sandbox secret every e2e server checks with. Each call
 * is a new transfer (its own provider reference and session). Fails the test unless the server takes it (200), and
 * answers the server's message, e.g. "Credit recorded as a payment of ORD-…".
 */
export async function bankCredit(origin: string, { accountNumber, amount, narration, from = ADA_OBI }: Credit): Promise<string> {
  const body = JSON.stringify({
    accountNumber,
    amount,
    providerReference: `e2e-${randomUUID()}`,
    sessionId: Array.from({ length: 30 }, () => randomInt(0, 10)).join(''),
    originatorAccountName: from.name,
    originatorBankName: from.bank,
    originatorAccountNumber: from.accountNumber,
    ...(narration === undefined ? {} : { narration }),
  })
  const response = await fetch(`${origin}/api/webhooks/bank/inbound`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Provider-Signature': signWebhookBody(body, DEV_WEBHOOK_SECRET) },
    body,
  })
  const answer = (await response.json()) as { message: string }
  expect(response.status, `the bank credit was refused: ${answer.message}`).toBe(200)
  return answer.message
}
