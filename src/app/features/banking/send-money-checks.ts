import { THIRD_PARTY_OFF_MESSAGE } from '#contract/banking'
import { totalDebit } from '#contract/charges'
import { formatKobo } from '#contract/naira'

/*
 * What the Confirm step can already tell before anyone types a PIN (decision 087). A refusal the app could have
 * foreseen must not appear under the PIN boxes, where it reads as "your PIN was wrong". The server still checks
 * both: these only decide what the screen says and whether Send is offered.
 */

export const insufficientBalance = (total: number, balance: number) =>
  `Insufficient balance: this transfer needs ${formatKobo(total)} (amount plus charge) and your wallet has ${formatKobo(balance)}.`

export interface ConfirmFacts {
  amount: number
  /** Unknown until the charge is known. */
  fee: number | undefined
  /** Unknown to a member who may send but not see the wallet (VENDOR_WALLET): then only the server can say. */
  balance: number | undefined
  /** Unknown while loading: then nothing is claimed. */
  thirdPartyEnabled: boolean | undefined
  settlement: { accountNumber: string; bankCode: string } | null | undefined
  destination: { accountNumber: string; bankCode: string }
}

/** Why this transfer cannot go, in the words the Confirm step shows; null when nothing known stops it. */
export function confirmProblem(facts: ConfirmFacts): string | null {
  if (facts.thirdPartyEnabled === false && facts.settlement !== undefined) {
    const own =
      facts.settlement?.accountNumber === facts.destination.accountNumber && facts.settlement.bankCode === facts.destination.bankCode
    if (!own) return THIRD_PARTY_OFF_MESSAGE
  }
  if (facts.fee !== undefined && facts.balance !== undefined) {
    const total = totalDebit(facts.amount, facts.fee)
    if (total > facts.balance) return insufficientBalance(total, facts.balance)
  }
  return null
}
