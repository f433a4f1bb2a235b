import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { deviceCookieName } from '#server/auth/known-devices'
import { MINUTE_MS } from '#server/clock'

import { call, createVendor, makeApp, type TestApp } from '../harness'

/*
 * Issue 17, sign-in: the per-account lockout holds under a concurrent burst from many addresses, and it is no
 * denial of service on the owner, who signs in from a known device (docs/decisions/084).
 */

const login = (t: TestApp, email: string, password: string, ip: string, cookie?: string) =>
  call(t.app, endpoints.login, { body: { email, password }, ip, headers: cookie ? { cookie } : {} })

/** The device cookie a successful sign-in set, as the browser would send it back. */
function deviceCookie(res: { headers: Headers }): string {
  const set = res.headers.get('set-cookie') ?? ''
  expect(set).toMatch(/HttpOnly/)
  return set.split(';')[0]!
}

describe('login lockout under a concurrent burst', () => {
  it('evaluates at most 5 of 50 concurrent guesses from 50 addresses, and refuses the right one among them', async () => {
    const t = await makeApp()
    const { owner } = await createVendor()
    const guesses = Array.from({ length: 50 }, (_, i) => (i === 49 ? owner.password : `wrong-${i}`))
    const answers = await Promise.all(guesses.map((password, i) => login(t, owner.email, password, `10.7.${i}.1`)))

    // Each 401 is a password that was checked; a 429 was refused before the hash.
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((s) => s === 401)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(45)
    expect(answers[49]!.status).toBe(429)
    expect(answers[49]!.body.code).toBe('RATE_LIMITED')
  })

  it('a burst from many new addresses never lets a late right guess in, until the window ends', async () => {
    const t = await makeApp()
    const { owner } = await createVendor()
    await Promise.all(Array.from({ length: 20 }, (_, i) => login(t, owner.email, `wrong-${i}`, `10.8.${i}.1`)))
    const late = await login(t, owner.email, owner.password, '10.9.0.1')
    expect(late.status).toBe(429)
    t.clock.advance(15 * MINUTE_MS + 1000)
    expect((await login(t, owner.email, owner.password, '10.9.0.1')).status).toBe(200)
  })
})

