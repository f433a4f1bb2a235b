import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import pg from 'pg'

import { type Database, openDatabase } from '#server/db/client'

import { pgliteTemplate } from '../../support/pglite-template'

/*
 * Reconciliation adds up every wallet against the bank's balance, so it needs a database of its own: the worker's
 * shared one holds other tests' vendors, funded without the bank. On PostgreSQL a database beside the test one
 * (migrated here); on PGlite a data directory on disk, so that `npm run reconcile` in a child process can open it.
 */
export interface OwnDatabase {
  open(): Promise<Database>
  /** What the CLI is given to reach the same database. */
  env: Record<string, string>
  drop(): Promise<void>
}

export async function ownDatabase(name: string): Promise<OwnDatabase> {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const target = new URL(url)
    const dbName = `${target.pathname.slice(1)}_${name}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop database if exists "${dbName}" with (force)`)
    await admin.query(`create database "${dbName}"`)
    await admin.end()
    target.pathname = `/${dbName}`
    const databaseUrl = target.toString()
    return {
      open: () => openDatabase({ databaseUrl, poolSize: 4 }),
      env: { DATABASE_URL: databaseUrl },
      drop: async () => {
        const client = new pg.Client({ connectionString: url })
        await client.connect()
        await client.query(`drop database if exists "${dbName}" with (force)`)
        await client.end()
      },
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`))
  let first = true
  return {
    open: async () => {
      // The first opening starts from the migrated template; later ones reopen what is on disk.
      const loadDataDir = first ? pgliteTemplate() : undefined
      first = false
      return openDatabase({ dataDir, loadDataDir })
    },
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  }
}
