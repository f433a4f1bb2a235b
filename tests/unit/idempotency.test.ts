import { describe, expect, it } from 'vitest'

import { ApiError } from '#app/lib/api'
import { afterFailure, attemptFor, outcomeUnknown } from '#app/lib/idempotency'

let n = 0
const key = () => `key-${++n}`

describe('payment attempts and their Idempotency-Key', () => {
  it('gives a new attempt a new key', () => {
    const a = attemptFor(null, 'body-1', key)
    const b = attemptFor(null, 'body-1', key)
    expect(a.key).not.toBe(b.key)
  })

  it('reuses the key when the same body is retried after a failure with no answer', () => {
    const first = attemptFor(null, 'body-1', key)
    const kept = afterFailure(first, new ApiError(0, 'NETWORK', 'offline'))
    expect(kept).toBe(first)
    expect(attemptFor(kept, 'body-1', key).key).toBe(first.key)
  })

  it('keeps the attempt after a 5xx, whose outcome is unknown too', () => {
    const first = attemptFor(null, 'body-1', key)
    expect(afterFailure(first, new ApiError(502, 'ERROR', 'Bad gateway'))).toBe(first)
    expect(outcomeUnknown(new ApiError(500, 'ERROR', 'x'))).toBe(true)
    // The server holds the first try with no answer yet: its outcome is unknown, the retry keeps the key.
    expect(afterFailure(first, new ApiError(409, 'IDEMPOTENCY_IN_PROGRESS', 'still being processed'))).toBe(first)
    expect(afterFailure(first, new ApiError(409, 'IDEMPOTENCY_MISMATCH', 'another request'))).toBeNull()
  })

  it('ends the attempt after a definite refusal such as a wrong PIN, so the next try has a new key', () => {
    const first = attemptFor(null, 'pin-1111', key)
    const after = afterFailure(first, new ApiError(422, 'INVALID_PIN', 'Incorrect PIN. 4 attempts remaining.'))
    expect(after).toBeNull()
    expect(attemptFor(after, 'pin-1234', key).key).not.toBe(first.key)
  })

  it('gives edited details a new key even while an unanswered attempt is pending', () => {
    const first = attemptFor(null, 'amount-5000', key)
    const kept = afterFailure(first, new ApiError(0, 'NETWORK', 'offline'))
    expect(attemptFor(kept, 'amount-6000', key).key).not.toBe(first.key)
  })
})
