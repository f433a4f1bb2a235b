import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { API_KEY_CALLS_KEPT_DAYS, apiKeyScopeOf } from '#contract/api-keys'
import { endpoints } from '#contract/index'
import { API_KEY_CALLS } from '#server/api-keys/authenticate'
import { DAY_MS, HOUR_MS, MINUTE_MS } from '#server/clock'
import { apiKeyCalls } from '#server/db/api-keys-schema'
import { vendorSendLimits } from '#server/db/schema'
import { purgeExpiredRows } from '#server/jobs'

import { call, makeApp, type TestApp } from '../harness'
import { balances, enquiry, expectLedgerConsistent, PIN, sender } from '../money/helpers'
import { redisRun } from '../redis-harness'
import { makeKey, readByKey } from './helpers'

/*
 * What a key's calls go through besides its scopes (issue 40, decision 168): money calls as the app makes them
 * (Idempotency-Key, the PIN, the vendor's limits), a rate limit of its own, and the audit list the owner reads.
 */

let t: TestApp
beforeAll(async () => {
  t = await makeApp({ sessionIdleMs: 29 * 24 * HOUR_MS, trustProxy: true })
})

describe('the contract decides what a key may call', () => {
  it('a call that moves money out needs transfers, and orders writes need orders:write', () => {
    expect(apiKeyScopeOf(endpoints.sendMoney)).toBe('transfers')
    expect(apiKeyScopeOf(endpoints.refundOrder)).toBe('transfers')
    expect(apiKeyScopeOf(endpoints.fundOutlet)).toBe('transfers')
    expect(apiKeyScopeOf(endpoints.createOrder)).toBe('orders:write')
    expect(apiKeyScopeOf(endpoints.listTransactions)).toBe('read')
    expect(apiKeyScopeOf(endpoints.createProduct)).toBe(false)
  })
})

describe('money by key', () => {
  it('sends with the Idempotency-Key and the PIN, within the vendor’s limits', async () => {
    const s = await sender(t, { balance: 50_000_00 })
    const { secret } = await makeKey(t, s, { scopes: ['transfers'], pin: PIN })
    const body = { amount: 1_000_00, requestId: await enquiry(t, s), pin: PIN, narration: 'Supplier' }

    const noKey = await call(t.app, endpoints.sendMoney, { token: secret, body })
    expect(noKey.status).toBe(400)
    expect(noKey.body.code).toBe('IDEMPOTENCY_KEY_REQUIRED')
    const noPin = await call(t.app, endpoints.sendMoney, {
      token: secret,
      body: { ...body, pin: undefined as unknown as string },
      headers: { 'idempotency-key': randomUUID() },
    })
    expect(noPin.status).toBe(422)
    expect((await balances(t.db, s.vendor.id)).main).toBe(50_000_00)

    const sent = await call(t.app, endpoints.sendMoney, { token: secret, body, headers: { 'idempotency-key': randomUUID() } })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    expect((await balances(t.db, s.vendor.id)).main).toBeLessThan(49_000_00)
    await expectLedgerConsistent(t.db, s.vendor.id)

    await t.db
      .insert(vendorSendLimits)
      .values({ vendorId: s.vendor.id, perTransfer: 500_00, daily: 20_000_00 })
      .onConflictDoUpdate({ target: vendorSendLimits.vendorId, set: { perTransfer: 500_00 } })
    const over = await call(t.app, endpoints.sendMoney, {
      token: secret,
      body: { ...body, requestId: await enquiry(t, s) },
      headers: { 'idempotency-key': randomUUID() },
    })
    expect(over.status).toBe(422)
    expect(over.body.code).toBe('TRANSFER_LIMIT_EXCEEDED')
  })

  it('an orders:write key creates an order, which still needs its Idempotency-Key', async () => {
    const s = await sender(t)
    const { secret } = await makeKey(t, s, { scopes: ['orders:write'] })
    const body = { items: [{ name: 'Jollof', amount: 2_500_00, quantity: 1 }], customer: { name: 'Amaka Nwosu' } }
    const refused = await call(t.app, endpoints.createOrder, { token: secret, body })
    expect(refused.body.code).toBe('IDEMPOTENCY_KEY_REQUIRED')
    const made = await call(t.app, endpoints.createOrder, { token: secret, body, headers: { 'idempotency-key': randomUUID() } })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
  })
})

