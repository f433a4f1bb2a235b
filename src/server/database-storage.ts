import { lstat, readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

import { eq } from 'drizzle-orm'

import type { Database, Db } from './db/client'
import { storedFiles } from './db/platform-schema'
import {
  DiskStorage,
  isStorageKey,
  MemoryStorage,
  newStorageKey,
  type PutOptions,
  type Storage,
  type StoredFile,
  type StoredType,
  typeOfStorageKey,
} from './storage'

/*
 * Uploads in PostgreSQL (decision 103). Several API processes behind a load balancer each had their own
 * DATA_DIR/uploads, so a picture uploaded through one was a 404 from the others. The database is the one thing
 * they already share; files are small (2 MB images, one KYC document per vendor) and read through a year-long
 * immutable cache, so the database serves each one a few times at most.
 */

/** What adopt found under a key: copied now, the same bytes there already, or other bytes (left alone). */
export type Adopted = 'copied' | 'already there' | 'different'

/**
 * The `stored_files` table. Uploads are stored before the transaction that names them and deleted after it fails
 * (catalogue/commit.ts), so these queries run on `db`, outside any transaction: on PGlite a query from inside one
 * would wait for itself, which is one more reason PGlite keeps files on disk.
 */
export class DatabaseStorage implements Storage {
  constructor(private readonly db: Db) {}

  async put(data: Uint8Array, contentType: StoredType, options?: PutOptions): Promise<string> {
    const key = newStorageKey(contentType, options)
    await this.db.insert(storedFiles).values({ key, contentType, data, size: data.byteLength })
    return key
  }

  async get(key: string): Promise<StoredFile | null> {
    // Before the query: a malformed key is "no such file", never a database error.
    if (!isStorageKey(key)) return null
    const [row] = await this.db.select({ data: storedFiles.data }).from(storedFiles).where(eq(storedFiles.key, key))
    // The type from the key, as every store answers it (decision 070); content_type says the same to whoever reads
    // the table.
    return row ? { data: row.data, contentType: typeOfStorageKey(key) } : null
  }

  async delete(key: string): Promise<void> {
    if (!isStorageKey(key)) return
    await this.db.delete(storedFiles).where(eq(storedFiles.key, key))
  }

  /**
   * Keeps `data` under an existing key (a file moved from disk keeps its URL), unless the key is taken: then says
   * whether the bytes there are these. Never overwrites, so running the move twice changes nothing. A copy is read
   * back and compared before it counts as copied.
   */
  async adopt(key: string, data: Uint8Array): Promise<Adopted> {
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`)
    const inserted = await this.db
      .insert(storedFiles)
      .values({ key, contentType: typeOfStorageKey(key), data, size: data.byteLength })
      .onConflictDoNothing({ target: storedFiles.key })
      .returning({ key: storedFiles.key })
    const stored = await this.get(key)
    const same = stored !== null && Buffer.from(stored.data).equals(data)
    if (inserted.length === 0) return same ? 'already there' : 'different'
    if (!same) throw new Error(`${key} reads back different from what was written`)
    return 'copied'
  }
}

/**
 * Where a server keeps uploads: PostgreSQL in the database, since several processes may share it; PGlite (one
 * process, decision 020) on its disk, or in memory with DATA_DIR=memory.
 */
export function storageFor(database: Pick<Database, 'db' | 'kind'>, dataDir: string): Storage {
  if (database.kind === 'postgres') return new DatabaseStorage(database.db)
  return dataDir === 'memory' ? new MemoryStorage() : new DiskStorage(join(dataDir, 'uploads'))
}

export interface MoveReport {
  copied: string[]
  alreadyThere: string[]
  /** Names in the folder that are not uploads (a temporary file of an interrupted write, anything else). */
  skipped: string[]
  /** Keys not copied, with why. */
  failed: { key: string; reason: string }[]
}

/**
 * Copies every upload in `dir` (DiskStorage's folder) into the database under the same key. The files on disk are
 * left as they are: the command can run again (before and after the last disk-writing process stops) and the
 * folder is the way back until the operator removes it.
 */
export async function copyUploadsToDatabase(dir: string, storage: DatabaseStorage): Promise<MoveReport> {
  const report: MoveReport = { copied: [], alreadyThere: [], skipped: [], failed: [] }
  for (const name of (await readdir(dir)).sort()) {
    if (!isStorageKey(name) || !(await lstat(join(dir, name))).isFile()) {
      report.skipped.push(name)
      continue
    }
    try {
      const outcome = await storage.adopt(name, new Uint8Array(await readFile(join(dir, name))))
      if (outcome === 'copied') report.copied.push(name)
      else if (outcome === 'already there') report.alreadyThere.push(name)
      else report.failed.push({ key: name, reason: 'the database holds different bytes under this key; left as it is' })
    } catch (error) {
      report.failed.push({ key: name, reason: error instanceof Error ? error.message : String(error) })
    }
  }
  return report
}
