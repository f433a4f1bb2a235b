import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/*
 * The operator key (decision 065): OPERATOR_KEY when set; else a random key kept in DATA_DIR/operator.key, readable
 * only by its owner, so `npm run admin` on the same machine finds it and nobody else can. A throw-away server
 * (DATA_DIR=memory) gets a key for its lifetime only.
 */
export const operatorKeyFile = (dataDir: string) => join(dataDir, 'operator.key')

/** Shorter keys could be guessed; a random one is 64 hex characters. */
export const MIN_OPERATOR_KEY_LENGTH = 32

export function operatorKeyFor(dataDir: string, fromEnv = process.env.OPERATOR_KEY): string {
  if (fromEnv?.trim()) {
    const key = fromEnv.trim()
    if (key.length < MIN_OPERATOR_KEY_LENGTH) throw new Error(`OPERATOR_KEY must be at least ${MIN_OPERATOR_KEY_LENGTH} characters`)
    return key
  }
  if (dataDir === 'memory') return randomBytes(32).toString('hex')
  const file = operatorKeyFile(dataDir)
  if (existsSync(file)) {
    // A key others could read is no secret: make it the owner's alone again (a copied or restored data directory).
    if (statSync(file).mode & 0o077) chmodSync(file, 0o600)
    const saved = readFileSync(file, 'utf8').trim()
    if (saved.length >= MIN_OPERATOR_KEY_LENGTH) return saved
  }
  mkdirSync(dataDir, { recursive: true })
  const key = randomBytes(32).toString('hex')
  writeFileSync(file, `${key}\n`, { mode: 0o600 })
  chmodSync(file, 0o600)
  return key
}

/** The key `npm run admin` sends: OPERATOR_KEY, else the data directory's file, else none. */
export function readOperatorKey(dataDir: string, fromEnv = process.env.OPERATOR_KEY): string | null {
  if (fromEnv?.trim()) return fromEnv.trim()
  const file = operatorKeyFile(dataDir)
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || null : null
}
