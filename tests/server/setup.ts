import { randomBytes } from 'node:crypto'

import { afterAll } from 'vitest'

import { setPinPepper } from '#server/auth/pin-hash'
import { setScryptCostForTests } from '#server/auth/secrets'

import { closeTestDatabase } from './harness'

// Full-cost scrypt takes ~0.25 s per hash; the suite hashes hundreds. Hashes record their own cost.
setScryptCostForTests({ N: 1024, r: 8, p: 1 })
// What startServer does with DATA_DIR=memory; apps made by the harness (createApp) hash PINs under it.
setPinPepper(randomBytes(32))

afterAll(async () => {
  await closeTestDatabase()
})
