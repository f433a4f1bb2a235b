import { randomInt } from 'node:crypto'

import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { AdvisoryLeadership } from '#server/db/job-lock'
import { startJobLoop } from '#server/jobs'

import { captureLogger } from '../harness'
import { type MainProcess, type Place, preparePlace, startMain, stopAll } from './main-process'

/*
 * Issue 21: several API processes on one PostgreSQL run the background jobs (pending-transfer recovery, purges)
 * once, not once each: one process holds a session advisory lock and runs the rounds, the others only try for the
 * lock at each tick, and one of them takes over when the holder stops or dies (decision 104).
 */

const POSTGRES = process.env.TEST_DATABASE_URL
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(20)
  }
}

/** Rounds of several runners, as one shared record: who ran each, and how many ran at the same moment. */
class Rounds {
  by: string[] = []
  active = 0
  maxActive = 0
  round = (name: string) => async () => {
    this.active += 1
    this.maxActive = Math.max(this.maxActive, this.active)
    this.by.push(name)
    await sleep(20)
    this.active -= 1
  }
}

const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()))
})

function runner(rounds: Rounds, name: string, lockId: number, logger = captureLogger()) {
  const leadership = new AdvisoryLeadership({ connectionString: POSTGRES!, logger, lockId })
  const stop = startJobLoop({ intervalMs: 50, round: rounds.round(name), leadership, logger })
  stops.push(stop)
  return { name, logger, stop }
}

describe.skipIf(!POSTGRES)('job leadership on one PostgreSQL', () => {
  // A lock of each test's own: another file's server on the same database never takes part.
  const lockId = () => 800_000_000 + randomInt(100_000_000)
  let admin: pg.Client
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: POSTGRES })
    await admin.connect()
  })
  afterAll(async () => {
    await admin?.end()
  })
  const holderPid = async (id: number) =>
    (
      await admin.query<{ pid: number }>(
        `select pid from pg_locks where locktype = 'advisory' and granted and classid = 0 and objid = $1 and objsubid = 1`,
        [id],
      )
    ).rows.map((row) => row.pid)

  it('three runners: one runs every round, never two at once', async () => {
    const rounds = new Rounds()
    const id = lockId()
    const runners = ['a', 'b', 'c'].map((name) => runner(rounds, name, id))
    await until('20 rounds', () => rounds.by.length >= 20)
    expect(rounds.maxActive).toBe(1)
    expect(new Set(rounds.by).size).toBe(1)
    expect(await holderPid(id)).toHaveLength(1)
    const leader = runners.find((r) => r.name === rounds.by[0])!
    expect(leader.logger.lines).toEqual([expect.stringMatching(/^info \[jobs\] this process \(pid \d+\) now runs the background jobs$/)])
  })

  it('a leader that stops gives the lock up, and another runner carries on at its next tick', async () => {
    const rounds = new Rounds()
    const id = lockId()
    const runners = ['a', 'b'].map((name) => runner(rounds, name, id))
    await until('a first round', () => rounds.by.length > 0)
    const leader = runners.find((r) => r.name === rounds.by[0])!
    const other = runners.find((r) => r !== leader)!
    await leader.stop()
    const after = rounds.by.length
    await until(`rounds by ${other.name}`, () => rounds.by.slice(after).includes(other.name), 2_000)
    expect(rounds.by.slice(after).every((name) => name === other.name)).toBe(true)
    expect(rounds.maxActive).toBe(1)
  })

  it('a leader whose lock connection is killed stops leading; the lock is taken again and rounds go on', async () => {
    const rounds = new Rounds()
    const id = lockId()
    const runners = ['a', 'b', 'c'].map((name) => runner(rounds, name, id))
    await until('a first round', () => rounds.by.length > 0)
    const leader = runners.find((r) => r.name === rounds.by[0])!
    const [pid] = await holderPid(id)
    // What PostgreSQL does when the process holding it dies: the session ends, and its lock with it.
    await admin.query('select pg_terminate_backend($1)', [pid])
    await until('the leader to notice', () => leader.logger.lines.some((line) => line.includes('lost the background jobs')))
    const after = rounds.by.length
    await until('rounds again', () => rounds.by.length > after + 5)
    // Whoever took it (the old leader may win it back on a new connection), one session holds it and runs alone.
    const holders = await holderPid(id)
    expect(holders).toHaveLength(1)
    expect(holders[0]).not.toBe(pid)
    const settled = rounds.by.slice(after + 2)
    expect(new Set(settled).size).toBe(1)
  })
})

describe('job leadership without a database', () => {
  it('a runner that cannot reach PostgreSQL runs no round and says so once', async () => {
    const rounds = new Rounds()
    const logger = captureLogger()
    const leadership = new AdvisoryLeadership({ connectionString: 'postgres://nobody@127.0.0.1:1/none', logger })
    stops.push(startJobLoop({ intervalMs: 30, round: rounds.round('x'), leadership, logger }))
    await sleep(400)
    expect(rounds.by).toEqual([])
    expect(logger.lines).toEqual([expect.stringMatching(/^warn \[jobs\] cannot reach the database for the background jobs' lock: /)])
  })
})

describe.skipIf(!POSTGRES)('two npm start processes on one PostgreSQL', () => {
  let place: Place
  const children: MainProcess[] = []
  beforeAll(async () => {
    place = await preparePlace('leader')
  })
  afterAll(async () => {
    await stopAll(children)
    await place?.cleanup()
  })

  it('one leads the jobs; SIGKILL it and the other takes over', async () => {
    const leads = /now runs the background jobs/
    const env = { ...place.env, JOB_INTERVAL_MS: '200' }
    // One after the other: the first seeds the demo, the second finds it there.
    const first = await startMain(env)
    children.push(first)
    await first.waitFor(leads, 10_000)
    const second = await startMain(env)
    children.push(second)
    // Ten of its ticks: the second never leads while the first lives.
    await sleep(2_000)
    expect(second.stdout() + second.stderr()).not.toMatch(leads)

    first.process.kill('SIGKILL')
    await first.exited
    await second.waitFor(leads, 10_000)

    // A clean stop (SIGTERM) releases it too, and exits 0.
    second.process.kill('SIGTERM')
    expect(await second.exited).toBe(0)
  }, 180_000)
})
