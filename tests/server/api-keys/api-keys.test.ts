import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { API_KEY_ROTATION_OVERLAP_HOURS } from '#contract/api-keys'
import { endpoints } from '#contract/index'
import { HOUR_MS, MINUTE_MS } from '#server/clock'
import { apiKeys } from '#server/db/api-keys-schema'

import { call, createMember, makeApp, type TestApp, unchecked } from '../harness'
import { PIN, sender, tokenFor } from '../money/helpers'
import { makeKey, readByKey, rotateKey } from './helpers'

/*
 * API keys (issue 40, decision 168): made in Settings → Developers, the secret shown once and kept as a hash, a key
 * calling the same endpoints as the app through register(), revoked at once, rotated with an overlap.
 */

let t: TestApp
beforeAll(async () => {
  t = await makeApp({ sessionIdleMs: 29 * 24 * HOUR_MS })
})

describe('making and listing keys', () => {
  it('shows the secret once, keeps only its hash, and lists the prefix, scopes, maker and last use', async () => {
    const s = await sender(t)
    const { key, secret } = await makeKey(t, s)
    expect(secret).toMatch(/^vbo_sk_[A-Za-z0-9_-]{43}$/)
    expect(key).toMatchObject({ name: 'Shop website', scopes: ['read'], allowedIps: [], lastUsedAt: null, previous: null })
    expect(secret.startsWith(key.prefix)).toBe(true)
    expect(key.prefix.length).toBeLessThan(15)

    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id))
    expect(JSON.stringify(row)).not.toContain(secret)
    expect(JSON.stringify(row)).not.toContain(secret.slice(7))

    expect((await readByKey(t, secret)).status).toBe(200)
    const list = await call(t.app, endpoints.listApiKeys, { token: s.token })
    expect(list.status).toBe(200)
    expect(JSON.stringify(list.body)).not.toContain(secret)
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: key.id,
        prefix: key.prefix,
        scopes: ['read'],
        createdBy: 'Owner Person',
        lastUsedAt: t.clock.now().toISOString(),
      }),
    ])
  })

  it('refuses a bad name, scope or allow-list entry naming the field', async () => {
    const s = await sender(t)
    const create = (body: unknown) =>
      call(t.app, endpoints.createApiKey, { token: s.token, body: unchecked({ password: s.owner.password, ...(body as object) }) })
    expect((await create({ name: ' ' })).body.message).toBe('name: is required')
    expect((await create({ name: 'x', scopes: ['admin'] })).body.message).toMatch(/^scopes\.0: /)
    const ip = await create({ name: 'x', allowedIps: ['10.0.0.1', '999.1.1.1'] })
    expect(ip.status).toBe(422)
    expect(ip.body.message).toMatch(/^allowedIps\.1: /)
  })

  it('a transfers key needs the owner and the owner’s PIN; a member never gets one', async () => {
    const s = await sender(t)
    const noPin = await call(t.app, endpoints.createApiKey, {
      token: s.token,
      body: { name: 'Payouts', scopes: ['transfers'], password: s.owner.password },
    })
    expect(noPin.status).toBe(422)
    expect(noPin.body.message).toBe('pin: is required for a key with the transfers scope')
    const wrong = await call(t.app, endpoints.createApiKey, {
      token: s.token,
      body: { name: 'Payouts', scopes: ['transfers'], pin: '9999', password: s.owner.password },
    })
    expect(wrong.body.code).toBe('INVALID_PIN')
    const { key } = await makeKey(t, s, { scopes: ['transfers'], pin: PIN })
    expect(key.scopes).toEqual(['read', 'transfers'])

    const member = await createMember(s, { permissions: ['VENDOR_DEVELOPERS', 'VENDOR_TRANSFERS', 'VENDOR_ORDERS'] })
    const memberToken = await tokenFor(t, member.row)
    const refused = await call(t.app, endpoints.createApiKey, {
      token: memberToken,
      body: { name: 'Mine', scopes: ['transfers'], pin: PIN, password: member.password },
    })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('OWNER_ONLY')
    expect(await t.db.select().from(apiKeys).where(eq(apiKeys.userId, member.id))).toEqual([])
  })

  it('a member without VENDOR_DEVELOPERS cannot see or make keys', async () => {
    const s = await sender(t)
    const member = await createMember(s, { permissions: ['VENDOR_ORDERS'] })
    const token = await tokenFor(t, member.row)
    expect((await call(t.app, endpoints.listApiKeys, { token })).status).toBe(403)
    expect((await call(t.app, endpoints.createApiKey, { token, body: { name: 'x', password: member.password } })).status).toBe(403)
  })
})

