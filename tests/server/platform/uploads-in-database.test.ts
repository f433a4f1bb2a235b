import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { copyUploadsToDatabase, DatabaseStorage, storageFor } from '#server/database-storage'
import { storedFiles } from '#server/db/platform-schema'
import { DiskStorage, MemoryStorage } from '#server/storage'

import { image, JPEG, makeProduct, PNG, seller, WEBP } from '../catalogue/helpers'
import { makeApp, testDb } from '../harness'

/*
 * Uploads in PostgreSQL (decision 103): the store itself, two app instances on one database serving each other's
 * files, and the move of DATA_DIR/uploads into the database. Runs on PGlite and on PostgreSQL alike.
 */

const ROOT = resolve(import.meta.dirname, '../../..')
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vbo-uploads-db-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Every byte value, and more than one pg buffer's worth: bytea must come back exactly. */
const EVERY_BYTE = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7 + (i >> 8)) % 256)

describe('DatabaseStorage', () => {
  it('put, get, delete under random keys; the bytes come back exactly', async () => {
    const storage = new DatabaseStorage(await testDb())
    const key = await storage.put(EVERY_BYTE, 'image/png')
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}\.png$/)
    expect(await storage.put(EVERY_BYTE, 'image/png')).not.toBe(key)
    const got = await storage.get(key)
    expect(got?.contentType).toBe('image/png')
    expect(Buffer.from(got!.data).equals(EVERY_BYTE)).toBe(true)
    const [row] = await (await testDb()).select({ size: storedFiles.size }).from(storedFiles).where(eq(storedFiles.key, key))
    expect(row).toEqual({ size: EVERY_BYTE.byteLength })
    await storage.delete(key)
    await storage.delete(key)
    expect(await storage.get(key)).toBeNull()
  })

  it('private files get private- keys and are kept like any other', async () => {
    const storage = new DatabaseStorage(await testDb())
    const pdf = new TextEncoder().encode('%PDF-1.7 identity document')
    const key = await storage.put(pdf, 'application/pdf', { private: true })
    expect(key).toMatch(/^private-[A-Za-z0-9_-]{22}\.pdf$/)
    expect(await storage.get(key)).toEqual({ data: pdf, contentType: 'application/pdf' })
  })

  it('a key that is not one of ours is no file, and never reaches the database as an error', async () => {
    const storage = new DatabaseStorage(await testDb())
    for (const evil of [
      "x'; drop table stored_files; --.png",
      '\u0000.png',
      'a'.repeat(10_000),
      '../etc/passwd',
      '',
      'ä'.repeat(22) + '.png',
    ]) {
      expect(await storage.get(evil)).toBeNull()
      await storage.delete(evil)
    }
  })

  it('storageFor: the database on PostgreSQL, the disk on PGlite, memory with DATA_DIR=memory', async () => {
    const db = await testDb()
    expect(storageFor({ db, kind: 'postgres' }, './data')).toBeInstanceOf(DatabaseStorage)
    expect(storageFor({ db, kind: 'postgres' }, 'memory')).toBeInstanceOf(DatabaseStorage)
    expect(storageFor({ db, kind: 'pglite' }, dir)).toBeInstanceOf(DiskStorage)
    expect(storageFor({ db, kind: 'pglite' }, 'memory')).toBeInstanceOf(MemoryStorage)
  })
})

describe('two API processes on one database', () => {
  it('an image uploaded through one is served by the other, with the same headers', async () => {
    const db = await testDb()
    const a = await makeApp({ storage: new DatabaseStorage(db), publicUrl: null })
    const b = await makeApp({ storage: new DatabaseStorage(db), publicUrl: null })
    const s = await seller(a)
    const product = await makeProduct(a, s.token, {}, [image(PNG, 'image/png'), image(WEBP, 'image/jpeg'), image(JPEG, 'image/jpeg')])
    for (const [i, { url }] of product.images.entries()) {
      const [fromA, fromB] = [await a.app.request(url), await b.app.request(url)]
      expect(fromB.status).toBe(200)
      expect(new Uint8Array(await fromB.arrayBuffer())).toEqual([PNG, WEBP, JPEG][i])
      expect(fromB.headers.get('content-type')).toBe(['image/png', 'image/webp', 'image/jpeg'][i])
      expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(fromB.headers.get('x-content-type-options')).toBe('nosniff')
      expect(fromB.headers.get('content-disposition')).toMatch(/^inline; filename="[A-Za-z0-9_-]{22}\.(png|webp|jpg)"$/)
      // Every header the same but the request's own id.
      const headers = (response: Response) => [...response.headers].filter(([name]) => name !== 'x-request-id').sort()
      expect(headers(fromB)).toEqual(headers(fromA))
    }
  })

  it('a private file stored by one is not served by the files route of either', async () => {
    const db = await testDb()
    const a = await makeApp({ storage: new DatabaseStorage(db) })
    const b = await makeApp({ storage: new DatabaseStorage(db) })
    const key = await a.deps.storage.put(PNG, 'image/png', { private: true })
    expect(await b.deps.storage.get(key)).not.toBeNull()
    for (const app of [a, b]) expect((await app.app.request(`/api/files/${key}`)).status).toBe(404)
  })
})

