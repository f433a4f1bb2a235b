import { parseNairaToKobo } from '#contract/money'
import { formatKobo, koboToNairaInput } from '#contract/naira'
import { REFUND_TYPES } from '#contract/orders'

export type RefundType = (typeof REFUND_TYPES)[number]

export interface RefundDraft {
  type: RefundType
  /** As typed, naira ('1500.50'); only read for PARTIAL. */
  amount: string
  reason: string
}

export const EMPTY_REFUND: RefundDraft = { type: 'FULL', amount: '', reason: '' }

/** What the amount field shows and what the refund sends, with the message under the field when it is wrong. */
export interface RefundAmount {
  /** Kobo to refund; null while there is nothing valid to send. */
  kobo: number | null
  /** The field's text: FULL shows the fixed refundable amount, PARTIAL what was typed. */
  text: string
  error?: string
}

/**
 * SPEC §5: the refund is at most the amount paid; FULL fixes it (to what is still refundable, which the server
 * works out: the amount paid less earlier refunds, and no more than the account it goes back to paid, decision
 * 034), PARTIAL needs an amount typed by hand. The message under the field says which limit was hit.
 */
export function refundAmount(draft: RefundDraft, refundable: number, amountPaid: number, amountRefunded = 0): RefundAmount {
  if (draft.type === 'FULL') return { kobo: refundable > 0 ? refundable : null, text: koboToNairaInput(refundable) }
  const text = draft.amount
  if (!text.trim()) return { kobo: null, text }
  const kobo = parseNairaToKobo(text)
  if (kobo === null) return { kobo: null, text, error: 'Enter a valid amount.' }
  if (kobo <= 0) return { kobo: null, text, error: 'Enter an amount greater than zero.' }
  if (kobo > refundable) return { kobo: null, text, error: tooMuch(refundable, amountPaid, amountRefunded) }
  return { kobo, text }
}

function tooMuch(refundable: number, amountPaid: number, amountRefunded: number): string {
  if (refundable === amountPaid) return `Amount cannot be more than the amount paid (${formatKobo(amountPaid)}).`
  // Less than what is left in all: several accounts paid, and a refund goes back to one of them at most what it paid.
  if (refundable < amountPaid - amountRefunded)
    return `Amount cannot be more than ${formatKobo(refundable)}: the most one refund can return to the account that paid.`
  return `Amount cannot be more than ${formatKobo(refundable)}: the amount paid less earlier refunds.`
}
