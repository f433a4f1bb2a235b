import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'

import { copyUploadsToDatabase, DatabaseStorage } from '#server/database-storage'
import { openDatabase } from '#server/db/client'

/*
 * npm run uploads:to-db [-- DIR]
 * Copies the uploads a server kept on disk (DIR, default DATA_DIR/uploads) into the PostgreSQL of DATABASE_URL,
 * under the same keys, so every stored URL (product images, QR codes, logos, KYC documents) keeps working once the
 * servers keep their files in the database (decision 103). Each copy is read back and compared. Keys already in the
 * database are left alone, so running it again is safe: run it before switching, and again once the last process
 * that wrote to disk has stopped. With several machines, run it on each one's folder. The files on disk are not
 * touched: remove the folder yourself once the files show.
 */

async function main(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) {
    console.error('DATABASE_URL is not set: on PGlite the uploads stay in DATA_DIR/uploads, and there is nothing to move.')
    return 2
  }
  const dataDir = process.env.DATA_DIR || './data'
  if (!process.argv[2] && dataDir === 'memory') {
    console.error('DATA_DIR=memory keeps no uploads on disk: give the folder to copy (npm run uploads:to-db -- DIR).')
    return 2
  }
  const dir = resolve(process.argv[2] ?? join(dataDir, 'uploads'))
  if (!existsSync(dir)) {
    console.info(`No uploads folder at ${dir}: nothing to copy.`)
    return 0
  }
  // Migrates first (under the advisory lock, as a server start does): the table exists even if no server ran yet.
  const database = await openDatabase({ databaseUrl, poolSize: 2 })
  try {
    const report = await copyUploadsToDatabase(dir, new DatabaseStorage(database.db))
    console.info(`Uploads in ${dir} → the database:`)
    console.info(`  copied and checked:          ${report.copied.length}`)
    console.info(`  already in the database:     ${report.alreadyThere.length}`)
    console.info(`  skipped (not uploads):       ${report.skipped.length}${report.skipped.length ? ` (${report.skipped.join(', ')})` : ''}`)
    console.info(`  failed:                      ${report.failed.length}`)
    for (const { key, reason } of report.failed) console.error(`  ${key}: ${reason}`)
    console.info(`The files in ${dir} are left in place; remove the folder once the servers show them from the database.`)
    return report.failed.length ? 1 : 0
  } finally {
    await database.close()
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('[uploads:to-db] failed:', error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
