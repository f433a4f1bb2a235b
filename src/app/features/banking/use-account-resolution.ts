import { useCallback, useEffect, useRef, useState } from 'react'
import type * as v from 'valibot'

import { ApiError } from '#app/lib/api'
import { notify } from '#app/lib/notify'
import type { ResolvedAccount } from '#contract/banking'
import { canCheckNuban, isValidNuban } from '#contract/nuban'

import { resolveAccount } from './queries'

export type Resolved = v.InferOutput<typeof ResolvedAccount>

export const RESOLVE_FAILED = 'Could not resolve account, please try again'
export const INVALID_NUBAN = 'This account number is not valid for the selected bank.'

/** The server's "requestId: has expired": the caller looks the name up again and carries on, never shows it. */
export const lookupExpired = (error: unknown) =>
  error instanceof ApiError && error.code === 'INVALID_REQUEST_ID' && error.message.includes('expired')

/**
 * A renewed lookup that names someone else than the person confirmed: never used silently, since money would go
 * to a name they did not see. `next` says what to do on that screen.
 */
export const accountRenamed = (accountName: string, next: string) => `The bank now gives this account's name as ${accountName}. ${next}`

export type Resolution =
  | { status: 'idle' }
  | { status: 'invalid'; message: string }
  | { status: 'resolving' }
  | { status: 'resolved'; account: Resolved }
  | { status: 'failed'; message: string }

/**
 * Name enquiry as the bank and account number are typed: once there are 10 digits and a bank, the NUBAN check
 * digit is verified here and, if it passes, the name is asked for. Any change clears the name at once, so a
 * name never stands beside a number it was not resolved for. A late answer for an old number is dropped.
 */
export function useAccountResolution(bankCode: string | undefined, accountNumber: string) {
  const [resolution, setResolution] = useState<Resolution>({ status: 'idle' })
  const [attempt, setAttempt] = useState(0)
  const current = useRef({ bankCode, accountNumber })
  current.current = { bankCode, accountNumber }

  useEffect(() => {
    if (!bankCode || !/^\d{10}$/.test(accountNumber)) {
      setResolution({ status: 'idle' })
      return
    }
    if (canCheckNuban(bankCode) && !isValidNuban(bankCode, accountNumber)) {
      setResolution({ status: 'invalid', message: INVALID_NUBAN })
      return
    }
    const controller = new AbortController()
    setResolution({ status: 'resolving' })
    resolveAccount(bankCode, accountNumber, controller.signal).then(
      (account) => {
        if (!controller.signal.aborted) setResolution({ status: 'resolved', account })
      },
      () => {
        if (controller.signal.aborted) return
        notify.error(RESOLVE_FAILED)
        setResolution({ status: 'failed', message: RESOLVE_FAILED })
      },
    )
    return () => controller.abort()
  }, [bankCode, accountNumber, attempt])

  const retry = useCallback(() => setAttempt((a) => a + 1), [])

  /**
   * A new requestId for the same account, for when the one held has expired (a vendor who left the confirm
   * screen open). Throws when the account no longer resolves.
   */
  const refresh = useCallback(async (): Promise<Resolved> => {
    const { bankCode: bank, accountNumber: number } = current.current
    if (!bank) throw new Error(RESOLVE_FAILED)
    const account = await resolveAccount(bank, number)
    setResolution({ status: 'resolved', account })
    return account
  }, [])

  // For the render between a keystroke and the effect above, a stale name must not count as resolved.
  const account = resolution.status === 'resolved' && resolution.account.accountNumber === accountNumber ? resolution.account : null

  return { resolution, account, retry, refresh }
}
