import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import { createApp } from './app'
import { pinPepperFor, setPinPepper } from './auth/pin-hash'
import { systemClock } from './clock'
import { storageFor } from './database-storage'
import { type Database, openDatabase } from './db/client'
import { ProcessLease } from './db/process-lease'
import { type Logger, resolveDeps, type ServerPhase } from './deps'
import { MemoryEventBus, PostgresEventBus } from './events/bus'
import { LiveEvents } from './events/live-events'
import { RequestDrain } from './http/drain'
import { claimsBeforeAreAbandoned, claimsHeldUnder } from './http/idempotency'
import { createNodeServer } from './http/node-server'
import { mountPwa } from './http/static-site'
import { appJobWorker } from './jobs/app-jobs'
import type { DurableNotifier } from './messages/durable-notifier'
import { type MessagingChoice, messagingFromEnv } from './messages/env'
import { notifierFor } from './messages/transports'
import { AppMetrics, collectProcessMetrics } from './metrics'
import type { BankingProvider } from './money/bank-provider'
import { PaystackBankingProvider } from './money/paystack'
import { bankingProviderFor } from './money/provider-choice'
import { webhookSecretFor } from './money/webhook-signature'
import type { Notifier } from './notifier'
import { operatorKeyFor } from './operator-key'
import { bankProviderFromEnv, seedDemoFromEnv } from './process-env'
import type { ServerMode } from './production'
import { openRateLimiter } from './rate-limit-redis'
import { seedDemo } from './seed/demo'
import type { Storage } from './storage'

/** The repository's root: the built PWA is its dist/. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface StartServerOptions {
  /** 0 picks a free port. Default 3000. */
  port?: number
  hostname?: string
  /**
   * PGlite lives in dataDir/pglite (ignored when databaseUrl is set) and uploads in dataDir/uploads (in the
   * database when databaseUrl is set); 'memory' for a throw-away database and uploads.
   */
  dataDir?: string
  databaseUrl?: string
  /** PGlite only (tests): a migrated data directory to start from instead of initdb and every migration. */
  loadDataDir?: Blob
  /** PostgreSQL pool size (DB_POOL_SIZE). Default 10. */
  poolSize?: number
  /** PostgreSQL statement_timeout of the pool's connections (DB_STATEMENT_TIMEOUT_MS). Default: none. */
  statementTimeoutMs?: number | null
  /** Built PWA to serve next to the API; null serves the API only. Default <repo>/dist. */
  distDir?: string | null
  /** Seed the demo vendor if absent. Default: SEED_DEMO (`1`/`0`), else on for PGlite and off with databaseUrl. */
  seed?: boolean
  /** Default: SMTP/Termii or the console as the environment says (messages/env.ts), through the durable queue. */
  notifier?: Notifier
  /** Which transports the default notifier uses. Default: messagingFromEnv(). */
  messaging?: MessagingChoice
  /** Default: BANK_PROVIDER's (process-env.ts): the sandbox bank, or Paystack with PAYSTACK_SECRET_KEY. */
  banking?: BankingProvider
  /**
   * How often pending transfers are re-checked with the bank and expired rows purged (JOB_INTERVAL_MS, default
   * 15 s): recurring jobs on the one job queue, run once per period by whichever process claims them (decision 141).
   */
  jobIntervalMs?: number
  trustProxy?: boolean
  /** Check every answer against the contract's response schema (tests). */
  checkResponses?: boolean
  /** Default: in PostgreSQL with databaseUrl, else DATA_DIR/uploads on disk, or in memory with dataDir 'memory'. */
  storage?: Storage
  /** Origin of pay links (PUBLIC_URL). Default: the environment's PUBLIC_URL, else each request's origin. */
  publicUrl?: string | null
  /** X-Operator-Key of the operator's calls. Default: OPERATOR_KEY, else DATA_DIR/operator.key (made on first start). */
  operatorKey?: string
  /**
   * The key of PIN hashes (decision 097). Default: PIN_PEPPER, else DATA_DIR/pin.key (made on first start); with
   * DATA_DIR=memory a random one, unless the database is PostgreSQL, which then requires PIN_PEPPER.
   */
  pinPepper?: Buffer
  /**
   * The key of inbound bank notices. Default: BANK_WEBHOOK_SECRET, else the sandbox one on PGlite; with databaseUrl
   * the start stops without it (money/webhook-signature.ts).
   */
  webhookSecret?: string
  /** Rate limits shared with other API processes (decision 102). Default: REDIS_URL; unset, counted in memory. */
  redisUrl?: string
  logger?: Logger
  /** NODE_ENV=production and staging (production.ts). Default: development. */
  serverMode?: ServerMode
  /** Bearer token of GET /metrics (decision 154). Default: METRICS_TOKEN; null or unset, /metrics is a 404. */
  metricsToken?: string | null
}

