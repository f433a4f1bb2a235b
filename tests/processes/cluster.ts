import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { Redis } from 'ioredis'
import pg from 'pg'

/*
 * Three API processes as production runs them (`node --import tsx src/server/main.ts`, the same entry as `npm
 * start`), on one fresh PostgreSQL database and one Redis, each with its own data directory, so nothing they share
 * can travel through a disk they happen to have in common. One cluster per test file: a file that kills a process
 * leaves no gap for the next.
 */

const ROOT = resolve(import.meta.dirname, '../..')

/**
 * Shared by every process, as an operator running several would set them (README: PIN_PEPPER and
 * BANK_WEBHOOK_SECRET, without which a process on PostgreSQL refuses to start). No SEED_DEMO: the suite makes its
 * own vendors.
 */
export const PIN_PEPPER = randomBytes(24).toString('hex')
export const OPERATOR_KEY = randomBytes(24).toString('hex')
export const BANK_WEBHOOK_SECRET = randomBytes(24).toString('hex')
/** Background jobs every half second, so pending-transfer recovery is seen within the suite's time. */
export const JOB_INTERVAL_MS = 500

/**
 * A database of our own on TEST_DATABASE_URL's server (only its host and credentials are used), else the local
 * trust-auth PostgreSQL that .ci/run starts.
 */
function adminUrl(): URL {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
  url.pathname = '/postgres'
  return url
}

/**
 * Redis db 14 by default, apart from a developer's db 0. Nothing is flushed: the suite's keys (rate-limit counters of
 * accounts, users and addresses made fresh each run) cannot meet another run's, and expire within 15 minutes.
 */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/14'

const NEEDS =
  'The processes suite (tests/processes) starts three API processes on one PostgreSQL and one Redis: it needs ' +
  'PostgreSQL on 127.0.0.1:5432 (trust auth, or TEST_DATABASE_URL) and Redis on 127.0.0.1:6379 (or TEST_REDIS_URL). ' +
  '`bash .ci/run` installs and starts both.'

async function preflight(): Promise<void> {
  const problems: string[] = []
  const client = new pg.Client({ connectionString: adminUrl().toString(), connectionTimeoutMillis: 3_000 })
  await client.connect().then(
    () => client.end(),
    (error: Error) => problems.push(`PostgreSQL at ${adminUrl().host}: ${error.message}`),
  )
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3_000, maxRetriesPerRequest: 0, retryStrategy: () => null })
  // The socket's own error (ECONNREFUSED…) says more than the "Connection is closed" connect() rejects with.
  let cause: Error | undefined
  redis.on('error', (error: Error) => (cause ??= error))
  await redis
    .connect()
    .then(() => redis.ping())
    .catch((error: Error) => problems.push(`Redis at ${new URL(REDIS_URL).host}: ${(cause ?? error).message}`))
  redis.disconnect()
  if (problems.length) throw new Error(`${NEEDS}\n${problems.join('\n')}`)
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as { port: number }
  await new Promise((done) => server.close(done))
  return port
}

/** A JSON log line's message (LOG_FORMAT=json puts the text in `msg`), or the plain line as it is. */
export function messageOf(line: string): string {
  if (!line.startsWith('{')) return line
  try {
    const parsed = JSON.parse(line) as { msg?: unknown; message?: unknown }
    return String(parsed.msg ?? parsed.message ?? line)
  } catch {
    return line
  }
}

export interface ServerProcess {
  index: number
  port: number
  url: string
  child: ChildProcess
  /** Every line the process wrote, stdout and stderr interleaved as they arrived. */
  lines: string[]
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** Every process any cluster started: killed if this worker exits without afterAll (a crash, a timeout, Ctrl-C). */
const children = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

export class Cluster {
  readonly processes: ServerProcess[] = []
  private readonly dirs: string[] = []

  constructor(
    readonly databaseUrl: string,
    private readonly dropDatabase: () => Promise<void>,
  ) {}

  get size(): number {
    return this.processes.length
  }

