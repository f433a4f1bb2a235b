import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

import pg from 'pg'

/*
 * A backup restored into a database made for it (decision 155): a fresh, uniquely named database on the server
 * of a given URL, created from template0 and dropped afterwards. The URL's own database is only connected to,
 * to issue CREATE/DROP DATABASE: nothing is ever restored into it, so pointing this at the live server reads and
 * writes none of the live data (the restore does load that server while it runs).
 */

export type DumpFormat = 'custom' | 'tar' | 'directory' | 'plain'

export class RestoreError extends Error {}

/** The scratch databases' prefix: an operator who finds one left behind (--keep, a killed run) knows what it is. */
export const SCRATCH_PREFIX = 'restore_check_'

/** What pg_dump wrote, told by its first bytes (pg_restore's own test for custom and tar), else a RestoreError. */
export async function dumpFormat(file: string): Promise<DumpFormat> {
  const info = await stat(file).catch(() => {
    throw new RestoreError(`${file}: no such file`)
  })
  if (info.isDirectory()) {
    if (
      await stat(join(file, 'toc.dat')).then(
        () => true,
        () => false,
      )
    )
      return 'directory'
    throw new RestoreError(`${file} is a directory without toc.dat: not a pg_dump directory-format dump`)
  }
  const handle = await open(file, 'r')
  const head = Buffer.alloc(1024)
  const { bytesRead } = await handle.read(head, 0, head.length, 0).finally(() => handle.close())
  const bytes = head.subarray(0, bytesRead)
  if (bytes.subarray(0, 5).toString('latin1') === 'PGDMP') return 'custom'
  if (bytes.subarray(257, 262).toString('latin1') === 'ustar') return 'tar'
  if (bytes.toString('utf8').includes('-- PostgreSQL database dump')) return 'plain'
  throw new RestoreError(
    `${file} is not a PostgreSQL dump: expected pg_dump's custom (-Fc), directory, tar or plain SQL format` +
      (bytes[0] === 0x1f && bytes[1] === 0x8b ? ' (this one is gzip-compressed: decompress it first)' : ''),
  )
}

/**
 * A plain dump made with --create says CREATE DATABASE and \connect to the database it came from: run as it
 * stands, it would restore into that database, the live one. Refused instead; a dump without them is run as is.
 */
async function assertPlainStaysPut(file: string): Promise<void> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity })
  let number = 0
  for await (const line of lines) {
    number += 1
    // Data inside COPY blocks escapes a leading backslash (\\), so a line starting with \c is psql's.
    if (/^\\(c|connect)\b/.test(line) || /^CREATE DATABASE\b/i.test(line)) {
      lines.close()
      throw new RestoreError(
        `${file} line ${number} switches or creates a database (${line.slice(0, 60)}): dump without --create (pg_dump -Fc) to check it`,
      )
    }
  }
}

/** libpq's variables for a URL, so the password reaches pg_restore/psql without appearing in `ps` (decision 071). */
export function libpqEnv(url: URL, database: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PGDATABASE: database, PGHOST: url.hostname.replace(/^\[|\]$/g, '') || 'localhost' }
  if (url.port) env.PGPORT = url.port
  if (url.username) env.PGUSER = decodeURIComponent(url.username)
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password)
  const sslmode = url.searchParams.get('sslmode')
  if (sslmode) env.PGSSLMODE = sslmode
  // A socket directory given as ?host=/var/run/postgresql.
  const host = url.searchParams.get('host')
  if (host) env.PGHOST = host
  return env
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    // PG* variables of the caller's shell must not redirect the restore: only the URL's are passed on.
    const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PG')))
    const child = spawn(command, args, { env: { ...clean, ...env }, stdio: ['ignore', 'inherit', 'pipe'] })
    let errors = ''
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)))
    child.once('error', (error) => reject(new RestoreError(`${command} could not start: ${error.message}`)))
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new RestoreError(`${command} failed (exit ${code}):\n${errors.trim() || '(no message)'}`)),
    )
  })
}

export interface ScratchDatabase {
  name: string
  /** The scratch database's URL (with the server URL's credentials). */
  url: string
  drop: () => Promise<void>
}

async function onServer<T>(serverUrl: URL, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl.toString(), connectionTimeoutMillis: 10_000 })
  await client.connect().catch((error: Error) => {
    throw new RestoreError(`Cannot connect to PostgreSQL at ${serverUrl.host}: ${error.message}`)
  })
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/**
 * Restores `file` into a new database on `serverUrl`'s server and answers it; on a restore error the database is
 * dropped (unless `keep`) and a RestoreError thrown. --no-owner/--no-privileges: the dump's roles need not exist.
 */
export async function restoreIntoScratch(serverUrl: URL, file: string, options: { keep?: boolean } = {}): Promise<ScratchDatabase> {
  const format = await dumpFormat(file)
  if (format === 'plain') await assertPlainStaysPut(file)
  const name = `${SCRATCH_PREFIX}${new Date().toISOString().slice(0, 10).replaceAll('-', '')}_${randomBytes(4).toString('hex')}`
  await onServer(serverUrl, (client) => client.query(`create database "${name}" template template0`))
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const scratch: ScratchDatabase = {
    name,
    url: url.toString(),
    drop: () => onServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  }
  const env = libpqEnv(serverUrl, name)
  try {
    if (format === 'plain') {
      await run('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-f', file], env)
    } else {
      await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '-d', name, file], env)
    }
    // pg_restore and psql leave no planner statistics: the checks' joins over millions of rows would be planned blind.
    await onServer(url, (client) => client.query('analyze'))
  } catch (error) {
    if (!options.keep) await scratch.drop()
    throw error
  }
  return scratch
}
