/*
 * On PostgreSQL each test worker has a database of its own (decision 190), as on PGlite each has its own in memory:
 * files running at once never see each other's jobs, webhooks or counts. global-setup.ts migrates TEST_DATABASE_URL
 * and copies it once per worker; worker-env.ts points the worker's TEST_DATABASE_URL at its copy before anything
 * else of a test file loads, so the harness, and every test that starts a process or a pool of its own, use it.
 */

/** The database a URL names ('test' in postgres://…/test). */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1))
}

/** The same server and credentials, another database. */
export function withDatabase(url: string, name: string): string {
  const other = new URL(url)
  other.pathname = `/${name}`
  return other.toString()
}

/** Worker n's copy of the suite's database (n is Vitest's VITEST_POOL_ID, from 1). */
export function workerDatabase(url: string, worker: number): string {
  return `${databaseName(url)}_w${worker}`
}

/** Worker `worker`'s database on the server of `url` (the suite's database). */
export function workerDatabaseUrl(url: string, worker: number): string {
  return withDatabase(url, workerDatabase(url, worker))
}
