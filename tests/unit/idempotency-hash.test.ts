import { describe, expect, it } from 'vitest'

import { requestHash } from '#server/http/idempotency'

describe('the stored idempotency request hash', () => {
  it('leaves the PIN out, so a stolen hash cannot be brute-forced back to it', () => {
    const a = requestHash('sendMoney', undefined, { amount: 150050, requestId: 'r1', pin: '1234' })
    const b = requestHash('sendMoney', undefined, { amount: 150050, requestId: 'r1', pin: '9999' })
    expect(a).toBe(b)
  })

  it('still tells different requests apart, whatever the key order', () => {
    const a = requestHash('sendMoney', undefined, { amount: 150050, requestId: 'r1' })
    expect(requestHash('sendMoney', undefined, { requestId: 'r1', amount: 150050 })).toBe(a)
    expect(requestHash('sendMoney', undefined, { amount: 150051, requestId: 'r1' })).not.toBe(a)
  })
})
