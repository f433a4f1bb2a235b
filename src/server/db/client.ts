import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { PGlite } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'

import * as apiKeys from './api-keys-schema'
import * as beneficiaries from './beneficiaries-schema'
import * as documents from './documents-schema'
import * as onboarding from './onboarding-schema'
import * as payouts from './payout-batches-schema'
import * as platform from './platform-schema'
import * as sales from './sales-schema'
import * as core from './schema'
import * as stock from './stock-schema'
import * as team from './team-schema'
import * as webhooks from './webhooks-schema'

/**
 * Tables are split by area across files (schema.ts, sales-schema.ts, team-schema.ts, onboarding-schema.ts,
 * platform-schema.ts, beneficiaries-schema.ts, api-keys-schema.ts, webhooks-schema.ts, stock-schema.ts, documents-schema.ts,
 * payout-batches-schema.ts); drizzle sees them as one.
 */
const schema = {
  ...core,
  ...sales,
  ...team,
  ...onboarding,
  ...platform,
  ...beneficiaries,
  ...apiKeys,
  ...webhooks,
  ...stock,
  ...documents,
  ...payouts,
}

export type Schema = typeof schema
/** The one database type handlers see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export interface OpenDatabaseOptions {
  /** postgres://… — PostgreSQL through a pg Pool. Takes precedence over dataDir. */
  databaseUrl?: string
  /** Directory holding the app's data (PGlite lives in DATA_DIR/pglite), or 'memory' for a throw-away database. */
  dataDir?: string
  /** PGlite only: start from a dumped data directory (tests load a migrated template instead of running initdb). */
  loadDataDir?: Blob
  /** Apply pending migrations (default true). Test workers on PostgreSQL skip it: global setup migrated once. */
  migrate?: boolean
  /** pg Pool size (default DEFAULT_POOL_SIZE; DB_POOL_SIZE in main). */
  poolSize?: number
  /**
   * PostgreSQL's statement_timeout for the pool's connections (DB_STATEMENT_TIMEOUT_MS in main): a statement
   * running longer is cancelled. Default: none. Migrations run without it (migrateUnderLock).
   */
  statementTimeoutMs?: number | null
  /** Where an idle pool connection's error is reported. Default: the console. */
  logger?: Pick<Console, 'error'>
}

export const DEFAULT_POOL_SIZE = 10

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  close: () => Promise<void>
  /** PGlite only: a tarball of the data directory, used to make test templates. */
  dump?: () => Promise<Blob>
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite is an in-process Postgres with no lock of its own: two processes on one directory corrupt it (checked
 * here: a second process opened a directory already in use without complaint). A pid file makes the second one
 * stop with a clear message instead. A lock left by a crashed process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockPath = join(dataDir, 'pglite.lock')
  const mine = String(process.pid)
  try {
    writeFileSync(lockPath, mine, { flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    const holder = Number(readFileSync(lockPath, 'utf8').trim())
    if (holder && holder !== process.pid && processIsAlive(holder)) {
      throw new Error(`The database in ${dataDir} is in use by process ${holder}; stop it first (or use DATABASE_URL).`)
    }
    writeFileSync(lockPath, mine)
  }
  return () => {
    try {
      if (readFileSync(lockPath, 'utf8').trim() === mine) unlinkSync(lockPath)
    } catch {
      // Already gone: nothing to release.
    }
  }
}

/** Arbitrary constant: the advisory lock that serialises migrations across API processes. */
const MIGRATION_LOCK_ID = 727_401_555

/**
 * Several API processes may start at once against one PostgreSQL; only one at a time may migrate. Without the
 * pool's statement_timeout: a process waiting for the lock waits as long as the other's migration takes, and a
 * migration (an index on a large table) may rightly take longer than any request should. The connection is then
 * closed rather than returned to the pool with the timeout lifted.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('set statement_timeout = 0')
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder })
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
    }
  } finally {
    client.release(true)
  }
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const shouldMigrate = options.migrate ?? true

  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      // Sent when each connection opens, so every statement of every request is bounded without a SET per query.
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    })
    const logger = options.logger ?? console
    // An idle client losing its connection emits 'error' on the pool; unhandled it would crash the process.
    pool.on('error', (error) => logger.error('[db] idle PostgreSQL client error:', error.message))
    const db = drizzleNodePg({ client: pool, schema })
    try {
      if (shouldMigrate) await migrateUnderLock(pool)
    } catch (error) {
      await pool.end()
      throw error
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() }
  }

  const dataDir = options.dataDir ?? './data'
  // What migration 0017 creates: PostgreSQL ships them as contrib; PGlite loads them with each database it opens.
  const extensions = { pg_trgm, btree_gin }
  let client: PGlite
  let unlock = () => {}
  if (dataDir === 'memory') {
    client = await PGlite.create({ loadDataDir: options.loadDataDir, extensions })
  } else {
    const dir = join(dataDir, 'pglite')
    // PGlite's own mkdir is not recursive: a fresh DATA_DIR=./a/b would fail without this.
    mkdirSync(dir, { recursive: true })
    unlock = lockDataDir(dataDir)
    try {
      client = await PGlite.create({ dataDir: dir, loadDataDir: options.loadDataDir, extensions })
    } catch (error) {
      unlock()
      throw error
    }
  }
  const close = async () => {
    try {
      await client.close()
    } finally {
      unlock()
    }
  }
  const db = drizzlePglite({ client, schema })
  try {
    if (shouldMigrate) await migratePglite(db, { migrationsFolder })
  } catch (error) {
    await close()
    throw error
  }
  return { db: db as unknown as Db, kind: 'pglite', close, dump: () => client.dumpDataDir('none') }
}
