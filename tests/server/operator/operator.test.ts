import { chmodSync, mkdtempSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { beforeAll, describe, expect, it } from 'vitest'

import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { operatorKeyFor, readOperatorKey } from '#server/operator-key'
import { MemoryStorage } from '#server/storage'

import { call, makeApp, unchecked } from '../harness'
import { type OnboardingApp, underReview } from '../onboarding/helpers'

/* The operator's calls (decision 065): what `npm run admin` uses while the server runs. */

const KEY = 'k'.repeat(64)
let t: OnboardingApp
beforeAll(async () => {
  const storage = new MemoryStorage()
  t = { ...(await makeApp({ storage, operatorKey: KEY })), storage }
})

/** key null sends no header at all. */
const setStatus = (body: BodyInput<typeof endpoints.operatorVendorStatus>, key: string | null = KEY) =>
  call(t.app, endpoints.operatorVendorStatus, { headers: key === null ? {} : { 'x-operator-key': key }, body })

describe('POST /operator/vendor-status', () => {
  it('approves with the key, emails the owner through the server’s notifier, and the owner’s next request works', async () => {
    const r = await underReview(t)
    const res = await setStatus({ email: r.email, status: 'approved' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({ email: r.email, from: 'under_review', status: 'approved' })
    expect(t.notifier.lastTo(r.email)?.subject).toMatch(/: your store is approved$/)
    expect((await call(t.app, endpoints.walletBalance, { token: r.token })).status).toBe(200)
  })

  it('refuses without the key or with a wrong one (401), and changes nothing', async () => {
    const r = await underReview(t)
    for (const key of [null, '', 'k'.repeat(63), `${KEY}x`]) {
      const res = await setStatus({ email: r.email, status: 'approved' }, key)
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: 'The X-Operator-Key header is missing or wrong', code: 'INVALID_OPERATOR_KEY' })
    }
    expect((await call(t.app, endpoints.walletBalance, { token: r.token })).status).toBe(403)
  })

  it('does not accept a vendor session instead of the key', async () => {
    const r = await underReview(t)
    const res = await call(t.app, endpoints.operatorVendorStatus, { token: r.token, body: { email: r.email, status: 'approved' } })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('INVALID_OPERATOR_KEY')
  })

  it('stops an address after 10 wrong keys (429), even with the right key then', async () => {
    const ip = '203.0.113.77'
    const attempt = (key: string) => call(t.app, endpoints.operatorVendors, { headers: { 'x-operator-key': key }, ip })
    for (let i = 0; i < 10; i++) expect((await attempt(`wrong-${i}`)).status).toBe(401)
    expect((await attempt('wrong-again')).status).toBe(429)
    expect((await attempt(KEY)).status).toBe(429)
    expect((await call(t.app, endpoints.operatorVendors, { headers: { 'x-operator-key': KEY }, ip: '203.0.113.78' })).status).toBe(200)
  })

  it('answers 404 for an unknown email and 422 naming a bad status', async () => {
    expect((await setStatus({ email: 'ghost@test.ng', status: 'approved' })).body).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No user with email ghost@test.ng',
    })
    const bad = await setStatus(unchecked({ email: 'ghost@test.ng', status: 'live' }))
    expect(bad.status).toBe(422)
    expect(bad.body.issues![0]!.path).toBe('status')
  })

  it('does not exist on a server without an operator key', async () => {
    const off = await makeApp({ operatorKey: null })
    const res = await call(off.app, endpoints.operatorVendorStatus, {
      body: { email: 'a@b.ng', status: 'approved' },
      headers: { 'x-operator-key': '' },
    })
    expect(res.status).toBe(404)
  })
})

describe('GET /operator/vendors', () => {
  it('lists vendors in a status with what they have done', async () => {
    const r = await underReview(t)
    const res = await call(t.app, endpoints.operatorVendors, { query: { status: 'under_review' }, headers: { 'x-operator-key': KEY } })
    expect(res.status).toBe(200)
    expect(res.body.data.find((row: { email: string }) => row.email === r.email)).toMatchObject({
      status: 'under_review',
      phoneVerified: true,
      kycSubmitted: true,
      shopSetUp: true,
    })
    expect(res.body.data.every((row: { status: string }) => row.status === 'under_review')).toBe(true)
  })
})

describe('the operator key', () => {
  it('is made once per data directory, readable only by its owner, and found again by the command', () => {
    const dir = mkdtempSync(join(tmpdir(), 'operator-key-'))
    expect(readOperatorKey(dir, '')).toBeNull()
    const key = operatorKeyFor(dir, '')
    expect(key).toMatch(/^[0-9a-f]{64}$/)
    expect(statSync(join(dir, 'operator.key')).mode & 0o777).toBe(0o600)
    expect(operatorKeyFor(dir, '')).toBe(key)
    expect(readOperatorKey(dir, '')).toBe(key)
    expect(operatorKeyFor(dir, ` ${'e'.repeat(32)} `)).toBe('e'.repeat(32))
    expect(() => operatorKeyFor(dir, 'short')).toThrow('OPERATOR_KEY must be at least 32 characters')
  })

  it('takes a key file others could read back to its owner, and replaces one too short to be a key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'operator-key-'))
    const file = join(dir, 'operator.key')
    writeFileSync(file, `${'f'.repeat(64)}\n`)
    chmodSync(file, 0o644)
    expect(operatorKeyFor(dir, '')).toBe('f'.repeat(64))
    expect(statSync(file).mode & 0o777).toBe(0o600)
    writeFileSync(file, 'abc\n')
    const replaced = operatorKeyFor(dir, '')
    expect(replaced).toMatch(/^[0-9a-f]{64}$/)
    expect(readOperatorKey(dir, '')).toBe(replaced)
  })
})
