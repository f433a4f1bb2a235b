import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'

import { type Database, type Db, openDatabase } from '#server/db/client'
import { jobs } from '#server/db/platform-schema'
import { enqueue, JobHandlers, JobWorker, periodStart, recurring, withdraw } from '#server/jobs'

import { captureLogger, TestClock, testDb } from '../harness'

/*
 * The one job queue (decision 141) on PGlite and PostgreSQL. Each test uses kinds of its own (`test-…`), so the
 * workers here never claim another test's jobs, nor the app's.
 */

declare module '#server/jobs/queue' {
  interface JobPayloads {
    [kind: `test-${string}`]: { n: number }
  }
}

const kind = () => `test-${randomUUID().slice(0, 8)}` as const

let second: Database | undefined
/** A second process's database: on PostgreSQL a pool of its own; PGlite has one connection for all. */
async function otherDb(): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) return testDb()
  second ??= await openDatabase({ databaseUrl: url, migrate: false, poolSize: 4 })
  return second.db
}
afterAll(async () => {
  await second?.close()
})

function worker(db: Db, handlers: JobHandlers, clock: TestClock, extra: Partial<ConstructorParameters<typeof JobWorker>[0]> = {}) {
  const logger = captureLogger()
  return { worker: new JobWorker({ db, handlers, clock, logger, ...extra }), logger }
}

