import { useState } from 'react'

import type { ErrorCode } from '#contract/error-codes'

import { ApiError, errorMessage } from './api'
import { outcomeUnknown, stillChecking } from './idempotency'

/**
 * The server's refusals that are about the PIN itself. Only these are said under the PIN boxes: anything else it
 * refused (too little in the wallet, an inactive outlet) is not the PIN's fault, and is said on the confirm step.
 */
const PIN_REFUSALS: ReadonlySet<ApiError['code']> = new Set<ErrorCode>(['INVALID_PIN', 'PIN_LOCKED', 'PIN_NOT_SET'])

export const isPinRefusal = (error: unknown) => error instanceof ApiError && PIN_REFUSALS.has(error.code)

/**
 * The PIN step of a money action that is confirmed first, then authorised with the transaction PIN (Send Money,
 * outlet transfers and refunds, decision 086): the PinDialog's state and what a failed call does to it. Spread
 * `dialog` into <PinDialog>. Only the PIN's own refusals stay under the boxes; every other refusal closes them and
 * goes to the confirm step (decision 087), so nothing else reads as "your PIN was wrong".
 */
export function usePinStep() {
  const [open, setOpen] = useState(false)
  const [pin, setPin] = useState('')
  const [error, setError] = useState<string | null>(null)
  // The server still holds the first try (decision 125): said as news, not as an error, with Try again.
  const [notice, setNotice] = useState<string | null>(null)
  return {
    open,
    /** Opens the PIN boxes empty, from the confirm step's button. */
    start() {
      setPin('')
      setError(null)
      setNotice(null)
      setOpen(true)
    },
    close: () => setOpen(false),
    clearError: () => {
      setError(null)
      setNotice(null)
    },
    /** A problem of this attempt, not a refusal (the renewed name lookup failed): said under the boxes, PIN kept. */
    showError: setError,
    /**
     * After a failed call. Unknown outcome: said under the boxes, the PIN kept for 'Try again' with the same key.
     * A PIN refusal ('Incorrect PIN. 4 attempts remaining.'): said under the boxes, which are emptied. A refusal
     * for the confirm step: the dialog closes and the message is handed back for the confirm step to show.
     */
    failed(error: unknown, unknownMessage: string): string | null {
      if (outcomeUnknown(error)) {
        if (stillChecking(error)) setNotice(unknownMessage)
        else setError(unknownMessage)
        return null
      }
      if (isPinRefusal(error)) {
        setError(errorMessage(error))
        setPin('')
        return null
      }
      setOpen(false)
      return errorMessage(error)
    },
    dialog: { open, onOpenChange: setOpen, pin, onPinChange: setPin, error, notice },
  }
}
