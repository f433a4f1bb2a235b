import { setScryptCostForTests } from '#server/auth/secrets'
import { startServer } from '#server/start-server'

/*
 * The server the crash test (crash-recovery.test.ts) kills with SIGKILL: the real startServer on a free port, over
 * DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL), with the demo seeded and the money jobs running every
 * JOB_INTERVAL_MS. It prints one line, `READY <url>`, once it takes requests; everything else goes to stderr.
 */

// As in the rest of the server suite: the seed's and the logins' passwords at full-cost scrypt take ~0.25 s each.
setScryptCostForTests({ N: 1024, r: 8, p: 1 })

const quiet = {
  info: () => {},
  warn: (...args: unknown[]) => console.error(...args),
  error: (...args: unknown[]) => console.error(...args),
}

const running = await startServer({
  port: 0,
  hostname: '127.0.0.1',
  dataDir: process.env.DATA_DIR,
  databaseUrl: process.env.DATABASE_URL || undefined,
  distDir: null,
  jobIntervalMs: Number(process.env.JOB_INTERVAL_MS || 1_000),
  operatorKey: 'crash-test',
  // The load signs in as the demo vendor, which PostgreSQL does not seed unless asked (SEED_DEMO).
  seed: true,
  publicUrl: 'http://127.0.0.1',
  logger: quiet,
})
process.stdout.write(`READY ${running.url.replace('localhost', '127.0.0.1')}\n`)
process.once('SIGTERM', () => {
  running.close().then(
    () => process.exit(0),
    () => process.exit(1),
  )
})
