import { workerDatabaseUrl } from './worker-database'

/*
 * The server project's first setup file: on PostgreSQL, TEST_DATABASE_URL becomes this worker's own copy of the
 * suite's database (worker-database.ts) before setup.ts, the harness or the test file read it. The suite's URL is
 * kept in TEST_DATABASE_URL_SUITE, so a worker running a second file does not add its suffix twice.
 */
const suite = process.env.TEST_DATABASE_URL_SUITE ?? process.env.TEST_DATABASE_URL
const worker = Number(process.env.VITEST_POOL_ID)
if (suite && Number.isInteger(worker) && worker >= 1) {
  process.env.TEST_DATABASE_URL_SUITE = suite
  process.env.TEST_DATABASE_URL = workerDatabaseUrl(suite, worker)
}
