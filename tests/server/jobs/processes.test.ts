import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type MainProcess, type Place, preparePlace, startMain, stopAll } from '../platform/main-process'

/*
 * The queue across real `npm start` processes on one PostgreSQL (decision 141): every process runs a worker, each
 * period's recurring job runs once, and when one process is killed the other goes on running them. (PGlite's data
 * directory belongs to one process, decision 020.)
 */

const POSTGRES = process.env.TEST_DATABASE_URL
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface PeriodRow {
  dedupe_key: string
  state: string
  attempts: number
}

describe.skipIf(!POSTGRES)('two npm start processes on one PostgreSQL', () => {
  let place: Place
  let db: pg.Client
  const children: MainProcess[] = []
  beforeAll(async () => {
    place = await preparePlace('queue')
  })
  afterAll(async () => {
    await stopAll(children)
    await db?.end()
    await place?.cleanup()
  })

  const recoveries = async () =>
    (await db.query<PeriodRow>(`select dedupe_key, state, attempts from jobs where kind = 'recover-pending-transfers' order by run_at`))
      .rows

  it('run each period’s recurring job once between them; SIGKILL one and the other carries on', async () => {
    const env = { ...place.env, JOB_INTERVAL_MS: '1000' }
    // One after the other: the first seeds the demo, the second finds it there.
    children.push(await startMain(env))
    children.push(await startMain(env))
    db = new pg.Client({ connectionString: place.env.DATABASE_URL })
    await db.connect()
    await sleep(4_000)
    const before = await recoveries()
    expect(before.length).toBeGreaterThanOrEqual(3)
    // One job per period (the dedupe key), each run once: done at its first attempt.
    expect(new Set(before.map((r) => r.dedupe_key)).size).toBe(before.length)
    expect(before.filter((r) => r.state === 'done').every((r) => r.attempts === 1)).toBe(true)

    const [first, second] = children
    first!.process.kill('SIGKILL')
    await first!.exited
    const killedAt = Date.now()
    await sleep(4_000)
    const after = await recoveries()
    const later = after.filter((r) => new Date(r.dedupe_key.split('@')[1]!).getTime() > killedAt)
    expect(later.length).toBeGreaterThanOrEqual(2)
    // Allow the period in progress to be pending; every earlier one is done once.
    expect(later.slice(0, -1).every((r) => r.state === 'done' && r.attempts === 1)).toBe(true)

    second!.process.kill('SIGTERM')
    expect(await second!.exited).toBe(0)
  }, 180_000)
})
