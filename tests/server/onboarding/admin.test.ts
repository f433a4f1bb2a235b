import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { SESSION_CACHE_MS } from '#server/auth/sessions'
import { vendors } from '#server/db/schema'
import { approveVendor, listVendors, rejectVendor, setVendorStatus } from '#server/onboarding/admin'
import { DEMO, seedDemo } from '#server/seed/demo'
import { MemoryStorage } from '#server/storage'

import { call, createMember, createVendor, login } from '../harness'
import { nextIp, type OnboardingApp, onboardingApp, register, underReview } from './helpers'

/* The operator's approval (what `npm run admin` runs) and the welcome shown once on the next sign-in. */

let t: OnboardingApp
beforeAll(async () => {
  t = await onboardingApp()
})

const signIn = (email: string, password: string) => call(t.app, endpoints.login, { body: { email, password }, ip: nextIp() })

describe('approveVendor', () => {
  it('approves, emails the owner, and the next business request works', async () => {
    const r = await underReview(t)
    expect((await call(t.app, endpoints.walletBalance, { token: r.token })).status).toBe(403)
    const change = await approveVendor(t.db, r.email.toUpperCase(), t.notifier)
    expect(change).toMatchObject({ from: 'under_review', status: 'approved', email: r.email })
    const mail = t.notifier.lastTo(r.email)
    expect(mail).toMatchObject({ channel: 'email', subject: expect.stringMatching(/: your store is approved$/) })
    // npm run admin is another process: the server's cached session of reads sees it within SESSION_CACHE_MS
    // (decision 098).
    t.clock.advance(SESSION_CACHE_MS)
    // The session from registration works for business calls now, and onboarding says done.
    expect((await call(t.app, endpoints.walletBalance, { token: r.token })).status).toBe(200)
    expect((await call(t.app, endpoints.onboarding, { token: r.token })).body.data.step).toBe('done')
    // Approving again changes nothing and sends nothing.
    const sent = t.notifier.outbox.length
    expect((await approveVendor(t.db, r.email, t.notifier)).from).toBe('approved')
    expect(t.notifier.outbox.length).toBe(sent)
  })

  it('rejects with an email, and onboarding says rejected', async () => {
    const r = await underReview(t)
    await rejectVendor(t.db, r.email, t.notifier)
    expect(t.notifier.lastTo(r.email)?.subject).toMatch(/: your store was not approved$/)
    expect((await call(t.app, endpoints.onboarding, { token: r.token })).body.data.step).toBe('rejected')
  })

  it('throws for an unknown email', async () => {
    await expect(setVendorStatus(t.db, 'ghost@test.ng', 'approved')).rejects.toThrow('No user with email ghost@test.ng')
  })

  it('lists vendors by status with what they have done', async () => {
    const r = await underReview(t)
    const pending = await register(t)
    const listed = await listVendors(t.db, 'under_review')
    expect(listed.find((row) => row.email === r.email)).toMatchObject({
      status: 'under_review',
      phoneVerified: true,
      kycSubmitted: true,
      shopSetUp: true,
    })
    expect(listed.some((row) => row.email === pending.email)).toBe(false)
    expect((await listVendors(t.db)).find((row) => row.email === pending.email)).toMatchObject({
      status: 'pending_verification',
      phoneVerified: false,
      kycSubmitted: false,
      shopSetUp: false,
    })
  })
})

describe('login welcome', () => {
  it('is true on the first sign-in after approval only', async () => {
    const r = await underReview(t)
    const before = await signIn(r.email, r.password)
    expect(before.body.data.welcome).toBeUndefined()
    await approveVendor(t.db, r.email)
    const first = await signIn(r.email, r.password)
    expect(first.status).toBe(200)
    expect(first.body.data.welcome).toBe(true)
    expect(first.body.data.user.vendor.status).toBe('approved')
    const second = await signIn(r.email, r.password)
    expect(second.body.data.welcome).toBeUndefined()
  })

  it('concurrent sign-ins welcome exactly once', async () => {
    const r = await underReview(t)
    await approveVendor(t.db, r.email)
    const results = await Promise.all(Array.from({ length: 4 }, () => signIn(r.email, r.password)))
    expect(results.map((res) => res.status)).toEqual([200, 200, 200, 200])
    expect(results.filter((res) => res.body.data.welcome === true)).toHaveLength(1)
  })

  it('members are never welcomed, and the owner still is afterwards', async () => {
    const vendor = await createVendor({ status: 'under_review' })
    const member = await createMember(vendor)
    await approveVendor(t.db, vendor.owner.email)
    expect((await signIn(member.email, member.password)).body.data.welcome).toBeUndefined()
    expect((await signIn(vendor.owner.email, vendor.owner.password)).body.data.welcome).toBe(true)
  })

  it('vendors created approved (tests, the demo) are never welcomed', async () => {
    const vendor = await createVendor()
    expect((await signIn(vendor.owner.email, vendor.owner.password)).body.data.welcome).toBeUndefined()
    await seedDemo(t.db, { storage: new MemoryStorage(), origin: 'http://localhost:3000' })
    const [demo] = await t.db.select().from(vendors).where(eq(vendors.email, DEMO.email))
    expect(demo!.welcomedAt).not.toBeNull()
    const res = await signIn(DEMO.email, DEMO.password)
    expect(res.status).toBe(200)
    expect(res.body.data.welcome).toBeUndefined()
    await login(t.app, DEMO.email, DEMO.password)
  }, 120_000)
})
