import { lagosMinuteText } from '#contract/lagos-time'
import { formatKobo } from '#contract/naira'

/*
 * What Send Money's Confirm step can tell about the limits and the settlement account's cooling-off before the
 * PIN (decisions 143, 144), in the server's words. The server's send_debit is what counts; these only decide what
 * the screen says and whether Send is offered.
 */

export interface LimitsFacts {
  perTransfer: number
  daily: number
  leftToday: number
}

/** "₦19,750,000.00 of your ₦20,000,000.00 daily limit is left today." */
export const leftTodayText = (limits: LimitsFacts) =>
  `${formatKobo(limits.leftToday)} of your ${formatKobo(limits.daily)} daily limit is left today.`

/** Why this amount or destination cannot go now; null when nothing known stops it. */
export function payoutProblem(
  amount: number,
  limits: LimitsFacts | undefined,
  settlement: { accountNumber: string; bankCode: string; usableFrom?: string | null } | null | undefined,
  destination: { accountNumber: string; bankCode: string },
  now = Date.now(),
): string | null {
  const usableFrom = settlement?.usableFrom
  if (
    usableFrom &&
    new Date(usableFrom).getTime() > now &&
    settlement.accountNumber === destination.accountNumber &&
    settlement.bankCode === destination.bankCode
  ) {
    return `Your new settlement account can receive payouts from ${lagosMinuteText(usableFrom)} (Lagos time). If you did not make this change, cancel it in Settings → Payout settings.`
  }
  if (!limits) return null
  if (amount > limits.perTransfer) return `Your limit per transfer is ${formatKobo(limits.perTransfer)}. ${leftTodayText(limits)}`
  if (amount > limits.leftToday) {
    return `This would pass your daily limit of ${formatKobo(limits.daily)}: ${formatKobo(limits.leftToday)} is left today.`
  }
  return null
}