describe('known devices', () => {
  it('lets the owner in from a device that signed in before while the account is locked for strangers', async () => {
    const t = await makeApp()
    const { owner } = await createVendor()
    const first = await login(t, owner.email, owner.password, '192.0.2.10')
    expect(first.status).toBe(200)
    const cookie = deviceCookie(first)
    expect(cookie.startsWith(`${deviceCookieName(owner.id)}=`)).toBe(true)

    await Promise.all(Array.from({ length: 30 }, (_, i) => login(t, owner.email, `wrong-${i}`, `10.10.${i}.1`)))
    expect((await login(t, owner.email, owner.password, '10.11.0.1')).status).toBe(429)

    const owners = await login(t, owner.email, owner.password, '192.0.2.10', cookie)
    expect(owners.status).toBe(200)
    expect(owners.body.data.token).toEqual(expect.any(String))
    // Still locked for everyone else: the owner's sign-in gave the strangers no fresh guesses.
    expect((await login(t, owner.email, owner.password, '10.11.0.2')).status).toBe(429)
  })

  it('lets the owner in from their known device behind an address that used up its 20 tries (one Wi-Fi)', async () => {
    const t = await makeApp()
    const { owner } = await createVendor()
    const shopWifi = '192.0.2.60'
    // The owner's phone became known at home; now it is on the shop's Wi-Fi.
    const cookie = deviceCookie(await login(t, owner.email, owner.password, '192.0.2.61'))
    // Twenty strangers' failures from the shop's address, spread over accounts so no account limit is reached.
    for (let i = 0; i < 20; i++) {
      expect((await login(t, `stranger-${i % 4}@test.ng`, `wrong-${i}`, shopWifi)).status).toBe(401)
    }
    expect((await login(t, owner.email, owner.password, shopWifi)).status).toBe(429)

    const owners = await login(t, owner.email, owner.password, shopWifi, cookie)
    expect(owners.status).toBe(200)
    expect(owners.body.data.token).toEqual(expect.any(String))
    // The address stays closed to everyone else.
    expect((await login(t, `stranger-5@test.ng`, 'wrong', shopWifi)).status).toBe(429)
  })

  it("limits a known device's own wrong guesses too", async () => {
    const t = await makeApp()
    const { owner } = await createVendor()
    const cookie = deviceCookie(await login(t, owner.email, owner.password, '192.0.2.20'))
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => login(t, owner.email, `wrong-${i}`, '192.0.2.20', cookie)))
    expect(answers.map((a) => a.status).filter((s) => s === 401)).toHaveLength(5)
    const right = await login(t, owner.email, owner.password, '192.0.2.20', cookie)
    expect(right.status).toBe(429)
    t.clock.advance(15 * MINUTE_MS + 1000)
    expect((await login(t, owner.email, owner.password, '192.0.2.20', cookie)).status).toBe(200)
  })

  it("treats another account's device token, or a made-up one, as a stranger", async () => {
    const t = await makeApp()
    const a = await createVendor()
    const b = await createVendor()
    const aCookie = deviceCookie(await login(t, a.owner.email, a.owner.password, '192.0.2.30'))
    const aToken = aCookie.split('=')[1]
    for (let i = 0; i < 5; i++) expect((await login(t, b.owner.email, `wrong-${i}`, `10.12.${i}.1`)).status).toBe(401)
    // A's token under B's cookie name, and a made-up token: both count on B's strict limit, now used up.
    const borrowed = `${deviceCookieName(b.owner.id)}=${aToken}`
    expect((await login(t, b.owner.email, b.owner.password, '192.0.2.30', borrowed)).status).toBe(429)
    const madeUp = `${deviceCookieName(b.owner.id)}=not-a-real-device-token`
    expect((await login(t, b.owner.email, b.owner.password, '192.0.2.30', madeUp)).status).toBe(429)
    // Malformed or oversized cookies are strangers too, never a 500.
    for (const junk of ['%E0%A4%A', 'x'.repeat(5000), '"', '']) {
      const res = await login(t, b.owner.email, b.owner.password, '192.0.2.31', `${deviceCookieName(b.owner.id)}=${junk}`)
      expect(res.status).toBe(429)
    }
  })

  it('marks the device cookie Secure when the request came over HTTPS through our proxy', async () => {
    const t = await makeApp({ trustProxy: true })
    const { owner } = await createVendor()
    const res = await call(t.app, endpoints.login, {
      body: { email: owner.email, password: owner.password },
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(res.status).toBe(200)
    const set = res.headers.get('set-cookie') ?? ''
    expect(set).toMatch(/; Secure/)
    expect(set).toMatch(/SameSite=Strict/)
    expect(set).toMatch(/Path=\/api\/auth\/vendor\/login/)
  })

  it('marks the device cookie Secure whenever the site is HTTPS (PUBLIC_URL), as HSTS does', async () => {
    // TLS ends at a proxy that is not trusted: the request looks like plain HTTP, the site is still HTTPS only.
    const t = await makeApp({ publicUrl: 'https://shop.example.ng', trustProxy: false })
    const { owner } = await createVendor()
    const res = await login(t, owner.email, owner.password, '192.0.2.50')
    expect(res.status).toBe(200)
    expect(res.headers.get('strict-transport-security')).not.toBeNull()
    expect(res.headers.get('set-cookie') ?? '').toMatch(/; Secure/)
  })
})

describe('password change under a concurrent burst', () => {
  it('checks at most 5 of 20 concurrent current-password guesses from one stolen session', async () => {
    const t = await makeApp()
    const { owner } = await createVendor()
    const token = (await login(t, owner.email, owner.password, '192.0.2.40')).body.data.token as string
    const change = (currentPassword: string) =>
      call(t.app, endpoints.changePassword, { token, body: { currentPassword, newPassword: 'a-brand-new-password' } })
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => change(`wrong-${i}`)))

    // A 422 is a password that was hashed and compared; a 429 was refused before the hash.
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((s) => s === 422)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(15)
    expect((await change(owner.password)).status).toBe(429)
    // Still the old password: none of the burst, nor the late right one, changed it.
    expect((await login(t, owner.email, owner.password, '192.0.2.41')).status).toBe(200)
  })
})
