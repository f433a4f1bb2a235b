import { randomUUID } from 'node:crypto'

import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { hashSecret } from '#server/auth/secrets'
import { idempotencyKeys, transactions, users } from '#server/db/schema'

import { createMember, makeApp, type TestApp } from '../harness'
import { enquiry, PIN, pinAttempts, send, sender, tokenFor } from '../money/helpers'

/*
 * Issue 17: an Idempotency-Key belongs to the user who claimed it. Another member of the vendor replaying it is
 * refused (409), never handed the stored answer; a replay of a PIN call must carry the right PIN again.
 */

let t: TestApp
beforeAll(async () => {
  t = await makeApp()
})

const OTHER_USER = {
  message: 'This Idempotency-Key was used by another person on your team; use a new key for a new request',
  code: 'IDEMPOTENCY_KEY_OTHER_USER',
}

/** A vendor whose owner and one member (with VENDOR_TRANSFERS and the PIN 1234 too) can both send. */
async function team() {
  const s = await sender(t, { balance: 1_000_000 })
  const member = await createMember(s, { permissions: ['VENDOR_TRANSFERS', 'VENDOR_WALLET'] })
  const [row] = await t.db
    .update(users)
    .set({ pinHash: await hashSecret(PIN) })
    .where(eq(users.id, member.id))
    .returning()
  return { s, member: { ...member, token: await tokenFor(t, row!) } }
}

const sendsWithKey = async (vendorId: string, key: string) =>
  t.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.vendorId, vendorId), eq(transactions.idempotencyKey, key)))

describe('Idempotency-Key per user', () => {
  it("refuses another member's replay of a completed send with 409, not the stored answer", async () => {
    const { s, member } = await team()
    const key = randomUUID()
    const body = { amount: 50_000, requestId: await enquiry(t, s), narration: 'Rice' }
    const first = await send(t, s.token, body, key)
    expect(first.status).toBe(201)

    const theirs = await send(t, member.token, body, key)
    expect(theirs.status).toBe(409)
    expect(theirs.body).toEqual(OTHER_USER)
    expect(theirs.headers.get('idempotent-replayed')).toBeNull()

    const mine = await send(t, s.token, body, key)
    expect(mine.status).toBe(201)
    expect(mine.headers.get('idempotent-replayed')).toBe('true')
    expect(mine.body.data.id).toBe(first.body.data.id)
    const [claim] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))
    expect(claim!.userId).toBe(s.owner.id)
  })

  it('two members sending one key at once: one send, and only its sender ever gets the answer', async () => {
    const { s, member } = await team()
    const key = randomUUID()
    const body = { amount: 50_000, requestId: await enquiry(t, s), narration: 'Rice' }
    const [a, b] = await Promise.all([send(t, s.token, body, key), send(t, member.token, body, key)])
    const statuses = [a.status, b.status].sort()
    expect(statuses).toEqual([201, 409])
    expect(await sendsWithKey(s.vendor.id, key)).toHaveLength(1)

    const [winner, loser] = a.status === 201 ? [s.token, member.token] : [member.token, s.token]
    const [again, stranger] = await Promise.all([send(t, winner, body, key), send(t, loser, body, key)])
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(stranger.status).toBe(409)
    expect(stranger.body).toEqual(OTHER_USER)
    expect(await sendsWithKey(s.vendor.id, key)).toHaveLength(1)
  })

  it('a replay with a wrong PIN gets INVALID_PIN and counts the try; the right PIN gets the stored answer', async () => {
    const { s } = await team()
    const key = randomUUID()
    const body = { amount: 50_000, requestId: await enquiry(t, s), narration: 'Rice' }
    const first = await send(t, s.token, body, key)
    expect(first.status).toBe(201)

    const wrong = await send(t, s.token, { ...body, pin: '9999' }, key)
    expect(wrong.status).toBe(422)
    expect(wrong.body.code).toBe('INVALID_PIN')
    expect(wrong.body.message).toBe('Incorrect PIN. 4 attempts remaining.')
    expect(wrong.body.data).toBeUndefined()
    expect(await pinAttempts(t.db, s.owner.id)).toBe(1)

    const right = await send(t, s.token, body, key)
    expect(right.status).toBe(201)
    expect(right.body.data.id).toBe(first.body.data.id)
    expect(await pinAttempts(t.db, s.owner.id)).toBe(0)
  })

  it('wrong-PIN replays lock the PIN like any other wrong tries', async () => {
    const { s } = await team()
    const key = randomUUID()
    const body = { amount: 50_000, requestId: await enquiry(t, s), narration: 'Rice' }
    expect((await send(t, s.token, body, key)).status).toBe(201)
    const replays = await Promise.all(Array.from({ length: 7 }, () => send(t, s.token, { ...body, pin: '0000' }, key)))
    expect(replays.every((r) => r.status !== 201)).toBe(true)
    expect(replays.filter((r) => r.body.code === 'INVALID_PIN')).toHaveLength(4)
    expect(replays.filter((r) => r.body.code === 'PIN_LOCKED')).toHaveLength(3)
    expect((await send(t, s.token, body, key)).body.code).toBe('PIN_LOCKED')
  })
})