export interface RunningServer {
  url: string
  port: number
  database: Database
  notifier: Notifier
  /** What `npm run admin` sends as X-Operator-Key to this server. */
  operatorKey: string
  /** The demo vendor's id when it was seeded (or already there). */
  demoVendorId?: string
  /** With a Redis URL: rejects while the shared rate-limit counters cannot be reached (for a readiness check). */
  redis?: { ping: () => Promise<void> }
  /** `leaveRotationMs`: accept connections this long before closing the port (http/drain.ts). */
  close: (options?: { leaveRotationMs?: number }) => Promise<void>
}

/** Opens the database (migrating it), seeds, and serves the API and the PWA on one origin. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? console
  const dataDir = options.dataDir ?? './data'
  // Before the database opens: a missing PIN key stops the start rather than making every PIN fail later.
  setPinPepper(options.pinPepper ?? pinPepperFor({ dataDir, databaseUrl: options.databaseUrl }))
  // So does BANK_PROVIDER=paystack without its secret key.
  const bankChoice = options.banking ? null : bankProviderFromEnv()
  // And a deployment whose bank notices anyone could sign. With Paystack the sandbox's notices are refused
  // (routes/transfers.ts): their key is then a random one nobody holds, and BANK_WEBHOOK_SECRET is not needed.
  const webhookSecret =
    options.webhookSecret ?? (bankChoice?.kind === 'paystack' ? randomBytes(32).toString('hex') : webhookSecretFor(options.databaseUrl))
  const seed = options.seed ?? seedDemoFromEnv(process.env.SEED_DEMO, options.databaseUrl)
  // So does half-set SMTP or Termii: read before the database opens, so a typo stops here, not at the first code.
  const messaging = options.notifier ? undefined : (options.messaging ?? messagingFromEnv())
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir,
    loadDataDir: options.loadDataDir,
    poolSize: options.poolSize,
    statementTimeoutMs: options.statementTimeoutMs,
    logger,
  })
  let server: Server | undefined
  let closeRateLimits: (() => Promise<void>) | undefined
  let events: LiveEvents | undefined
  let lease: ProcessLease | undefined
  let ownNotifier: DurableNotifier | undefined
  try {
    const redisUrl = options.redisUrl ?? process.env.REDIS_URL
    const rateLimits = await openRateLimiter({ redisUrl, logger })
    closeRateLimits = rateLimits.close
    const drain = new RequestDrain()
    let phase: ServerPhase = 'starting'
    // Every message is a job of the one queue, tried at once in its request (decision 150).
    // One registry for the app and its notifier, so a failed first try is counted at GET /metrics.
    const metrics = new AppMetrics()
    if (messaging) ownNotifier = notifierFor(messaging, { db: database.db, clock: systemClock, logger, metrics })
    const notifier = options.notifier ?? ownNotifier!
    const operatorKey = options.operatorKey ?? operatorKeyFor(dataDir)
    // Live payment alerts: with PostgreSQL a credit any process records reaches every process's streams (decision 107).
    const bus = options.databaseUrl
      ? new PostgresEventBus({ connectionString: options.databaseUrl, db: database.db, logger })
      : new MemoryEventBus()
    // Listening before the port opens, so no credit recorded from the first request on goes unheard here.
    if (bus instanceof PostgresEventBus) await bus.ready
    events = new LiveEvents({ bus })
    const deps = resolveDeps({
      db: database.db,
      notifier,
      banking: options.banking ?? (bankChoice ? bankingProviderFor(bankChoice, database.db, { logger }) : undefined),
      trustProxy: options.trustProxy,
      checkResponses: options.checkResponses,
      logger,
      storage: options.storage ?? storageFor(database, dataDir),
      publicUrl: options.publicUrl,
      operatorKey,
      webhookSecret,
      rateLimiter: rateLimits.limiter,
      // GET /api/ready pings the Redis of the rate limits when there is one.
      readiness: { redisPing: redisUrl ? rateLimits.ping : null, phase: () => phase },
      events,
      serverMode: options.serverMode,
      metricsToken: options.metricsToken,
      metrics,
    })
    // CPU, memory, event-loop lag of this process, once per process (not per app: tests make many apps).
    collectProcessMetrics(deps.metrics)
    // PGlite's data directory is locked to this process (db/client.ts), so whatever a request left half-done there
    // (a claimed Idempotency-Key with no answer, a pending transfer) was left by a process that is gone: recovered
    // at once (decision 072). On PostgreSQL other live processes may share the database: only age tells.
    const soleSince = database.kind === 'pglite' ? deps.clock.now() : undefined
    if (soleSince) claimsBeforeAreAbandoned(database.db, soleSince)
    // On PostgreSQL each claim names this process's lease instead: once the process is gone, so is the lease (125).
    if (database.kind === 'postgres') {
      lease = new ProcessLease({ connectionString: options.databaseUrl!, logger })
      await lease.open()
      claimsHeldUnder(database.db, lease)
    }
    if (deps.banking instanceof PaystackBankingProvider) {
      await deps.banking.checkKey(logger)
      // Paystack's API cannot say whether transfer OTP is on (decision 140): a transfer held for one is refused.
      logger.info(
        `[server] banking provider: Paystack at ${bankChoice?.kind === 'paystack' ? bankChoice.baseUrl : 'a given URL'}; transfer OTP must be off`,
      )
    }
    const app = createApp(deps)
    const distDir = options.distDir === undefined ? resolve(ROOT, 'dist') : options.distDir
    if (distDir && existsSync(resolve(distDir, 'index.html'))) mountPwa(app, distDir)
    else if (distDir) logger.warn(`[server] no built PWA in ${distDir}; serving the API only`)

    // Requests still running when the server stops must finish before the database closes (http/drain.ts).
    const fetch = drain.wrap(app.fetch)
    // Every error answered as the API's JSON, those Node answers itself included (http/node-server.ts).
    const listening = await new Promise<Server>((resolveServer, reject) => {
      const created = createNodeServer(fetch, options.hostname)
      created.once('error', reject)
      created.listen(options.port ?? 3000, options.hostname, () => resolveServer(created))
    })
    server = listening
    const { port } = listening.address() as AddressInfo
    const url = `http://localhost:${port}`
    // Seeded once the port is known: the demo pay link's QR code holds an absolute URL. The URL is announced
    // only after this, so nobody is pointed at the server before the demo exists.
    const seeded = seed ? await seedDemo(database.db, { storage: deps.storage, origin: deps.publicUrl ?? url }) : undefined
    // Every process runs a worker of the one job queue; a job is claimed by one of them (decision 141).
    const worker = appJobWorker(deps, { soleSince, intervalMs: options.jobIntervalMs })
    worker.start()
    phase = 'serving'

    let closing: Promise<void> | undefined
    // From the first call /api/ready answers 503; requests in flight are answered and the job in progress finishes
    // before the database closes.
    const close = (closeOptions: { leaveRotationMs?: number } = {}) =>
      (closing ??= (async () => {
        phase = 'stopping'
        // Event streams never end by themselves: ended first, or the drain would wait on them (decision 107).
        const streams = events!.close()
        await Promise.all([drain.close(listening, closeOptions), worker.stop(), streams])
        // Notices the answered requests left sending (deps.background) reach the queue while the database is open.
        await deps.background.settled()
        // First tries that outlived their request's wait record their outcome before the database closes.
        await ownNotifier?.close()
        // After the drain: no request of this process is left, so its claims may read as abandoned.
        await lease?.close()
        await rateLimits.close()
        await database.close()
      })())
    const redis = redisUrl ? { ping: rateLimits.ping } : undefined
    return { url, port, database, notifier, operatorKey, demoVendorId: seeded?.vendorId, redis, close }
  } catch (error) {
    if (server) await new Promise((done) => server!.close(done))
    await events?.close()
    await lease?.close()
    await closeRateLimits?.()
    await ownNotifier?.close()
    await database.close()
    throw error
  }
}
