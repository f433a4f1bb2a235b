import { parseArgs } from 'node:util'

import pg from 'pg'

import { RestoreError, restoreIntoScratch } from '#server/db/scratch-restore'
import { checkLedger, formatLedgerCheck } from '#server/money/ledger-invariants'

/*
 * Does this backup restore, and is its ledger whole? (issue 37, decision 155)
 *   npm run restore-check -- FILE [--keep]
 * Restores FILE (pg_dump -Fc, or a directory/tar/plain SQL dump) into a new scratch database on the server of
 * RESTORE_DATABASE_URL, else DATABASE_URL (only its host and credentials are used; its own database is never
 * restored into), runs the ledger's invariants, prints the counts and every violation, and drops the scratch
 * database unless --keep. Exit code 0 when the ledger holds, 1 on any violation, 2 when the file does not restore
 * or on bad usage.
 */

const USAGE = 'Usage: npm run restore-check -- FILE [--keep]   (RESTORE_DATABASE_URL or DATABASE_URL: the server to restore on)'

async function main(): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({ allowPositionals: true, options: { keep: { type: 'boolean' } } })
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    return 2
  }
  const [file, ...extra] = parsed.positionals
  const server = process.env.RESTORE_DATABASE_URL || process.env.DATABASE_URL
  if (!file || extra.length || !server) {
    console.error(server ? USAGE : `Set RESTORE_DATABASE_URL (or DATABASE_URL): the PostgreSQL server to restore on.\n${USAGE}`)
    return 2
  }
  if (!URL.canParse(server) || !/^postgres(ql)?:$/.test(new URL(server).protocol)) {
    console.error(`${process.env.RESTORE_DATABASE_URL ? 'RESTORE_DATABASE_URL' : 'DATABASE_URL'} is not a postgres:// URL`)
    return 2
  }
  const started = Date.now()
  let scratch
  try {
    scratch = await restoreIntoScratch(new URL(server), file, { keep: parsed.values.keep })
  } catch (error) {
    if (!(error instanceof RestoreError)) throw error
    console.error(`RESTORE FAILED: ${error.message}`)
    return 2
  }
  console.log(`Restored ${file} into ${scratch.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  try {
    const client = new pg.Client({ connectionString: scratch.url })
    await client.connect()
    const check = await checkLedger(client).finally(() => client.end())
    console.log(formatLedgerCheck(check))
    return check.violations.length ? 1 : 0
  } catch (error) {
    console.error(`CHECK FAILED: ${(error as Error).message}`)
    return 2
  } finally {
    if (parsed.values.keep) console.log(`Kept ${scratch.name} (drop it with: dropdb ${scratch.name})`)
    else await scratch.drop()
  }
}

process.exitCode = await main()
