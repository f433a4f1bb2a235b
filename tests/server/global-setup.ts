import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import pg from 'pg'
import type { TestProject } from 'vitest/node'

import { openDatabase } from '#server/db/client'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball of a migrated PGlite data directory; null when the suite runs on PostgreSQL. */
    pgliteTemplate: string | null
  }
}

/**
 * PostgreSQL (TEST_DATABASE_URL): start from empty schemas and migrate once, before any worker connects, so the
 * suite also proves the migrations apply to a blank database. PGlite: migrate once into a template that each
 * worker loads (under a second) instead of running initdb and the migrations itself (several seconds).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;')
    } finally {
      await client.end()
    }
    const database = await openDatabase({ databaseUrl: url })
    await database.close()
    project.provide('pgliteTemplate', null)
    return
  }

  const database = await openDatabase({ dataDir: 'memory' })
  const dump = await database.dump!()
  await database.close()
  const path = join(tmpdir(), `vendor-back-office-template-${process.pid}-${Date.now()}.tar`)
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', path)
  return () => rmSync(path, { force: true })
}
