import { openDatabase } from '#server/db/client'

/** The database `npm start` uses: DATABASE_URL if set, else PGlite under DATA_DIR (default ./data). */
export function openAppDatabase() {
  return openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || './data' })
}