describe('moving DATA_DIR/uploads into the database', () => {
  it('copies every upload under its key, skips what is not one, leaves the disk alone, and can run again', async () => {
    const uploads = join(dir, 'move', 'uploads')
    const disk = new DiskStorage(uploads)
    const keys = [
      await disk.put(PNG, 'image/png'),
      await disk.put(WEBP, 'image/webp'),
      await disk.put(EVERY_BYTE, 'application/pdf', { private: true }),
    ]
    writeFileSync(join(uploads, `.${keys[0]}.123.tmp`), 'half a file')
    writeFileSync(join(uploads, 'notes.txt'), 'not an upload')
    mkdirSync(join(uploads, 'AAAAAAAAAAAAAAAAAAAAAA.png'))
    const before = readdirSync(uploads).sort()
    const storage = new DatabaseStorage(await testDb())

    const first = await copyUploadsToDatabase(uploads, storage)
    expect(first.copied.sort()).toEqual([...keys].sort())
    expect(first.skipped).toHaveLength(3)
    expect(first).toMatchObject({ alreadyThere: [], failed: [] })
    for (const key of keys) expect(await storage.get(key)).toEqual(await disk.get(key))
    expect(readdirSync(uploads).sort()).toEqual(before)

    const again = await copyUploadsToDatabase(uploads, storage)
    expect(again.alreadyThere.sort()).toEqual([...keys].sort())
    expect(again).toMatchObject({ copied: [], failed: [] })

    // Served at the URL it had on disk.
    const app = await makeApp({ storage })
    const served = await app.app.request(`/api/files/${keys[1]}`)
    expect(served.status).toBe(200)
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(WEBP)
  })

  it('never overwrites other bytes already under a key: reported as failed, the database keeps its own', async () => {
    const uploads = join(dir, 'clash', 'uploads')
    const storage = new DatabaseStorage(await testDb())
    const key = await storage.put(PNG, 'image/png')
    mkdirSync(uploads, { recursive: true })
    writeFileSync(join(uploads, key), JPEG)
    const report = await copyUploadsToDatabase(uploads, storage)
    expect(report.failed).toEqual([{ key, reason: expect.stringContaining('different bytes') }])
    expect((await storage.get(key))?.data).toEqual(PNG)
  })
})

/** `npm run uploads:to-db` as the operator runs it, in a directory of its own. */
async function uploadsToDb(env: Record<string, string>, args: string[] = []) {
  const run = promisify(execFile)(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'scripts/uploads-to-db.ts'), ...args], {
    cwd: dir,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
  })
  return run.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  )
}

describe('npm run uploads:to-db', () => {
  it('refuses without DATABASE_URL: PGlite keeps its uploads on disk', async () => {
    const run = await uploadsToDb({ DATA_DIR: join(dir, 'nothing') })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('DATABASE_URL is not set')
    expect(existsSync(join(dir, 'nothing'))).toBe(false)
  })

  it.runIf(onPostgres)('copies DATA_DIR/uploads into PostgreSQL, reports counts, and a second run copies nothing', async () => {
    const dataDir = join(dir, 'command')
    const disk = new DiskStorage(join(dataDir, 'uploads'))
    const keys = [await disk.put(PNG, 'image/png'), await disk.put(JPEG, 'image/jpeg')]
    const env = { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATA_DIR: dataDir }
    const first = await uploadsToDb(env)
    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/copied and checked: +2\n/)
    expect(first.stdout).toContain('left in place')
    const storage = new DatabaseStorage(await testDb())
    for (const key of keys) expect(await storage.get(key)).toEqual(await disk.get(key))
    const second = await uploadsToDb(env)
    expect(second.stdout).toMatch(/copied and checked: +0\n/)
    expect(second.stdout).toMatch(/already in the database: +2\n/)
    expect(readdirSync(join(dataDir, 'uploads')).sort()).toEqual([...keys].sort())
  })
})
