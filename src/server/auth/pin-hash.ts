import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import { verifySecret } from './secrets'

/*
 * Transaction PINs are hashed with HMAC-SHA-256 under a per-user salt and a server-side secret, the PIN pepper
 * (decision 097). A 4-digit PIN has 10,000 values, so no hash slow enough to serve sends would stop anyone holding
 * the database from trying them all; what protects a PIN is the lockout (money/pin.ts) and a key kept outside the
 * database. PINs hashed with scrypt before are still checked, and re-hashed on their next right entry.
 *
 * The pepper: PIN_PEPPER when set; else a random key kept in DATA_DIR/pin.key, readable only by its owner (made once,
 * as the operator key is). A throw-away server (DATA_DIR=memory) gets one for its lifetime, like its database; but
 * PostgreSQL outlives the process, so with DATABASE_URL and DATA_DIR=memory PIN_PEPPER is required.
 */
export const PIN_SCHEME = 'hmac-sha256'
export const MIN_PIN_PEPPER_LENGTH = 32
const SALT_BYTES = 16

export const pinPepperFile = (dataDir: string) => join(dataDir, 'pin.key')

export function pinPepperFor(
  options: { dataDir: string; databaseUrl?: string },
  fromEnv: string | undefined = process.env.PIN_PEPPER,
): Buffer {
  if (fromEnv?.trim()) {
    const key = fromEnv.trim()
    if (key.length < MIN_PIN_PEPPER_LENGTH) throw new Error(`PIN_PEPPER must be at least ${MIN_PIN_PEPPER_LENGTH} characters`)
    return Buffer.from(key, 'utf8')
  }
  if (options.dataDir === 'memory') {
    if (options.databaseUrl) {
      throw new Error(
        'PIN_PEPPER must be set when DATABASE_URL is used with DATA_DIR=memory: the PINs outlive this process, so their key must too',
      )
    }
    return randomBytes(32)
  }
  const file = pinPepperFile(options.dataDir)
  if (existsSync(file)) {
    // A key others could read is no secret: make it the owner's alone again (a copied or restored data directory).
    if (statSync(file).mode & 0o077) chmodSync(file, 0o600)
    const saved = readFileSync(file, 'utf8').trim()
    if (saved.length >= MIN_PIN_PEPPER_LENGTH) return Buffer.from(saved, 'utf8')
    throw new Error(`${file} holds no usable PIN key; restore it from a backup (the PINs were hashed with it)`)
  }
  mkdirSync(options.dataDir, { recursive: true })
  const key = randomBytes(32).toString('hex')
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' })
  chmodSync(file, 0o600)
  return Buffer.from(key, 'utf8')
}

let pepper: { key: Buffer; id: string } | undefined

/** Names a pepper without revealing it: a PIN hash made under another pepper is then a loud error, not a wrong try. */
const keyId = (key: Buffer) => createHmac('sha256', key).update('pin-key-id').digest('base64url').slice(0, 8)

/** startServer sets the process's pepper before serving; the test setup sets one of its own. */
export function setPinPepper(key: Buffer): void {
  if (key.length < MIN_PIN_PEPPER_LENGTH) throw new Error(`The PIN pepper must be at least ${MIN_PIN_PEPPER_LENGTH} bytes`)
  pepper = { key: Buffer.from(key), id: keyId(key) }
}

function currentPepper() {
  if (!pepper) throw new Error('No PIN pepper: startServer (or the caller) must call setPinPepper first')
  return pepper
}

function mac(key: Buffer, salt: Buffer, pin: string): Buffer {
  return createHmac('sha256', key).update(salt).update(pin.normalize('NFKC'), 'utf8').digest()
}

/** `hmac-sha256$keyId$salt$mac`, base64url parts. Microseconds: cheap enough for every send. */
export function hashPin(pin: string): string {
  const { key, id } = currentPepper()
  const salt = randomBytes(SALT_BYTES)
  return [PIN_SCHEME, id, salt.toString('base64url'), mac(key, salt, pin).toString('base64url')].join('$')
}

export class PinKeyMismatchError extends Error {
  constructor() {
    super('This PIN was hashed under another PIN pepper: check PIN_PEPPER or DATA_DIR/pin.key (every API process must share one)')
  }
}

/**
 * 'right' or 'wrong'; 'right-rehash' for a right PIN whose stored hash is the old scrypt one, to be replaced with
 * hashPin's. Throws PinKeyMismatchError for a hash made under another pepper: counting that as a wrong try would
 * lock out every user of a misconfigured server.
 */
export async function checkPin(pin: string, stored: string): Promise<'right' | 'right-rehash' | 'wrong'> {
  if (stored.startsWith('scrypt$')) return (await verifySecret(pin, stored)) ? 'right-rehash' : 'wrong'
  const [scheme, id, salt, hash] = stored.split('$')
  if (scheme !== PIN_SCHEME || !id || !salt || !hash) return 'wrong'
  const { key, id: currentId } = currentPepper()
  if (id !== currentId) throw new PinKeyMismatchError()
  const expected = Buffer.from(hash, 'base64url')
  const actual = mac(key, Buffer.from(salt, 'base64url'), pin)
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? 'right' : 'wrong'
}
