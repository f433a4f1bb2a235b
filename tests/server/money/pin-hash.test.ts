import { randomBytes } from 'node:crypto'
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { eq } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { checkPin, hashPin, PinKeyMismatchError, pinPepperFile, pinPepperFor, setPinPepper } from '#server/auth/pin-hash'
import { hashSecret } from '#server/auth/secrets'
import { users } from '#server/db/schema'
import { createVendorAccount } from '#server/money/accounts'

import { call, makeApp, type TestApp } from '../harness'
import { PIN, pinAttempts, type Sender, sender } from './helpers'

/* PINs under a keyed HMAC (decision 097): new ones written so, old scrypt ones re-hashed on a right entry. */

const PEPPER = randomBytes(32)
beforeEach(() => setPinPepper(PEPPER))

const storedHash = async (t: TestApp, userId: string) =>
  (await t.db.select({ pinHash: users.pinHash }).from(users).where(eq(users.id, userId)))[0]!.pinHash!

const quiet = { info: () => {}, warn: () => {}, error: () => {} }

/** An owner whose PIN 1234 was stored with scrypt, as every PIN was before decision 097. */
async function scryptSender(t: TestApp): Promise<Sender> {
  const s = await sender(t)
  await t.db
    .update(users)
    .set({ pinHash: await hashSecret(PIN) })
    .where(eq(users.id, s.owner.id))
  return s
}

/** A call that checks the PIN and changes nothing else of note. */
const pinChecked = (t: TestApp, s: Sender, pin: string) =>
  call(t.app, endpoints.setThirdPartyTransfers, { token: s.token, body: { isEnabled: true, pin } })

describe('PIN hashes', () => {
  it('a PIN set through POST /pin is stored as HMAC-SHA-256, not scrypt, and checks', async () => {
    const t = await makeApp()
    const s = await sender(t, { pin: null })
    expect((await call(t.app, endpoints.createPin, { token: s.token, body: { pin: '2468', password: s.owner.password } })).status).toBe(200)
    const hash = await storedHash(t, s.owner.id)
    expect(hash).toMatch(/^hmac-sha256\$[\w-]{8}\$[\w-]{22}\$[\w-]{43}$/)
    expect(hash).not.toContain('2468')
    expect((await pinChecked(t, s, '2468')).status).toBe(200)
    expect(await storedHash(t, s.owner.id)).toBe(hash)
  })

  it('a vendor registered with a PIN gets an HMAC one', async () => {
    const t = await makeApp()
    const { owner } = await createVendorAccount(t.db, {
      name: 'Hash Check Stores',
      email: `pin-hash-${randomBytes(4).toString('hex')}@test.ng`,
      ownerName: 'Owner Person',
      password: 'a-long-password-2026',
      pin: '1357',
    })
    expect(owner.pinHash).toMatch(/^hmac-sha256\$/)
    expect(await checkPin('1357', owner.pinHash!)).toBe('right')
  })

  it('equal PINs get different hashes (per-user salt)', () => {
    expect(hashPin('1234')).not.toBe(hashPin('1234'))
  })

  it('an existing scrypt PIN still checks, and is re-hashed to HMAC on that right entry', async () => {
    const t = await makeApp()
    const s = await scryptSender(t)
    expect(await storedHash(t, s.owner.id)).toMatch(/^scrypt\$/)
    expect((await pinChecked(t, s, '0000')).status).toBe(422)
    expect(await pinAttempts(t.db, s.owner.id)).toBe(1)
    expect((await pinChecked(t, s, PIN)).status).toBe(200)
    const after = await storedHash(t, s.owner.id)
    expect(after).toMatch(/^hmac-sha256\$/)
    expect(await pinAttempts(t.db, s.owner.id)).toBe(0)
    expect(await checkPin(PIN, after)).toBe('right')
    expect((await pinChecked(t, s, PIN)).status).toBe(200)
    expect(await storedHash(t, s.owner.id)).toBe(after)
  })

  it('a wrong PIN against a scrypt hash counts a try and leaves the hash alone; five lock it', async () => {
    const t = await makeApp()
    const s = await scryptSender(t)
    const before = await storedHash(t, s.owner.id)
    const wrong = await pinChecked(t, s, '9999')
    expect(wrong.status).toBe(422)
    expect(wrong.body.message).toBe('Incorrect PIN. 4 attempts remaining.')
    expect(await storedHash(t, s.owner.id)).toBe(before)
    for (let i = 0; i < 4; i++) await pinChecked(t, s, '9999')
    expect(await pinAttempts(t.db, s.owner.id)).toBe(5)
    expect((await pinChecked(t, s, PIN)).body.code).toBe('PIN_LOCKED')
    expect(await storedHash(t, s.owner.id)).toBe(before)
  })

  it('a different pepper rejects the PIN: the secret matters', async () => {
    const hash = hashPin('1234')
    expect(await checkPin('1234', hash)).toBe('right')
    expect(await checkPin('4321', hash)).toBe('wrong')
    setPinPepper(randomBytes(32))
    // Under another pepper the key id differs: a loud error, not a wrong try that would lock every user out.
    await expect(checkPin('1234', hash)).rejects.toBeInstanceOf(PinKeyMismatchError)
    // And with the key id forged to the new pepper's, the MAC itself does not match.
    const [, newId] = hashPin('1234').split('$')
    const [scheme, , salt, mac] = hash.split('$')
    expect(await checkPin('1234', [scheme, newId, salt, mac].join('$'))).toBe('wrong')
  })

  it('a PIN hashed under another pepper answers 500 and counts no try', async () => {
    const t = await makeApp({ logger: quiet })
    const s = await sender(t, { pin: null })
    await t.db
      .update(users)
      .set({ pinHash: hashPin(PIN) })
      .where(eq(users.id, s.owner.id))
    setPinPepper(randomBytes(32))
    const res = await pinChecked(t, s, PIN)
    expect(res.status).toBe(500)
    expect(JSON.stringify(res.body)).not.toContain(PEPPER.toString('hex'))
    expect(await pinAttempts(t.db, s.owner.id)).toBe(0)
  })
})