describe('rate limit and audit', () => {
  it('each key has its own limit: over it, 429 with Retry-After; another key is untouched', async () => {
    const s = await sender(t)
    const busy = await makeKey(t, s, { name: 'Busy' })
    const calm = await makeKey(t, s, { name: 'Calm' })
    for (let i = 0; i < API_KEY_CALLS.limit - 1; i++) await t.rateLimiter.hit(API_KEY_CALLS, busy.key.id)
    expect((await readByKey(t, busy.secret)).status).toBe(200)
    const limited = await readByKey(t, busy.secret)
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('RATE_LIMITED')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await readByKey(t, calm.secret)).status).toBe(200)
  })

  it('the limit is shared by the processes on one Redis', async () => {
    const run = redisRun()
    try {
      const [a, b] = [await run.open(), await run.open()]
      const processA = await makeApp({ sessionIdleMs: 29 * 24 * HOUR_MS, rateLimiter: a.limiter })
      const processB = await makeApp({ sessionIdleMs: 29 * 24 * HOUR_MS, rateLimiter: b.limiter })
      const s = await sender(t)
      const { key, secret } = await makeKey(t, s)
      for (let i = 0; i < API_KEY_CALLS.limit - 1; i++) await a.limiter.hit(API_KEY_CALLS, key.id)
      expect((await readByKey(processB, secret)).status).toBe(200)
      expect((await readByKey(processA, secret)).status).toBe(429)
      expect((await readByKey(processB, secret)).status).toBe(429)
    } finally {
      await run.cleanUp()
    }
  })

  it('lists every call by key, refused ones too, newest first, for the owner', async () => {
    const s = await sender(t)
    const { key, secret } = await makeKey(t, s, { name: 'Website', allowedIps: ['203.0.113.0/24'] })
    const headers = { 'x-forwarded-for': '203.0.113.9' }
    expect((await call(t.app, endpoints.listTransactions, { token: secret, headers, query: { page: 2 } })).status).toBe(200)
    expect((await call(t.app, endpoints.pinStatus, { token: secret, headers })).status).toBe(403)
    expect((await call(t.app, endpoints.listOrders, { token: secret, headers: { 'x-forwarded-for': '198.51.100.4' } })).status).toBe(403)
    await call(t.app, endpoints.listOrders, { token: s.token })

    const calls = await call(t.app, endpoints.apiKeyCalls, { token: s.token })
    expect(calls.status).toBe(200)
    const at = t.clock.now().toISOString()
    // The address refusal is counted on its minute's line.
    const minute = new Date(Math.floor(t.clock.now().getTime() / MINUTE_MS) * MINUTE_MS).toISOString()
    const line = { keyId: key.id, keyName: 'Website', calls: 1, method: 'GET' }
    expect(calls.body.data).toEqual({
      items: [
        { ...line, path: '/api/order', status: 403, ip: '198.51.100.4', at: minute },
        { ...line, path: '/api/pin', status: 403, ip: '203.0.113.9', at },
        { ...line, path: '/api/transaction', status: 200, ip: '203.0.113.9', at },
      ],
      page: 1,
      size: 20,
      total: 3,
    })
    const other = await sender(t)
    expect((await call(t.app, endpoints.apiKeyCalls, { token: other.token })).body.data.items).toEqual([])
  })

  it('keeps calls by age: the purge round drops those past the kept days, whatever came after', async () => {
    const s = await sender(t)
    const { key } = await makeKey(t, s)
    const now = t.clock.now()
    const line = (path: string, daysAgo: number) => ({
      vendorId: s.vendor.id,
      keyId: key.id,
      method: 'GET',
      path,
      status: 200,
      ip: '1.1.1.1',
      at: new Date(now.getTime() - daysAgo * DAY_MS),
    })
    await t.db.insert(apiKeyCalls).values([line('/api/old', API_KEY_CALLS_KEPT_DAYS + 1), line('/api/kept', API_KEY_CALLS_KEPT_DAYS - 1)])
    await purgeExpiredRows(t.deps)
    const kept = await t.db.select().from(apiKeyCalls).where(eq(apiKeyCalls.vendorId, s.vendor.id))
    expect(kept.map((row) => row.path)).toEqual(['/api/kept'])
  })
})
