import { randomBytes } from 'node:crypto'

import { beforeAll } from 'vitest'

import { setPinPepper } from '#server/auth/pin-hash'
import { setScryptCostForTests } from '#server/auth/secrets'
import { jobs } from '#server/db/platform-schema'

import { testDb } from './harness'

// Full-cost scrypt takes ~0.25 s per hash; the suite hashes hundreds. Hashes record their own cost.
setScryptCostForTests({ N: 1024, r: 8, p: 1 })
// What startServer does with DATA_DIR=memory; apps made by the harness (createApp) hash PINs under it.
setPinPepper(randomBytes(32))

// The worker's files share its database, one file after another (decision 203). The jobs an earlier file queued are
// no test's now, and a file that runs due jobs (a worker of its own, `runDueJobs`) would run them and miscount.
beforeAll(async () => {
  await (await testDb()).delete(jobs)
})
