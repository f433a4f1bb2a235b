import { pinPepperFor, setPinPepper } from '#server/auth/pin-hash'
import { storageFor } from '#server/database-storage'
import { seedDemo } from '#server/seed/demo'

import { openAppDatabase } from './open-db'

/*
 * Migrates the database `npm start` would use (DATABASE_URL, else PGlite under DATA_DIR) and seeds the demo vendor
 * without serving: what SEED_DEMO=1 does at start-up, for CI's backup-and-restore stage (decision 155) and anyone
 * who wants a seeded database to dump. PINs are hashed with PIN_PEPPER (or DATA_DIR's pin.key), as the server would.
 */

const dataDir = process.env.DATA_DIR || './data'
const databaseUrl = process.env.DATABASE_URL || undefined
setPinPepper(pinPepperFor({ dataDir, databaseUrl }))
const database = await openAppDatabase()
try {
  const origin = process.env.PUBLIC_URL || 'http://localhost:3000'
  const seeded = await seedDemo(database.db, { storage: storageFor(database, dataDir), origin })
  console.log(seeded.created ? `Seeded the demo vendor ${seeded.vendorId}` : `The demo vendor ${seeded.vendorId} was there already`)
} finally {
  await database.close()
}