describe('a key on the same endpoints', () => {
  it('is refused with 403 naming the scope it lacks', async () => {
    const s = await sender(t)
    const { secret } = await makeKey(t, s)
    const order = await call(t.app, endpoints.createOrder, { token: secret, body: unchecked({}), headers: { 'idempotency-key': 'k-1' } })
    expect(order.status).toBe(403)
    expect(order.body).toMatchObject({ code: 'API_KEY_SCOPE_MISSING', message: 'This API key does not have the orders:write scope' })
    const sendMoney = await call(t.app, endpoints.sendMoney, { token: secret, body: unchecked({}), headers: { 'idempotency-key': 'k-2' } })
    expect(sendMoney.body).toMatchObject({ code: 'API_KEY_SCOPE_MISSING', message: 'This API key does not have the transfers scope' })
  })

  it('never reaches the PIN, team, keys or settlement calls, whatever its scopes', async () => {
    const s = await sender(t)
    const { secret } = await makeKey(t, s, { scopes: ['orders:write', 'transfers'], pin: PIN })
    const refusals = [
      await call(t.app, endpoints.pinStatus, { token: secret }),
      await call(t.app, endpoints.resetPin, { token: secret, body: unchecked({}) }),
      await call(t.app, endpoints.listMembers, { token: secret }),
      await call(t.app, endpoints.inviteMember, { token: secret, body: unchecked({}) }),
      await call(t.app, endpoints.listApiKeys, { token: secret }),
      await call(t.app, endpoints.createApiKey, {
        token: secret,
        body: { name: 'child', scopes: ['transfers'], pin: PIN, password: s.owner.password },
      }),
      await call(t.app, endpoints.settlementAccount, { token: secret }),
      await call(t.app, endpoints.setSettlementAccount, { token: secret, body: unchecked({}) }),
      await call(t.app, endpoints.cancelSettlementChange, { token: secret }),
      await call(t.app, endpoints.setSendLimits, { token: secret, body: unchecked({}) }),
      await call(t.app, endpoints.setThirdPartyTransfers, { token: secret, body: { isEnabled: true, pin: PIN } }),
      await call(t.app, endpoints.changePassword, { token: secret, body: unchecked({}) }),
    ]
    for (const answer of refusals) {
      expect(answer.status).toBe(403)
      expect(answer.body.code).toBe('API_KEY_NOT_ALLOWED')
    }
    expect(await t.db.select().from(apiKeys).where(eq(apiKeys.vendorId, s.vendor.id))).toHaveLength(1)
  })

  it('is bounded by its maker’s own permissions, as they are now', async () => {
    const s = await sender(t)
    const member = await createMember(s, { permissions: ['VENDOR_DEVELOPERS', 'VENDOR_ORDERS'] })
    const { secret } = await makeKey(t, { token: await tokenFor(t, member.row), password: member.password })
    expect((await call(t.app, endpoints.listOrders, { token: secret })).status).toBe(200)
    const transactions = await readByKey(t, secret)
    expect(transactions.status).toBe(403)
    expect(transactions.body.code).toBe('FORBIDDEN')

    const changed = await call(t.app, endpoints.setMemberPermissions, {
      token: s.token,
      body: { memberId: member.id, permissions: ['VENDOR_DEVELOPERS'] },
    })
    expect(changed.status).toBe(200)
    expect((await call(t.app, endpoints.listOrders, { token: secret })).status).toBe(403)
    await call(t.app, endpoints.setMemberStatus, { token: s.token, body: { memberId: member.id, status: 'inactive' } })
    expect((await call(t.app, endpoints.listOrders, { token: secret })).status).toBe(401)
  })

  it('keeps to its IP allow-list', async () => {
    const s = await sender(t)
    const { secret } = await makeKey(t, s, { allowedIps: ['203.0.113.0/24', '2001:db8::1'] })
    expect((await readByKey(t, secret, '203.0.113.7')).status).toBe(200)
    expect((await readByKey(t, secret, '::ffff:203.0.113.8')).status).toBe(200)
    expect((await readByKey(t, secret, '2001:db8::1')).status).toBe(200)
    const outside = await readByKey(t, secret, '198.51.100.1')
    expect(outside.status).toBe(403)
    expect(outside.body).toMatchObject({ code: 'API_KEY_NOT_ALLOWED', message: expect.stringContaining('198.51.100.1') })
  })
})

