import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { MAX_API_KEYS } from '#contract/api-keys'
import { endpoints } from '#contract/index'
import { API_KEY_CALLS } from '#server/api-keys/authenticate'
import { sha256 } from '#server/auth/secrets'
import { HOUR_MS } from '#server/clock'
import { apiKeyCalls, apiKeys } from '#server/db/api-keys-schema'

import { call, createMember, makeApp, type TestApp } from '../harness'
import { PIN, sender, tokenFor } from '../money/helpers'
import { makeKey, readByKey, rotateKey } from './helpers'

/*
 * What the security review of issue 40's keys asked for (decision 168): a session alone cannot make or rotate a key,
 * the owner is told, a password reset or a deactivation revokes a person's keys, a wrong address spends nothing of
 * the key's quota, refusals cannot flood or wipe the audit list, rotations and the key limit hold under races.
 */

let t: TestApp
beforeAll(async () => {
  t = await makeApp({ sessionIdleMs: 29 * 24 * HOUR_MS, trustProxy: true })
})

describe('endpoints a key must not reach', () => {
  it('an outlet’s members are a team call; a name enquiry needs transfers', async () => {
    const s = await sender(t)
    const { secret } = await makeKey(t, s, { scopes: ['orders:write'] })
    const members = await call(t.app, endpoints.listOutletMembers, { token: secret, query: { outletId: 'x' } })
    expect(members.status).toBe(403)
    expect(members.body.code).toBe('API_KEY_NOT_ALLOWED')
    const enquiry = await call(t.app, endpoints.resolveAccount, { token: secret, query: { accountNumber: '0690000031', bankCode: '044' } })
    expect(enquiry.status).toBe(403)
    expect(enquiry.body).toMatchObject({ code: 'API_KEY_SCOPE_MISSING', message: 'This API key does not have the transfers scope' })
  })
})

describe('a session alone cannot make a key', () => {
  it('create and rotate need the account password; the owner is told of a new key', async () => {
    const s = await sender(t)
    const member = await createMember(s, { permissions: ['VENDOR_DEVELOPERS'] })
    const memberToken = await tokenFor(t, member.row)
    const create = (password: string) => call(t.app, endpoints.createApiKey, { token: memberToken, body: { name: 'Shop', password } })
    const wrong = await create('not-the-password')
    expect(wrong.status).toBe(422)
    expect(wrong.body).toMatchObject({ code: 'INVALID_PASSWORD', message: 'password: is incorrect' })
    expect(await t.db.select().from(apiKeys).where(eq(apiKeys.vendorId, s.vendor.id))).toEqual([])

    expect((await create(member.password)).status).toBe(201)
    const told = t.notifier.lastTo(s.owner.email)
    expect(told?.subject).toMatch(/a new API key was created$/)
    expect(told?.text).toContain('Team Member created the API key "Shop"')
    expect(t.notifier.lastTo('+2348030000000')?.subject).toBe(told?.subject)

    const { key } = await makeKey(t, s)
    const noPassword = await rotateKey(t, { token: s.token, password: 'guess' }, key.id)
    expect(noPassword.body.code).toBe('INVALID_PASSWORD')
    expect((await rotateKey(t, s, key.id)).status).toBe(200)
  })

  it('a password reset revokes the person’s keys', async () => {
    const s = await sender(t)
    const { secret } = await makeKey(t, s)
    expect((await readByKey(t, secret)).status).toBe(200)
    await call(t.app, endpoints.forgotPassword, { body: { email: s.owner.email } })
    const otp = t.notifier.lastTo(s.owner.email)?.code ?? ''
    const reset = await call(t.app, endpoints.resetPassword, { body: { email: s.owner.email, otp, password: 'a-new-password-2026' } })
    expect(reset.status, JSON.stringify(reset.body)).toBe(200)
    expect((await readByKey(t, secret)).status).toBe(401)
  })

  it('a deactivated member’s keys stay revoked when the member comes back', async () => {
    const s = await sender(t)
    const member = await createMember(s, { permissions: ['VENDOR_DEVELOPERS', 'VENDOR_ORDERS'] })
    const { secret } = await makeKey(t, { token: await tokenFor(t, member.row), password: member.password })
    const status = (value: 'active' | 'inactive') =>
      call(t.app, endpoints.setMemberStatus, { token: s.token, body: { memberId: member.id, status: value } })
    expect((await status('inactive')).status).toBe(200)
    expect((await status('active')).status).toBe(200)
    expect((await call(t.app, endpoints.listOrders, { token: secret })).status).toBe(401)
    expect((await call(t.app, endpoints.listApiKeys, { token: s.token })).body.data).toEqual([])
  })
})

