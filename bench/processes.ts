import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import type { RawRequest } from 'autocannon'

import { CONNECTIONS, doubleSpends, load, SECONDS } from './api-load'
import {
  BENCH_PIN,
  benchPostgres,
  ENQUIRIES,
  LIST_ROWS,
  type Seeded,
  seedTarget,
  type ServerProcess,
  startServerProcess,
  type Target,
} from './api-load-setup'

/*
 * `processFigures()`: issue 21's line. GET /transaction and POST /transfer/send throughput with one API process and
 * with three on the same PostgreSQL database, in the same run, with the API bench's data (bench/api-load-setup.ts)
 * and load (50 autocannon connections, spread over the processes in turn, as a round-robin proxy would). Printed as
 * the two figures and their ratio. On the 2-core bench machine the load generator, PostgreSQL and every process
 * share the same two cores, so three processes cannot be three times one; the figure shows what sharing costs or
 * gains there, honestly. No goal beyond the issue's "in the same run"; the sends must still count 0 double spends.
 */

type Run = Awaited<ReturnType<typeof load>>

/** `count` server processes on one database: the first alone (it migrates and seeds), then the rest together. */
async function startProcesses(target: Target, count: number): Promise<ServerProcess[]> {
  const first = await startServerProcess(target)
  const rest = await Promise.all(Array.from({ length: count - 1 }, () => startServerProcess(target)))
  return [first, ...rest]
}

/** One request id per send, across both runs: an enquiry is spent once. */
let nextEnquiry = 0
const setupSend = (request: RawRequest): RawRequest => {
  nextEnquiry += 1
  return {
    ...request,
    headers: { ...request.headers, 'idempotency-key': `bench-procs-${nextEnquiry}` },
    body: JSON.stringify({ amount: 1_000_00, requestId: `BENCH-NE-${Math.min(nextEnquiry, ENQUIRIES)}`, pin: BENCH_PIN }),
  }
}

async function measure(target: Target, seeded: Seeded, count: number): Promise<{ list: Run; sends: Run }> {
  const servers = await startProcesses(target, count)
  try {
    const list = await load({
      url: servers.map((server) => `${server.url}/api/transaction?page=1&size=20`),
      headers: { authorization: `Bearer ${seeded.readerToken}` },
    })
    const sends = await load({
      url: servers.map((server) => `${server.url}/api/transfer/send`),
      requests: [
        {
          method: 'POST',
          path: '/api/transfer/send',
          headers: { authorization: `Bearer ${seeded.senderToken}`, 'content-type': 'application/json' },
          setupRequest: setupSend,
        },
      ],
    })
    return { list, sends }
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
}

const ratio = (three: number, one: number) => (one > 0 ? `${(three / one).toFixed(2)}×` : 'n/a')
const failures = (run: Run, ok: number) => run.errors + [...run.statuses].filter(([status]) => status !== ok).reduce((n, [, c]) => n + c, 0)

export interface ProcessRow {
  test: string
  '1 process (req/s)': number
  '3 processes (req/s)': number
  '3 / 1': string
  'p99 1 / 3 (ms)': string
  errors: number
  'double spends'?: number | string
  note?: string
}

/** Two rows (lists, sends) on PostgreSQL; one "skipped" row when nothing answers on 127.0.0.1:5432. About 80 s. */
export async function processFigures(): Promise<ProcessRow[]> {
  const postgres = await benchPostgres()
  if (!postgres) {
    return [
      {
        test: 'skipped: nothing answers on 127.0.0.1:5432',
        '1 process (req/s)': 0,
        '3 processes (req/s)': 0,
        '3 / 1': 'n/a',
        'p99 1 / 3 (ms)': 'n/a',
        errors: 0,
      },
    ]
  }
  try {
    const target: Target = { label: 'PostgreSQL', databaseUrl: postgres.url }
    const seeded = await seedTarget(target)
    const one = await measure(target, seeded, 1)
    const three = await measure(target, seeded, 3)
    // Sends are counted as created (201) over the measured seconds, as in bench/api-load.ts.
    const sent = (run: Run) => Math.round((run.statuses.get(201) ?? 0) / SECONDS)
    return [
      {
        test: `GET /transaction, ${LIST_ROWS.toLocaleString('en')} rows, ${CONNECTIONS} clients`,
        '1 process (req/s)': one.list.perSecond,
        '3 processes (req/s)': three.list.perSecond,
        '3 / 1': ratio(three.list.perSecond, one.list.perSecond),
        'p99 1 / 3 (ms)': `${one.list.p99} / ${three.list.p99}`,
        errors: failures(one.list, 200) + failures(three.list, 200),
      },
      {
        test: `POST /transfer/send, ${CONNECTIONS} clients, one wallet`,
        '1 process (req/s)': sent(one.sends),
        '3 processes (req/s)': sent(three.sends),
        '3 / 1': ratio(sent(three.sends), sent(one.sends)),
        'p99 1 / 3 (ms)': `${one.sends.p99} / ${three.sends.p99}`,
        errors: failures(one.sends, 201) + failures(three.sends, 201),
        'double spends': await doubleSpends(target, seeded),
        note: 'double spends over both runs: the ledger against the balances',
      },
    ]
  } finally {
    await postgres.drop()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.table(await processFigures())
}
