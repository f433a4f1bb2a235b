import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import pg from 'pg'

import { openDatabase } from '#server/db/client'

import { pgliteTemplate } from '../../support/pglite-template'

/*
 * `npm start` as a child process (src/server/main.ts through tsx, the PWA build skipped), for the tests of what
 * only a whole process shows: signals, exit codes, its log lines, several processes on one database.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))

export interface MainProcess {
  process: ChildProcess
  url: string
  exited: Promise<number | null>
  /** Everything printed so far, stdout and stderr apart. */
  stdout: () => string
  stderr: () => string
  /** Resolves once either stream holds a match (searched from the start), or rejects after `timeoutMs`. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpExecArray>
}

export async function startMain(env: Record<string, string>): Promise<MainProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', SKIP_BUILD: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  const waiting = new Set<() => void>()
  const onData = () => waiting.forEach((check) => check())
  child.stdout!.on('data', (chunk) => ((stdout += chunk), onData()))
  child.stderr!.on('data', (chunk) => ((stderr += chunk), onData()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const waitFor = (pattern: RegExp, timeoutMs = 15_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(stdout) ?? pattern.exec(stderr)
        if (!match) return
        finish()
        resolve(match)
      }
      const timer = setTimeout(() => {
        finish()
        reject(new Error(`no ${pattern} in time; stdout:\n${stdout}\nstderr:\n${stderr}`))
      }, timeoutMs)
      const finish = () => {
        clearTimeout(timer)
        waiting.delete(check)
      }
      waiting.add(check)
      check()
    })
  // Generous, as the crash test's: a start under a loaded CI machine took tens of seconds.
  const url = await Promise.race([
    waitFor(/running at (http:\/\/\S+?)["\s]/, 90_000).then((match) => match[1]!.replace('localhost', '127.0.0.1')),
    exited.then((code) => Promise.reject(new Error(`main.ts exited (${code}) before it was ready:\n${stderr}`))),
  ])
  return { process: child, url, exited, stdout: () => stdout, stderr: () => stderr, waitFor }
}

/** Kills what is still running (SIGKILL) and waits for it. */
export async function stopAll(children: MainProcess[]): Promise<void> {
  for (const child of children) {
    if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL')
    await child.exited
  }
}

export interface Place {
  /**
   * DATA_DIR and, on PostgreSQL, DATABASE_URL with the secrets a deployment must set (PIN_PEPPER,
   * BANK_WEBHOOK_SECRET) and SEED_DEMO=1, for the suites that sign in as the demo vendor.
   */
  env: Record<string, string>
  cleanup: () => Promise<void>
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/**
 * Where a child keeps its data: on PostgreSQL (TEST_DATABASE_URL) a database of its own on that server, so other
 * test files' rows stay apart; on PGlite a data directory loaded from the suite's migrated template.
 */
export async function preparePlace(prefix: string): Promise<Place> {
  const dataDir = mkdtempSync(join(tmpdir(), `vbo-${prefix}-`))
  const shared = process.env.TEST_DATABASE_URL
  if (shared) {
    const name = `${prefix}_${randomBytes(6).toString('hex')}`
    await admin(shared, `create database ${name}`)
    const url = new URL(shared)
    url.pathname = `/${name}`
    return {
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: url.toString(),
        PIN_PEPPER: randomBytes(32).toString('hex'),
        BANK_WEBHOOK_SECRET: randomBytes(24).toString('hex'),
        SEED_DEMO: '1',
      },
      cleanup: async () => {
        rmSync(dataDir, { recursive: true, force: true })
        await admin(shared, `drop database if exists ${name} with (force)`)
      },
    }
  }
  const loadDataDir = pgliteTemplate()
  const prepared = await openDatabase({
    dataDir,
    loadDataDir,
    migrate: !loadDataDir,
  })
  await prepared.close()
  return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) }
}
