import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto'

/*
 * Passwords and PINs are hashed with scrypt. The parameters are stored in each hash, so they can be raised
 * later without invalidating existing hashes. N=2^15, r=8, p=3 is one of OWASP's equivalent scrypt settings
 * (~32 MiB per hash).
 */
interface ScryptCost {
  N: number
  r: number
  p: number
}
const DEFAULT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 3 }
const KEY_LENGTH = 32
const MAX_MEMORY = 128 * 1024 * 1024
let currentCost = DEFAULT_COST

/**
 * The test suite hashes hundreds of passwords; at full cost that is minutes of CPU. Only tests call this,
 * and hashes keep their own parameters, so a cheap test hash never weakens a production one.
 */
export function setScryptCostForTests(cost: ScryptCost): void {
  currentCost = cost
}

function scryptAsync(secret: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize('NFKC'), salt, KEY_LENGTH, { ...cost, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/** `scrypt$N$r$p$salt$hash`, base64url parts. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(secret, salt, currentCost)
  const { N, r, p } = currentCost
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const actual = await scryptAsync(secret, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

let dummyHash: Promise<string> | undefined
/**
 * Burns the same scrypt time as a real check. Login calls it when the email is unknown, so response time
 * does not tell an attacker which emails have accounts.
 */
export async function verifyAgainstDummy(secret: string): Promise<false> {
  dummyHash ??= hashSecret(randomBytes(16).toString('hex'))
  await verifySecret(secret, await dummyHash)
  return false
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

/** Opaque bearer token: 256 random bits. Only its sha256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

export function newOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0')
}

/** The code row's id salts the hash, so equal codes of different rows never share a hash. */
export function hashOtp(codeId: string, code: string): string {
  return sha256(`${codeId}:${code}`)
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
