import { REFUND_TYPES } from '../../../contract/orders'
import { formatKobo, koboToNairaInput, parseNairaToKobo } from '../../lib/money'

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
 * SPEC §5: the refund is at most the amount paid; FULL fixes it (to what is still refundable: the amount paid less
 * earlier refunds, which the server counts too), PARTIAL needs an amount typed by hand.
 */
export function refundAmount(draft: RefundDraft, refundable: number, amountPaid: number): RefundAmount {
  if (draft.type === 'FULL') return { kobo: refundable > 0 ? refundable : null, text: koboToNairaInput(refundable) }
  const text = draft.amount
  if (!text.trim()) return { kobo: null, text }
  const kobo = parseNairaToKobo(text)
  if (kobo === null) return { kobo: null, text, error: 'Enter a valid amount.' }
  if (kobo <= 0) return { kobo: null, text, error: 'Enter an amount greater than zero.' }
  if (kobo > refundable) {
    const error =
      refundable === amountPaid
        ? `Amount cannot be more than the amount paid (${formatKobo(amountPaid)}).`
        : `Amount cannot be more than ${formatKobo(refundable)}: the amount paid less earlier refunds.`
    return { kobo: null, text, error }
  }
  return { kobo, text }
}
