import { afterAll } from 'vitest'

import { setScryptCostForTests } from '#server/auth/secrets'

import { closeTestDatabase } from './harness'

// Full-cost scrypt takes ~0.25 s per hash; the suite hashes hundreds. Hashes record their own cost.
setScryptCostForTests({ N: 1024, r: 8, p: 1 })

afterAll(async () => {
  await closeTestDatabase()
})
