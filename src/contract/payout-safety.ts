import * as v from 'valibot'

import { accountNumber, SettlementAccount } from './banking'
import { kobo } from './common'
import { endpoint } from './endpoint'

/*
 * Settlement and payout safety (issue 36; decisions 143, 144): Send Money's per-transfer and daily limits, and
 * cancelling a settlement account change while it cools off. The settlement account itself is in banking.ts.
 */

const pin = v.pipe(v.string('is required'), v.regex(/^\d{4}$/, 'must be 4 digits'))
/** A limit in kobo: at least ₦1, at most ₦10 billion (a typo of three zeros should not pass as a limit). */
const limitKobo = v.pipe(
  v.number('must be a whole number of kobo'),
  v.integer('must be a whole number of kobo'),
  v.minValue(100, 'must be at least ₦1'),
  v.maxValue(1_000_000_000_000, 'must be at most ₦10,000,000,000'),
)

export const SendLimits = v.object({
  /** What applies now, in kobo. */
  perTransfer: kobo,
  daily: kobo,
  /** Send Money's pending and successful sends since Lagos midnight, and what the daily limit leaves. */
  sentToday: kobo,
  leftToday: kobo,
  /** A raise waiting for the cooling-off period: the values and when they apply (ISO instant). */
  pendingRaise: v.nullable(v.object({ perTransfer: kobo, daily: kobo, from: v.string() })),
})

export const payoutSafetyEndpoints = {
  sendLimits: endpoint({
    method: 'GET',
    path: '/vendor/send-limits',
    summary: "Send Money's per-transfer and daily limits, what was sent today (Lagos day) and what is left.",
    // Send Money shows what is left before the PIN, so whoever may send may read them.
    permission: 'VENDOR_TRANSFERS',
    response: SendLimits,
  }),
  setSendLimits: endpoint({
    method: 'PUT',
    apiKey: false,
    path: '/vendor/send-limits',
    summary:
      'Owner only, with the PIN: set both limits (kobo). A lower value applies at once; a higher one after the settlement cooling-off period.',
    body: v.object({ perTransfer: limitKobo, daily: limitKobo, pin }),
    response: SendLimits,
    errors: ['OWNER_ONLY', 'INVALID_PIN'],
  }),
  cancelSettlementChange: endpoint({
    method: 'POST',
    apiKey: false,
    path: '/bank/settlement-account/cancel',
    summary:
      'Cancel a settlement account change still cooling off: payouts go back to the previous account (none if it was the first). The owner is told.',
    permission: ['VENDOR_SETTINGS', 'VENDOR_TRANSFERS'],
    // The account being cancelled, as the screen showed it: a stale screen cannot cancel a later change.
    body: v.object({ accountNumber }),
    response: v.nullable(SettlementAccount),
    errors: ['NO_SETTLEMENT_CHANGE'],
  }),
}
