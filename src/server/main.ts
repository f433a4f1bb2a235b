import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import { nairaText } from '#contract/naira'

import type { Logger } from './deps'
import { jsonLogger } from './logging'
import { vendorWallet } from './money/ledger'
import { type ProcessEnv, processEnv } from './process-env'
import { isProduction, liveKeyOutsideProduction, productionProblems, productionRefusal, serverModeFromEnv } from './production'
import { buildPwa, pwaBuildIsStale } from './pwa-build'
import { DEMO } from './seed/demo'
import { ROOT, startServer } from './start-server'

/*
 * `npm start`: reads the environment (refusing, in production, every unsafe default at once), builds a stale PWA,
 * starts the server (start-server.ts, which tests and scripts call with their own options), prints where it runs
 * and the demo's login, and stops it on SIGTERM or SIGINT.
 */

async function main(env: ProcessEnv, logger: Logger): Promise<void> {
  const port = Number(process.env.PORT || 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${process.env.PORT}`)
  const distDir = resolve(ROOT, 'dist')
  if (process.env.SKIP_BUILD !== '1' && pwaBuildIsStale(ROOT, distDir)) {
    logger.info('[server] building the PWA (vite build)…')
    await buildPwa(ROOT)
  }
  const running = await startServer({
    port,
    dataDir: process.env.DATA_DIR || './data',
    databaseUrl: process.env.DATABASE_URL || undefined,
    poolSize: env.poolSize,
    statementTimeoutMs: env.statementTimeoutMs,
    jobIntervalMs: env.jobIntervalMs,
    seed: env.seedDemo,
    distDir,
    trustProxy: process.env.TRUST_PROXY === '1',
    logger,
    serverMode: serverModeFromEnv(),
  })
  logger.info(`Vendor back-office running at ${running.url}`)
  if (running.demoVendorId) {
    logger.info(`Demo login: ${DEMO.email} / ${DEMO.password}`)
    logger.info(`Demo PIN: ${DEMO.pin}`)
    logger.info(`Demo storefront: ${running.url}/shop/${DEMO.shopUrl}`)
  } else {
    logger.info('No demo vendor (SEED_DEMO=1 seeds it)')
  }
  const wallet = running.demoVendorId ? await vendorWallet(running.database.db, running.demoVendorId, 'main') : undefined
  if (wallet) {
    logger.info(
      `Demo wallet: ${nairaText(wallet.balance)} · ${wallet.bankName} ${wallet.accountNumber} (npm run sandbox -- credit ${DEMO.email} 5000)`,
    )
  }
  logger.info(`API reference: ${running.url}/api/docs`)
  if (!process.env.BANK_WEBHOOK_SECRET && process.env.BANK_PROVIDER?.trim() !== 'paystack') {
    logger.info('Bank notices are checked with the sandbox secret (set BANK_WEBHOOK_SECRET for a real provider)')
  }

  const shutdown = (signal: string) => {
    logger.info(`[server] ${signal}: shutting down`)
    // A load balancer stops sending once /api/ready answers 503; what it already sent is answered (http/drain.ts).
    // PGlite must be closed to flush its files, but a request that never ends must not keep the process alive.
    setTimeout(() => {
      logger.error(`[server] requests still running after ${env.shutdownTimeoutMs} ms (SHUTDOWN_TIMEOUT_MS); stopping regardless`)
      process.exit(1)
    }, env.shutdownTimeoutMs).unref()
    // SIGTERM is a supervisor's stop behind a proxy; SIGINT is a person at a terminal, with no proxy to wait for.
    running.close({ leaveRotationMs: signal === 'SIGTERM' ? env.shutdownDelayMs : 0 }).then(
      () => process.exit(0),
      (error) => {
        logger.error('[server] shutdown failed:', error)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', () => shutdown('SIGINT'))
  process.once('SIGTERM', () => shutdown('SIGTERM'))
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  // In production every unsafe default is named at once, before anything starts (decision 153).
  const refused = isProduction() ? productionProblems() : []
  if (refused.length) {
    console.error(productionRefusal(refused))
    process.exit(1)
  }
  // And real money never runs on development's defaults.
  const liveKey = liveKeyOutsideProduction()
  if (liveKey) {
    console.error(liveKey)
    process.exit(1)
  }
  // The environment is read before anything starts: a bad value stops here, in plain text (no logger yet).
  let env: ProcessEnv
  try {
    env = processEnv()
  } catch (error) {
    console.error(`[server] failed to start: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
  const logger: Logger = env.logFormat === 'json' ? jsonLogger() : console
  main(env, logger).catch((error) => {
    logger.error('[server] failed to start:', error)
    process.exit(1)
  })
}
