import { ApiError } from './api'

/**
 * One payment attempt: the Idempotency-Key sent with a money call and a fingerprint of what it sends.
 *
 * - The same attempt retried after a failure that may or may not have reached the server (no answer, a
 *   timeout, a 5xx) reuses its key, so the server replays the first answer instead of moving money twice.
 * - Anything the server answered for certain (a wrong PIN, too little balance, a 409 other than "still being
 *   processed") ends the attempt: the
 *   money did not move, and the next try is a new attempt with a new key. Reusing the key there would make
 *   the server replay the refusal, or answer 409 because the PIN in the body changed.
 * - Changed details (another amount, a new name enquiry) change the fingerprint, so they get a new key.
 */
export interface Attempt {
  key: string
  fingerprint: string
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID()
}

/** The attempt to send `fingerprint` with: the pending one when it is a retry of the same thing, else a new one. */
export function attemptFor(pending: Attempt | null, fingerprint: string, newKey: () => string = newIdempotencyKey): Attempt {
  return pending && pending.fingerprint === fingerprint ? pending : { key: newKey(), fingerprint }
}

/**
 * The server still holds this key for a first request it has no answer for yet: still running, or its process
 * gone and not yet recovered (decision 125). Its outcome is unknown, so the retry keeps the key.
 */
export function stillChecking(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'IDEMPOTENCY_IN_PROGRESS'
}

/** Whether the outcome of a failed call is unknown, so that retrying must reuse the key. */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true
  return error.status === 0 || error.status === 408 || error.status >= 500 || stillChecking(error)
}

/** After a failure: keep the attempt for a retry when the outcome is unknown, else forget it. */
export function afterFailure(attempt: Attempt, error: unknown): Attempt | null {
  return outcomeUnknown(error) ? attempt : null
}