describe('pinPepperFor', () => {
  const dirs: string[] = []
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'vbo-pin-key-'))
    dirs.push(dir)
    return join(dir, 'data')
  }

  it('creates DATA_DIR/pin.key once, owner-only, and reuses it on the next start', () => {
    const dir = dataDir()
    const first = pinPepperFor({ dataDir: dir }, undefined)
    const file = pinPepperFile(dir)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const content = readFileSync(file, 'utf8')
    expect(content.trim()).toMatch(/^[0-9a-f]{64}$/)
    const second = pinPepperFor({ dataDir: dir }, undefined)
    expect(second.equals(first)).toBe(true)
    expect(readFileSync(file, 'utf8')).toBe(content)
    // Hashes made under the first start's key check under the second's.
    setPinPepper(first)
    const hash = hashPin('5555')
    setPinPepper(second)
    return expect(checkPin('5555', hash)).resolves.toBe('right')
  })

  it('makes a key file others could read the owner’s alone again', () => {
    const dir = dataDir()
    const key = pinPepperFor({ dataDir: dir }, undefined)
    chmodSync(pinPepperFile(dir), 0o644)
    expect(pinPepperFor({ dataDir: dir }, undefined).equals(key)).toBe(true)
    expect(statSync(pinPepperFile(dir)).mode & 0o777).toBe(0o600)
  })

  it('uses PIN_PEPPER when set, and refuses a short one', () => {
    const dir = dataDir()
    const secret = 'p'.repeat(40)
    expect(pinPepperFor({ dataDir: dir }, secret).toString('utf8')).toBe(secret)
    expect(() => pinPepperFor({ dataDir: dir }, 'short')).toThrow(/PIN_PEPPER must be at least 32 characters/)
  })

  it('with DATA_DIR=memory: random on PGlite; on PostgreSQL it stops the start unless PIN_PEPPER is set', () => {
    const a = pinPepperFor({ dataDir: 'memory' }, undefined)
    const b = pinPepperFor({ dataDir: 'memory' }, undefined)
    expect(a.equals(b)).toBe(false)
    const databaseUrl = 'postgres://postgres@127.0.0.1:5432/test'
    expect(() => pinPepperFor({ dataDir: 'memory', databaseUrl }, undefined)).toThrow(/PIN_PEPPER must be set/)
    expect(pinPepperFor({ dataDir: 'memory', databaseUrl }, 'q'.repeat(32)).length).toBe(32)
  })
})