  /** Starts process `index` on a port of its own and waits until it serves requests. */
  async start(index: number): Promise<ServerProcess> {
    const dataDir = mkdtempSync(join(tmpdir(), `vbo-procs-${index}-`))
    this.dirs.push(dataDir)
    const port = await freePort()
    // Vitest's own variables (NODE_ENV=test among them) are not what a production process sees.
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(VITEST|NODE_ENV$|TEST_)/.test(name)))
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: {
        ...inherited,
        PORT: String(port),
        DATABASE_URL: this.databaseUrl,
        REDIS_URL,
        PIN_PEPPER,
        OPERATOR_KEY,
        BANK_WEBHOOK_SECRET,
        DATA_DIR: dataDir,
        SKIP_BUILD: '1',
        JOB_INTERVAL_MS: String(JOB_INTERVAL_MS),
        LOG_FORMAT: 'json',
        // Ten of the test proxy's readiness intervals (round-robin.ts), not two of haproxy's: the load is short.
        SHUTDOWN_DELAY_MS: '1000',
        // The test's round-robin client plays the reverse proxy: it says which client each request is from.
        TRUST_PROXY: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.add(child)
    const lines: string[] = []
    for (const stream of [child.stdout!, child.stderr!]) {
      let rest = ''
      stream.on('data', (chunk: Buffer) => {
        const parts = (rest + chunk.toString()).split('\n')
        rest = parts.pop()!
        lines.push(...parts.filter(Boolean))
      })
    }
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
      child.once('exit', (code, signal) => done({ code, signal })),
    )
    const server: ServerProcess = { index, port, url: `http://127.0.0.1:${port}`, child, lines, exited }
    this.processes[index] = server
    await this.ready(server)
    return server
  }

  /**
   * Ready when it has announced its URL (printed after migrations) and, where GET /api/ready
   * exists, that answers 200.
   */
  private async ready(server: ServerProcess): Promise<void> {
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      if (server.child.exitCode !== null || server.child.signalCode !== null) {
        throw new Error(`process ${server.index} exited while starting:\n${this.tail(server.index)}`)
      }
      if (server.lines.some((line) => messageOf(line).includes('running at http'))) {
        const status = await fetch(`${server.url}/api/ready`).then(
          (response) => response.status,
          () => 0,
        )
        if (status === 200 || status === 404) return
      }
      await new Promise((done) => setTimeout(done, 100))
    }
    throw new Error(`process ${server.index} was not ready within 60 s:\n${this.tail(server.index)}`)
  }

  /** The messages process `index` logged, JSON lines unwrapped. */
  messages(index: number): string[] {
    return this.processes[index]!.lines.map(messageOf)
  }

  /**
   * The last lines of one process or of all, for failure messages; without the one-per-request lines of
   * LOG_FORMAT=json, which would crowd out the warnings and job reports.
   */
  tail(index?: number, count = 15): string {
    const chosen = index === undefined ? this.processes : [this.processes[index]!]
    const told = (line: string) => messageOf(line) !== 'request'
    return chosen
      .map((server) => `--- process ${server.index} (:${server.port})\n${server.lines.filter(told).slice(-count).join('\n')}`)
      .join('\n')
  }

  /** Every process stopped (SIGKILL after 5 s of SIGTERM), the database dropped, the data directories removed. */
  async stop(): Promise<void> {
    await Promise.all(
      this.processes.map(async (server) => {
        if (server.child.exitCode !== null || server.child.signalCode !== null) return
        server.child.kill('SIGTERM')
        const timer = setTimeout(() => server.child.kill('SIGKILL'), 5_000)
        await server.exited
        clearTimeout(timer)
      }),
    )
    await this.dropDatabase()
    for (const dir of this.dirs) rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * A fresh database and three processes on it: the first alone (it migrates), then the
 * other two together. Call `stop()` in afterAll; a failed start stops what it started.
 */
export async function startCluster(count = 3): Promise<Cluster> {
  await preflight()
  const admin = new pg.Client({ connectionString: adminUrl().toString() })
  await admin.connect()
  const name = `vendor_procs_${process.pid}_${Date.now()}`
  await admin.query(`create database ${name}`)
  const url = adminUrl()
  url.pathname = `/${name}`
  const cluster = new Cluster(url.toString(), async () => {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  })
  try {
    await cluster.start(0)
    await Promise.all(Array.from({ length: count - 1 }, (_, i) => cluster.start(i + 1)))
  } catch (error) {
    await cluster.stop()
    throw error
  }
  return cluster
}