describe('the allow-list and the quota', () => {
  it('calls from outside the allow-list do not use the key’s quota', async () => {
    const s = await sender(t)
    const { key, secret } = await makeKey(t, s, { allowedIps: ['203.0.113.0/24'] })
    for (let i = 0; i < 5; i++) expect((await readByKey(t, secret, '198.51.100.1')).status).toBe(403)
    for (let i = 0; i < API_KEY_CALLS.limit - 1; i++) await t.rateLimiter.hit(API_KEY_CALLS, key.id)
    expect((await readByKey(t, secret, '203.0.113.7')).status).toBe(200)
  })

  it('refused calls are counted on one line a minute and never push earlier calls out', async () => {
    const s = await sender(t)
    const { key, secret } = await makeKey(t, s, { allowedIps: ['203.0.113.0/24'] })
    expect((await readByKey(t, secret, '203.0.113.7')).status).toBe(200)
    for (let i = 0; i < API_KEY_CALLS.limit; i++) await t.rateLimiter.hit(API_KEY_CALLS, key.id)
    for (let i = 0; i < 12; i++) expect((await readByKey(t, secret, '203.0.113.7')).status).toBe(429)
    for (let i = 0; i < 7; i++) expect((await readByKey(t, secret, '198.51.100.1')).status).toBe(403)
    const rows = await t.db.select().from(apiKeyCalls).where(eq(apiKeyCalls.keyId, key.id))
    expect(rows.map((row) => [row.status, row.calls]).sort()).toEqual([
      [200, 1],
      [403, 7],
      [429, 12],
    ])
    const listed = await call(t.app, endpoints.apiKeyCalls, { token: s.token })
    expect(listed.body.data.total).toBe(3)
  })
})

describe('rotations and revokes', () => {
  it('a second rotation within the overlap ends the oldest secret at once', async () => {
    const s = await sender(t)
    const { key, secret: first } = await makeKey(t, s)
    const second = (await rotateKey(t, s, key.id)).body.data.secret
    const third = (await rotateKey(t, s, key.id)).body.data.secret
    expect((await readByKey(t, first)).status).toBe(401)
    expect((await readByKey(t, second)).status).toBe(200)
    expect((await readByKey(t, third)).status).toBe(200)
  })

  it('revoking during the overlap stops the previous secret too', async () => {
    const s = await sender(t)
    const { key, secret: old } = await makeKey(t, s)
    const fresh = (await rotateKey(t, s, key.id)).body.data.secret
    expect((await call(t.app, endpoints.revokeApiKey, { token: s.token, query: { id: key.id } })).status).toBe(200)
    expect((await readByKey(t, old)).status).toBe(401)
    expect((await readByKey(t, fresh)).status).toBe(401)
  })

  it('of two rotations at once, every secret handed out works (or the second is told 409)', async () => {
    const s = await sender(t)
    const { key } = await makeKey(t, s, { scopes: ['transfers'], pin: PIN })
    const answers = await Promise.all([rotateKey(t, s, key.id, PIN), rotateKey(t, s, key.id, PIN)])
    expect(answers.map((a) => a.status).sort()).toEqual(expect.arrayContaining([200]))
    for (const answer of answers) {
      if (answer.status === 409) expect(answer.body.code).toBe('API_KEY_CHANGED')
      else {
        expect(answer.status).toBe(200)
        expect((await readByKey(t, answer.body.data.secret)).status).toBe(200)
      }
    }
  })

  it('the key limit holds when creates race for the last place', async () => {
    const s = await sender(t)
    const values = Array.from({ length: MAX_API_KEYS - 1 }, (_, i) => ({
      vendorId: s.vendor.id,
      userId: s.owner.id,
      name: `k${i}`,
      scopes: ['read'],
      prefix: 'vbo_sk_xxxxx',
      secretHash: sha256(`${s.vendor.id}-${i}`),
    }))
    await t.db.insert(apiKeys).values(values)
    const body = { name: 'Last', password: s.owner.password }
    const answers = await Promise.all([1, 2, 3].map(() => call(t.app, endpoints.createApiKey, { token: s.token, body })))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422])
    expect(await t.db.select().from(apiKeys).where(eq(apiKeys.vendorId, s.vendor.id))).toHaveLength(MAX_API_KEYS)
  })
})
