import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { inject } from 'vitest'
import type { TestProject } from 'vitest/node'

import { openDatabase } from '#server/db/client'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball of a migrated PGlite data directory; null when the suite runs on PostgreSQL. */
    pgliteTemplate: string | null
  }
}

/**
 * Global setup: migrate one PGlite and keep its data directory as a tarball, provided to the project's workers as
 * `pgliteTemplate`. A database loaded from it opens in about 1.4 s of CPU; initdb and every migration take about 4 s,
 * and the server and e2e suites open dozens. Returns the teardown that removes the file.
 */
export async function providePgliteTemplate(project: TestProject): Promise<() => void> {
  const database = await openDatabase({ dataDir: 'memory' })
  const dump = await database.dump!()
  await database.close()
  const path = join(tmpdir(), `vendor-back-office-template-${process.pid}-${Date.now()}-${project.name}.tar`)
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', path)
  return () => rmSync(path, { force: true })
}

/** In a worker: the migrated template to pass as `loadDataDir`, or undefined when there is none (PostgreSQL). */
export function pgliteTemplate(): Blob | undefined {
  const path = inject('pgliteTemplate')
  return path ? new Blob([readFileSync(path)]) : undefined
}
