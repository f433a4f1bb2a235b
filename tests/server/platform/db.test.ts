import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { openDatabase } from '#server/db/client'
import { isUniqueViolation } from '#server/db/errors'
import { users, vendors } from '#server/db/schema'

import { createVendor, testDb } from '../harness'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'vbo-data-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('database', () => {
  it('recognises a unique violation from this driver, and nothing else', async () => {
    const db = await testDb()
    const { owner } = await createVendor()
    const duplicate = db.insert(users).values({ ...owner.row, id: crypto.randomUUID() })
    const error = await duplicate.then(
      () => null,
      (e: unknown) => e,
    )
    expect(isUniqueViolation(error)).toBe(true)
    expect(isUniqueViolation(new Error('boom'))).toBe(false)
    expect(isUniqueViolation(undefined)).toBe(false)
  })

  it('refuses to open a PGlite directory another live process holds', async () => {
    const dataDir = tempDir()
    mkdirSync(join(dataDir, 'pglite'), { recursive: true })
    // The test runner's parent process is certainly alive and is not us.
    writeFileSync(join(dataDir, 'pglite.lock'), String(process.ppid))
    await expect(openDatabase({ dataDir })).rejects.toThrow(`is in use by process ${process.ppid}`)
  })

  it('creates a nested DATA_DIR, keeps data across restarts, takes over a stale lock, releases it on close', async () => {
    const dataDir = join(tempDir(), 'nested', 'deeper')
    const lock = join(dataDir, 'pglite.lock')
    const first = await openDatabase({ dataDir })
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid))
    await first.db.insert(vendors).values({ id: 'kept-vendor', name: 'Kept', email: 'kept@test.ng' })
    await first.close()
    expect(existsSync(lock)).toBe(false)
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true)

    writeFileSync(lock, '999999999')
    const second = await openDatabase({ dataDir })
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid))
    expect(await second.db.select({ name: vendors.name }).from(vendors)).toEqual([{ name: 'Kept' }])
    await second.close()
    expect(existsSync(lock)).toBe(false)
  })
})
