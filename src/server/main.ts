import { existsSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { type Database, openDatabase } from './db/client'
import type { Logger } from './deps'
import { mountPwa } from './http/static-site'
import { DevNotifier, type Notifier } from './notifier'
import { buildPwa, pwaBuildIsStale } from './pwa-build'
import { DEMO, seedDemo } from './seed'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface StartServerOptions {
  /** 0 picks a free port. Default 3000. */
  port?: number
  hostname?: string
  /** PGlite lives in dataDir/pglite; 'memory' for a throw-away database. Ignored when databaseUrl is set. */
  dataDir?: string
  databaseUrl?: string
  /** Built PWA to serve next to the API; null serves the API only. Default <repo>/dist. */
  distDir?: string | null
  /** Seed the demo vendor if absent. Default true. */
  seed?: boolean
  notifier?: Notifier
  trustProxy?: boolean
  /** Check every answer against the contract's response schema (tests). */
  checkResponses?: boolean
  logger?: Logger
}

export interface RunningServer {
  url: string
  port: number
  database: Database
  notifier: Notifier
  close: () => Promise<void>
}

/** Opens the database (migrating it), seeds, and serves the API and the PWA on one origin. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? console
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir ?? './data' })
  try {
    if (options.seed ?? true) await seedDemo(database.db)
    const notifier = options.notifier ?? new DevNotifier((line) => logger.info(line))
    const app = createApp({
      db: database.db,
      notifier,
      trustProxy: options.trustProxy,
      checkResponses: options.checkResponses,
      logger,
    })
    const distDir = options.distDir === undefined ? resolve(ROOT, 'dist') : options.distDir
    if (distDir && existsSync(resolve(distDir, 'index.html'))) mountPwa(app, distDir)
    else if (distDir) logger.warn(`[server] no built PWA in ${distDir}; serving the API only`)

    const server = await new Promise<Server>((resolveServer, reject) => {
      const created = serve(
        { fetch: app.fetch, port: options.port ?? 3000, hostname: options.hostname },
        () => resolveServer(created as Server),
      ) as Server
      created.once('error', reject)
    })
    const { port } = server.address() as AddressInfo

    let closing: Promise<void> | undefined
    const close = () =>
      (closing ??= (async () => {
        await new Promise<void>((done) => {
          server.close(() => done())
          // Keep-alive sockets would hold close() open until they time out.
          server.closeIdleConnections()
        })
        await database.close()
      })())
    return { url: `http://localhost:${port}`, port, database, notifier, close }
  } catch (error) {
    await database.close()
    throw error
  }
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT || 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${process.env.PORT}`)
  const distDir = resolve(ROOT, 'dist')
  if (process.env.SKIP_BUILD !== '1' && pwaBuildIsStale(ROOT, distDir)) {
    console.info('[server] building the PWA (vite build)…')
    await buildPwa(ROOT)
  }
  const running = await startServer({
    port,
    dataDir: process.env.DATA_DIR ?? './data',
    databaseUrl: process.env.DATABASE_URL || undefined,
    distDir,
    trustProxy: process.env.TRUST_PROXY === '1',
  })
  console.info(`Vendor back-office running at ${running.url}`)
  console.info(`Demo login: ${DEMO.email} / ${DEMO.password}`)
  console.info(`Demo PIN: ${DEMO.pin}`)
  console.info(`API reference: ${running.url}/api/docs`)

  const shutdown = (signal: string) => {
    console.info(`[server] ${signal}: shutting down`)
    // PGlite must be closed to flush its files; give in-flight requests a moment, then stop regardless.
    setTimeout(() => process.exit(1), 10_000).unref()
    running.close().then(
      () => process.exit(0),
      (error) => {
        console.error('[server] shutdown failed:', error)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', () => shutdown('SIGINT'))
  process.once('SIGTERM', () => shutdown('SIGTERM'))
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error('[server] failed to start:', error)
    process.exit(1)
  })
}
