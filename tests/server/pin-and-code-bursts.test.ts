import { describe, expect, it } from 'vitest'
import { call, makeApp } from './harness'
import { sender } from './money-helpers'

/*
 * Guessing under a concurrent burst: each guess is counted before it is checked, so a burst from one stolen session
 * has at most the limit evaluated, however many requests are in flight at once.
 */

describe('changing the PIN with the account password, under a burst', () => {
  it('checks at most 5 of 20 concurrent wrong passwords; a late right one is refused', async () => {
    const t = await makeApp()
    const s = await sender(t)
    const initiate = (password: string) =>
      call(t.app, 'PATCH', '/pin/initiate/change', { token: s.token, body: { password } })
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => initiate(`wrong-${i}`)))

    // A 422 is a password that was hashed and compared; a 429 was refused before the hash.
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(5)
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15)
    expect(statuses.filter((status) => status !== 422 && status !== 429)).toEqual([])
    expect((await initiate(s.owner.password)).status).toBe(429)
    expect(t.notifier.outbox.filter((message) => message.subject === 'Your PIN change code')).toHaveLength(0)
  })

  it('a right password releases the count it reserved', async () => {
    const t = await makeApp()
    const s = await sender(t)
    const initiate = (password: string) =>
      call(t.app, 'PATCH', '/pin/initiate/change', { token: s.token, body: { password } })
    for (let i = 0; i < 4; i++) expect((await initiate('not-it')).status).toBe(422)
    expect((await initiate(s.owner.password)).status).toBe(200)
    // Released: the owner who got it right is not one wrong try from the lock.
    expect((await initiate('not-it')).status).toBe(422)
    expect((await initiate('not-it')).status).toBe(422)
  })
})
