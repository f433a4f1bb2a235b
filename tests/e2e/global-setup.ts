import { resolve } from 'node:path'

import type { TestProject } from 'vitest/node'

import { buildPwa, pwaBuildIsStale } from '#server/pwa-build'
import { DEMO } from '#server/seed/demo'
import { startServer } from '#server/start-server'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    demo: { email: string; password: string; pin: string }
  }
}

/** The real built PWA and the real server (seeded, on a throw-away database) on a free port. */
export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, '../..')
  if (pwaBuildIsStale(root)) await buildPwa(root)
  // trustProxy: each browser context says it is its own phone on its own network (X-Forwarded-For, browser.ts), as
  // phones are. Every suite signing in from 127.0.0.1 shared one per-address login allowance (20 per 15 minutes),
  // and the 21st sign-in of a run was refused.
  const server = await startServer({
    port: 0,
    dataDir: 'memory',
    trustProxy: true,
    logger: { info() {}, warn: console.warn, error: console.error },
  })
  project.provide('baseURL', server.url)
  project.provide('demo', { email: DEMO.email, password: DEMO.password, pin: DEMO.pin })
  return () => server.close()
}
