import { randomBytes } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'

import { setPinPepper } from '#server/auth/pin-hash'
import { users } from '#server/db/schema'
import { verifyPin } from '#server/money/pin'

import { makeApp } from '../harness'
import { PIN, pinAttempts, sender } from './helpers'

/*
 * Two API processes checking one user's PIN at once (decision 105). A second copy of the PIN module stands in for
 * the second process: it shares nothing in memory with the first, only the database. Whatever the interleaving,
 * the outcome must be one that tries made one at a time could give.
 */

/** verifyPin of a fresh copy of the module (its own memory, the same PIN key), as another process would run it. */
async function verifyPinOfAnotherProcess(): Promise<typeof verifyPin> {
  // Both processes share the key, as startServer requires of several processes on one database.
  const pepper = randomBytes(32)
  setPinPepper(pepper)
  vi.resetModules()
  const fresh = await import('#server/auth/pin-hash')
  fresh.setPinPepper(pepper)
  return (await import('#server/money/pin')).verifyPin
}

const outcome = (attempt: Promise<void>) =>
  attempt.then(
    () => 'accepted',
    (error: { code?: string }) => error.code ?? 'error',
  )

describe('one user tried from two processes at once', () => {
  it('a wrong try that locks and a right try: never both counted (the right one is refused once locked)', async () => {
    const t = await makeApp()
    const other = await verifyPinOfAnotherProcess()
    for (let round = 0; round < 10; round++) {
      const s = await sender(t)
      await t.db.update(users).set({ pinAttempts: 4 }).where(eq(users.id, s.owner.id))
      const [wrong, right] = await Promise.all([outcome(verifyPin(t.db, s.owner.row, '0000')), outcome(other(t.db, s.owner.row, PIN))])
      // One at a time gives either order: wrong (locks), then right refused; or right (resets), then wrong counted.
      expect([
        ['PIN_LOCKED', 'PIN_LOCKED'],
        ['INVALID_PIN', 'accepted'],
      ]).toContainEqual([wrong, right])
      expect(await pinAttempts(t.db, s.owner.id)).toBe(wrong === 'PIN_LOCKED' ? 5 : 1)
    }
  })

  it('a burst of wrong tries split over two processes counts five and evaluates no more', async () => {
    const t = await makeApp()
    const other = await verifyPinOfAnotherProcess()
    const s = await sender(t)
    const tries = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? verifyPin : other)(t.db, s.owner.row, String(1000 + i)))
    const outcomes = await Promise.all(tries.map(outcome))
    expect(outcomes.filter((code) => code === 'INVALID_PIN')).toHaveLength(4)
    expect(outcomes.filter((code) => code === 'PIN_LOCKED')).toHaveLength(16)
    expect(await pinAttempts(t.db, s.owner.id)).toBe(5)
    // Locked for both: the right PIN is refused by either process.
    expect(await outcome(verifyPin(t.db, s.owner.row, PIN))).toBe('PIN_LOCKED')
    expect(await outcome(other(t.db, s.owner.row, PIN))).toBe('PIN_LOCKED')
  })
})