describe('revoking and rotating', () => {
  it('a revoked key is refused at once, on another process too', async () => {
    const s = await sender(t)
    const other = await makeApp({ sessionIdleMs: 29 * 24 * HOUR_MS })
    const { key, secret } = await makeKey(t, s)
    expect((await readByKey(other, secret)).status).toBe(200)
    const revoked = await call(t.app, endpoints.revokeApiKey, { token: s.token, query: { id: key.id } })
    expect(revoked.status).toBe(200)
    expect((await readByKey(other, secret)).status).toBe(401)
    expect((await readByKey(t, secret)).status).toBe(401)
    expect((await call(t.app, endpoints.listApiKeys, { token: s.token })).body.data).toEqual([])
    expect((await call(t.app, endpoints.revokeApiKey, { token: s.token, query: { id: key.id } })).status).toBe(404)
  })

  it('another vendor’s key cannot be revoked', async () => {
    const a = await sender(t)
    const b = await sender(t)
    const { key, secret } = await makeKey(t, a)
    expect((await call(t.app, endpoints.revokeApiKey, { token: b.token, query: { id: key.id } })).status).toBe(404)
    expect((await readByKey(t, secret)).status).toBe(200)
  })

  it('a rotated key’s old secret works for the overlap, then stops', async () => {
    const s = await sender(t)
    const { key, secret: old } = await makeKey(t, s)
    const rotated = await rotateKey(t, s, key.id)
    expect(rotated.status).toBe(200)
    const fresh = rotated.body.data.secret
    expect(fresh).not.toBe(old)
    const expiresAt = new Date(t.clock.now().getTime() + API_KEY_ROTATION_OVERLAP_HOURS * HOUR_MS).toISOString()
    expect(rotated.body.data.key.previous).toEqual({ prefix: key.prefix, expiresAt })
    expect((await readByKey(t, old)).status).toBe(200)
    expect((await readByKey(t, fresh)).status).toBe(200)

    t.clock.advance(API_KEY_ROTATION_OVERLAP_HOURS * HOUR_MS - MINUTE_MS)
    expect((await readByKey(t, old)).status).toBe(200)
    t.clock.advance(MINUTE_MS)
    expect((await readByKey(t, old)).status).toBe(401)
    expect((await readByKey(t, fresh)).status).toBe(200)
    const [listed] = (await call(t.app, endpoints.listApiKeys, { token: s.token })).body.data
    expect(listed?.previous).toBeNull()
  })

  it('only the key’s maker rotates it, and a transfers key only with the PIN', async () => {
    const s = await sender(t)
    const { key } = await makeKey(t, s, { scopes: ['transfers'], pin: PIN })
    const member = await createMember(s, { permissions: ['VENDOR_DEVELOPERS'] })
    const byMember = await rotateKey(t, { token: await tokenFor(t, member.row), password: member.password }, key.id)
    expect(byMember.status).toBe(403)
    const noPin = await rotateKey(t, s, key.id)
    expect(noPin.status).toBe(422)
    expect(noPin.body.message).toMatch(/^pin: /)
    expect((await rotateKey(t, s, key.id, PIN)).status).toBe(200)
  })
})
