import { resolve } from 'node:path'

import type { TestProject } from 'vitest/node'

import { buildPwa, pwaBuildIsStale } from '#server/pwa-build'
import { DEMO } from '#server/seed/demo'

import { providePgliteTemplate } from '../support/pglite-template'

declare module 'vitest' {
  export interface ProvidedContext {
    demo: { email: string; password: string; pin: string }
  }
}

/**
 * The real built PWA, once for the run; each worker serves it from a server of its own (worker-server.ts). Every
 * server the workers start loads the migrated template instead of migrating (decision 205).
 */
export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, '../..')
  if (pwaBuildIsStale(root)) await buildPwa(root)
  project.provide('demo', { email: DEMO.email, password: DEMO.password, pin: DEMO.pin })
  return providePgliteTemplate(project)
}