const row = async (db: Db, id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the job queue', () => {
  it('two workers on one database at once run each job exactly once', async () => {
    const db = await testDb()
    const clock = new TestClock()
    const k = kind()
    const runs: number[] = []
    const handlers = () =>
      new JobHandlers().register(k, async ({ n }) => {
        runs.push(n)
        await sleep(2)
      })
    for (let n = 0; n < 40; n++) await enqueue(db, { kind: k, payload: { n }, runAt: clock.now() })
    const a = worker(db, handlers(), clock, { id: 'a' }).worker
    const b = worker(await otherDb(), handlers(), clock, { id: 'b' }).worker
    const [ra, rb] = await Promise.all([a.runDueJobs(), b.runDueJobs()])
    expect(ra.done + rb.done).toBe(40)
    expect(runs.toSorted((x, y) => x - y)).toEqual([...Array(40).keys()])
    const states = await db.select({ state: jobs.state, attempts: jobs.attempts }).from(jobs).where(eq(jobs.kind, k))
    expect(states.every((s) => s.state === 'done' && s.attempts === 1)).toBe(true)
  })

  it('a job that throws is retried with exponential back-off, then succeeds', async () => {
    const db = await testDb()
    const clock = new TestClock()
    const k = kind()
    let calls = 0
    const handlers = new JobHandlers().register(
      k,
      async () => {
        calls++
        if (calls < 3) throw new Error(`provider down (${calls})`)
      },
      { backoff: { baseMs: 5_000, capMs: 8_000 } },
    )
    const { id } = await enqueue(db, { kind: k, payload: { n: 1 }, runAt: clock.now() })
    const { worker: w, logger } = worker(db, handlers, clock)
    expect(await w.runDueJobs()).toEqual({ done: 0, retried: 1, failed: 0 })
    expect(await row(db, id)).toMatchObject({ state: 'pending', attempts: 1, lastError: 'provider down (1)', lockedBy: null })
    expect((await row(db, id)).runAt.getTime()).toBe(clock.now().getTime() + 5_000)
    // Not before its time.
    clock.advance(4_999)
    expect(await w.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 })
    clock.advance(1)
    expect(await w.runDueJobs()).toEqual({ done: 0, retried: 1, failed: 0 })
    // Doubled, but capped.
    expect((await row(db, id)).runAt.getTime()).toBe(clock.now().getTime() + 8_000)
    clock.advance(8_000)
    expect(await w.runDueJobs()).toEqual({ done: 1, retried: 0, failed: 0 })
    expect(await row(db, id)).toMatchObject({ state: 'done', attempts: 3, finishedAt: clock.now() })
    expect(calls).toBe(3)
    expect(logger.lines.join('\n')).toMatch(/attempt 2 of 5 failed \(provider down \(2\)\)/)
  })

  it('after max attempts the job is marked failed and logged, and never run again', async () => {
    const db = await testDb()
    const clock = new TestClock()
    const k = kind()
    let calls = 0
    const handlers = new JobHandlers().register(
      k,
      async () => {
        calls++
        throw new Error('still down')
      },
      { backoff: { baseMs: 1_000, capMs: 1_000 } },
    )
    const { id } = await enqueue(db, { kind: k, payload: { n: 1 }, runAt: clock.now(), maxAttempts: 2 })
    const { worker: w, logger } = worker(db, handlers, clock)
    await w.runDueJobs()
    clock.advance(1_000)
    expect(await w.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 1 })
    expect(await row(db, id)).toMatchObject({ state: 'failed', attempts: 2, lastError: 'still down' })
    expect(logger.lines.join('\n')).toMatch(new RegExp(`${k} ${id} failed after 2 attempts: still down`))
    clock.advance(60_000)
    await w.runDueJobs()
    expect(calls).toBe(2)
  })

  it('survives a restart: enqueued with no worker running, a new worker runs it', async () => {
    const db = await testDb()
    const clock = new TestClock()
    const k = kind()
    const { id } = await enqueue(db, { kind: k, payload: { n: 7 }, runAt: clock.now() })
    const stopped = worker(
      db,
      new JobHandlers().register(k, async () => {}),
      clock,
    ).worker
    await stopped.stop()
    const ran: number[] = []
    const fresh = worker(
      await otherDb(),
      new JobHandlers().register(k, async ({ n }) => void ran.push(n)),
      clock,
    ).worker
    await fresh.runDueJobs()
    expect(ran).toEqual([7])
    expect((await row(db, id)).state).toBe('done')
  })

  it("a job whose process died mid-run is claimed again once its lease is over; the dead run's late finish changes nothing", async () => {
    const db = await testDb()
    const clock = new TestClock()
    const k = kind()
    const { id } = await enqueue(db, { kind: k, payload: { n: 1 }, runAt: clock.now() })
    let release!: () => void
    const hung = new Promise<void>((resolve) => (release = resolve))
    const dying = worker(
      db,
      new JobHandlers().register(k, () => hung, { leaseMs: 60_000 }),
      clock,
      { id: 'dying' },
    ).worker
    const dyingPass = dying.runDueJobs()
    await expect.poll(async () => (await row(db, id)).lockedBy).toBe('dying')
    const ran: string[] = []
    const other = worker(
      await otherDb(),
      new JobHandlers().register(k, async () => void ran.push('other'), { leaseMs: 60_000 }),
      clock,
      {
        id: 'other',
      },
    ).worker
    // While the lease holds, nobody else runs it.
    expect(await other.runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 })
    clock.advance(60_000)
    expect(await other.runDueJobs()).toEqual({ done: 1, retried: 0, failed: 0 })
    expect(await row(db, id)).toMatchObject({ state: 'done', attempts: 2, lockedBy: null })
    release()
    await dyingPass
    expect(ran).toEqual(['other'])
    expect(await row(db, id)).toMatchObject({ state: 'done', attempts: 2 })
  })

  it('withdraw takes out the jobs no worker holds, by their keys; a job a worker holds still runs', async () => {
    const db = await testDb()
    const clock = new TestClock()
    const k = kind()
    const held = await enqueue(db, { kind: k, payload: { n: 1 }, dedupeKey: `${k}:held`, runAt: clock.now() })
    const waiting = await enqueue(db, {
      kind: k,
      payload: { n: 2 },
      dedupeKey: `${k}:waiting`,
      runAt: new Date(clock.now().getTime() + 60_000),
    })
    const kept = await enqueue(db, { kind: k, payload: { n: 3 }, dedupeKey: `${k}:kept`, runAt: new Date(clock.now().getTime() + 60_000) })
    let release!: () => void
    const hung = new Promise<void>((resolve) => (release = resolve))
    const ran: number[] = []
    const busy = worker(
      db,
      new JobHandlers().register(
        k,
        async ({ n }) => {
          ran.push(n)
          if (n === 1) await hung
        },
        { leaseMs: 60_000 },
      ),
      clock,
      { id: 'busy' },
    ).worker
    const pass = busy.runDueJobs()
    await expect.poll(async () => (await row(db, held.id)).lockedBy).toBe('busy')

    expect(await withdraw(db, [`${k}:held`, `${k}:waiting`, `${k}:nobody`])).toBe(1)
    release()
    expect(await pass).toEqual({ done: 1, retried: 0, failed: 0 })
    clock.advance(60_000)
    expect(await busy.runDueJobs()).toEqual({ done: 1, retried: 0, failed: 0 })
    expect(ran).toEqual([1, 3])
    expect(await db.select().from(jobs).where(eq(jobs.id, waiting.id))).toEqual([])
    expect((await row(db, kept.id)).state).toBe('done')
    expect(await withdraw(db, [])).toBe(0)
  })

  it('a dedupe key makes enqueueing twice one job; a job enqueued in a rolled-back transaction does not exist', async () => {
    const db = await testDb()
    const k = kind()
    const key = `${k}:wallet-1`
    const first = await enqueue(db, { kind: k, payload: { n: 1 }, dedupeKey: key })
    const again = await enqueue(db, { kind: k, payload: { n: 2 }, dedupeKey: key })
    const [x, y] = await Promise.all([1, 2].map(async (n) => enqueue(await otherDb(), { kind: k, payload: { n }, dedupeKey: key })))
    expect(first.created).toBe(true)
    expect([again, x, y]).toEqual([0, 0, 0].map(() => ({ id: first.id, created: false })))
    expect(await db.select().from(jobs).where(eq(jobs.kind, k))).toHaveLength(1)

    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, { kind: k, payload: { n: 3 }, dedupeKey: `${k}:rolled-back` })
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(
      await db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `${k}:rolled-back`)),
    ).toHaveLength(0)
  })

  it('a recurring job is enqueued and run once per period however many workers tick', async () => {
    const db = await testDb()
    const clock = new TestClock(Math.ceil(Date.now() / 60_000) * 60_000 + 5_000)
    const k = kind()
    const runs: string[] = []
    const schedules = [recurring({ kind: k, payload: { n: 0 }, recurrence: { everyMs: 60_000 } })]
    const make = async (name: string) =>
      worker(
        name === 'a' ? db : await otherDb(),
        new JobHandlers().register(k, async (_p, run) => void runs.push(`${name}@${run.now.toISOString()}`)),
        clock,
        {
          schedules,
          id: name,
        },
      ).worker
    const [a, b] = [await make('a'), await make('b')]
    for (let i = 0; i < 3; i++) await Promise.all([a.runDueJobs(), b.runDueJobs()])
    expect(runs).toHaveLength(1)
    clock.advance(30_000)
    await Promise.all([a.runDueJobs(), b.runDueJobs()])
    expect(runs).toHaveLength(1)
    clock.advance(30_000)
    for (let i = 0; i < 3; i++) await Promise.all([a.runDueJobs(), b.runDueJobs()])
    expect(runs).toHaveLength(2)
    const keys = await db.select({ key: jobs.dedupeKey }).from(jobs).where(eq(jobs.kind, k))
    expect(keys.map((r) => r.key).toSorted()).toEqual([
      `${k}@${new Date(clock.now().getTime() - 65_000).toISOString()}`,
      `${k}@${new Date(clock.now().getTime() - 5_000).toISOString()}`,
    ])
  })

  it('a daily period starts at its Lagos time (UTC+1)', () => {
    const daily = { dailyAtLagos: '06:00' } as const
    // 06:00 in Lagos is 05:00 UTC.
    expect(periodStart(daily, new Date('2026-12-05T05:00:00Z')).toISOString()).toBe('2026-12-05T05:00:00.000Z')
    expect(periodStart(daily, new Date('2026-12-05T23:30:00Z')).toISOString()).toBe('2026-12-05T05:00:00.000Z')
    expect(periodStart(daily, new Date('2026-12-05T04:59:59Z')).toISOString()).toBe('2026-12-04T05:00:00.000Z')
    // Just after midnight UTC is already the next Lagos day, but before its 06:00.
    expect(periodStart({ dailyAtLagos: '00:30' }, new Date('2026-12-05T23:45:00Z')).toISOString()).toBe('2026-12-05T23:30:00.000Z')
  })
})
