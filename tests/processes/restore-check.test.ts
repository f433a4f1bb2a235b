import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { libpqEnv, SCRATCH_PREFIX } from '#server/db/scratch-restore'
import { INVARIANTS } from '#server/money/ledger-invariants'

/*
 * Issue 37: a backup that restores, checked as an operator runs it. A seeded PostgreSQL database (made by
 * scripts/seed-demo.ts, as CI's backup stage does) is dumped with pg_dump, then `restore-check` runs as its own
 * process on those dumps: a good one passes with its counts, one with a planted ledger inconsistency fails naming
 * the rows, a file that is not a dump fails, and no scratch database is left behind. Here rather than under
 * tests/server: it needs a real PostgreSQL and pg_dump, which `npm test` has for this project (.ci/run starts it).
 */

const ROOT = resolve(import.meta.dirname, '../..')
const run = promisify(execFile)

const server = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
server.pathname = '/postgres'
const source = `restore_source_${randomBytes(4).toString('hex')}`
const sourceUrl = new URL(server)
sourceUrl.pathname = `/${source}`
const dir = mkdtempSync(join(tmpdir(), 'vbo-restore-'))

let admin: pg.Client
let db: pg.Client

interface Outcome {
  code: number
  out: string
  err: string
}

/** `npm run restore-check -- …` as its own process, with the server to restore on and nothing of Vitest's. */
async function restoreCheck(...args: string[]): Promise<Outcome> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(VITEST|TEST_|PG)/.test(name)))
  return run(process.execPath, ['--import', 'tsx', 'scripts/restore-check.ts', ...args], {
    cwd: ROOT,
    env: { ...env, RESTORE_DATABASE_URL: server.toString(), DATABASE_URL: '' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, out: stdout, err: stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, out: error.stdout, err: error.stderr }),
  )
}

async function dump(name: string, format: 'c' | 'p' = 'c', ...extra: string[]): Promise<string> {
  const file = join(dir, name)
  await run('pg_dump', [`-F${format}`, ...extra, '-f', file], { env: { ...process.env, ...libpqEnv(server, source) } })
  return file
}

/** A dump of the source with `plant` applied, and the source as it was afterwards. */
async function dumpPlanted(name: string, plant: string, undo: string): Promise<string> {
  await db.query(plant)
  try {
    return await dump(name)
  } finally {
    await db.query(undo)
  }
}

const scratchDatabases = async () =>
  (
    await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1 order by datname`, [`${SCRATCH_PREFIX}%`])
  ).rows.map((row) => row.datname)

let good: string
let scratchBefore: string[]

beforeAll(async () => {
  admin = new pg.Client({ connectionString: server.toString() })
  await admin.connect()
  await admin.query(`create database ${source}`)
  await run(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: sourceUrl.toString(), DATA_DIR: dir, PIN_PEPPER: randomBytes(24).toString('hex') },
  })
  db = new pg.Client({ connectionString: sourceUrl.toString() })
  await db.connect()
  good = await dump('good.dump')
  scratchBefore = await scratchDatabases()
})

afterAll(async () => {
  await db?.end()
  await admin?.query(`drop database if exists ${source} with (force)`)
  await admin?.end()
  rmSync(dir, { recursive: true, force: true })
})

describe('npm run restore-check', () => {
  it('restores a seeded dump, finds every invariant holding, prints the counts and drops its scratch database', async () => {
    const counts = (
      await db.query<{ transactions: string; entries: string; orders: string }>(
        `select (select count(*) from transactions) as transactions, (select count(*) from ledger_entries) as entries,
        (select count(*) from orders) as orders`,
      )
    ).rows[0]!
    expect(Number(counts.transactions)).toBeGreaterThan(20)

    const { code, out } = await restoreCheck(good)

    expect(out).toMatch(/^Restored .*good\.dump into restore_check_/m)
    expect(out).toMatch(/^ {2}vendors +1$/m)
    expect(out).toMatch(new RegExp(`^ {2}transactions +${counts.transactions}$`, 'm'))
    expect(out).toMatch(new RegExp(`^ {2}ledger_entries +${counts.entries}$`, 'm'))
    expect(out).toMatch(new RegExp(`^ {2}orders +${counts.orders}$`, 'm'))
    expect(out).toMatch(new RegExp(`^Ledger invariants: all ${INVARIANTS.length} hold\\.$`, 'm'))
    expect(out).not.toContain('VIOLATION')
    expect(out).not.toContain('Skipped')
    expect(code).toBe(0)
    expect(await scratchDatabases()).toEqual(scratchBefore)
  })

  it('checks a dump from before the day totals (migration 0026) without them, and says so', async () => {
    const older = await dump('before-0026.dump', 'c', '--exclude-table=transaction_day_totals')

    const { code, out } = await restoreCheck(older)

    expect(out).toContain(
      'Skipped day-totals-equal-rows: the database has no transaction_day_totals table (a dump from before its migration).',
    )
    expect(out).toMatch(new RegExp(`^Ledger invariants: all ${INVARIANTS.length - 1} hold\\.$`, 'm'))
    expect(code).toBe(0)
  })

  it("fails naming the transaction and the wallet when one entry's amount was changed", async () => {
    const [entry] = (
      await db.query<{ id: string; transaction_id: string; wallet_id: string }>(
        `select e.id, e.transaction_id, e.wallet_id from ledger_entries e join wallets w on w.id = e.wallet_id
         where w.kind = 'main' order by e.id desc limit 1`,
      )
    ).rows
    const planted = await dumpPlanted(
      'entry.dump',
      `update ledger_entries set amount = amount + 100 where id = ${entry!.id}`,
      `update ledger_entries set amount = amount - 100 where id = ${entry!.id}`,
    )

    const { code, out } = await restoreCheck(planted)

    expect(out).toMatch(new RegExp(`^VIOLATION legs-sum-to-zero: .*\\n {2}transaction ${entry!.transaction_id} .*sum to 100 kobo$`, 'm'))
    expect(out).toMatch(new RegExp(`^VIOLATION balance-equals-entries: .*\\n {2}wallet ${entry!.wallet_id} \\(main, `, 'm'))
    expect(out).toMatch(new RegExp(`^ {2}entry ${entry!.id} \\(wallet ${entry!.wallet_id}, transaction ${entry!.transaction_id}\\)`, 'm'))
    expect(code).toBe(1)
    expect(await scratchDatabases()).toEqual(scratchBefore)
  })

  it("fails naming the wallet when one wallet's balance was changed", async () => {
    const [wallet] = (await db.query<{ id: string; vendor_id: string }>(`select id, vendor_id from wallets where kind = 'main'`)).rows
    const planted = await dumpPlanted(
      'balance.dump',
      `update wallets set balance = balance + 5000 where id = '${wallet!.id}'`,
      `update wallets set balance = balance - 5000 where id = '${wallet!.id}'`,
    )

    const { code, out } = await restoreCheck(planted)

    expect(out).toMatch(
      new RegExp(`^VIOLATION balance-equals-entries: .*\\n {2}wallet ${wallet!.id} \\(main, vendor ${wallet!.vendor_id}\\): balance `, 'm'),
    )
    expect(out).toMatch(
      new RegExp(`^VIOLATION vendor-wallets-sum-to-zero: .*\\n {2}vendor ${wallet!.vendor_id}: wallets sum to 5000 kobo$`, 'm'),
    )
    expect(out).not.toContain('VIOLATION legs-sum-to-zero')
    expect(code).toBe(1)
  })

  it("fails naming a transaction whose row no longer matches its entries, and a wallet's count of transactions", async () => {
    const rows = await db.query<{ id: string; type: string; wallet_id: string }>(
      `select distinct on (type) t.id, t.type, t.wallet_id from transactions t join wallets w on w.id = t.wallet_id
       where t.status = 'success' and w.kind = 'main' order by type, t.created_at`,
    )
    const credit = rows.rows.find((row) => row.type === 'credit')!
    const debit = rows.rows.find((row) => row.type === 'debit')!
    const planted = await dumpPlanted(
      'rows.dump',
      `update transactions set amount = amount + 1 where id = '${credit.id}';
       update transactions set status = 'failed' where id = '${debit.id}';
       update wallets set transaction_count = transaction_count + 1 where id = '${credit.wallet_id}'`,
      `update transactions set amount = amount - 1 where id = '${credit.id}';
       update transactions set status = 'success' where id = '${debit.id}';
       update wallets set transaction_count = transaction_count - 1 where id = '${credit.wallet_id}'`,
    )

    const { code, out } = await restoreCheck(planted)

    const moved = /^VIOLATION transaction-moves-its-wallet: .*; 2 row\(s\) break it((?:\n {2}.*)+)/m.exec(out)?.[1]
    expect(moved).toMatch(new RegExp(`transaction ${credit.id} \\(.*success credit.*\\): its wallet moved by \\d+ kobo, not \\d+`))
    expect(moved).toMatch(new RegExp(`transaction ${debit.id} \\(.*failed debit.*\\): its wallet moved by -\\d+ kobo, not 0`))
    expect(out).toMatch(new RegExp(`^VIOLATION failed-transactions-reversed: .*\\n {2}transaction ${debit.id} .*still moved by`, 'm'))
    expect(out).toMatch(new RegExp(`^VIOLATION transaction-count: .*\\n {2}wallet ${credit.wallet_id} \\(main, `, 'm'))
    expect(out).not.toContain('VIOLATION legs-sum-to-zero')
    expect(out).not.toContain('VIOLATION balance-equals-entries')
    expect(code).toBe(1)
  })

  it('fails clearly on a file that is not a dump, and on a dump cut short', async () => {
    const text = join(dir, 'notes.txt')
    writeFileSync(text, 'these are not the backups you are looking for\n')
    const notDump = await restoreCheck(text)
    expect(notDump.err).toContain(`RESTORE FAILED: ${text} is not a PostgreSQL dump`)
    expect(notDump.code).toBe(2)

    const cut = join(dir, 'cut.dump')
    writeFileSync(cut, readFileSync(good).subarray(0, 4096))
    const cutShort = await restoreCheck(cut)
    expect(cutShort.err).toMatch(/^RESTORE FAILED: pg_restore failed/m)
    expect(cutShort.code).toBe(2)
    expect(await scratchDatabases()).toEqual(scratchBefore)
  })

  it('restores a plain SQL dump with psql, keeps it when asked, and refuses one that would connect elsewhere', async () => {
    const plain = await dump('plain.sql', 'p')
    const kept = await restoreCheck(plain, '--keep')
    expect(kept.out).toMatch(/^Ledger invariants: all \d+ hold\.$/m)
    expect(kept.code).toBe(0)
    const name = /^Kept (restore_check_\w+)/m.exec(kept.out)?.[1]
    expect(await scratchDatabases()).toEqual([...scratchBefore, name].sort())
    await admin.query(`drop database ${name}`)

    const creating = await dump('create.sql', 'p', '--create')
    const refused = await restoreCheck(creating)
    expect(refused.err).toMatch(/^RESTORE FAILED: .*create\.sql line \d+ switches or creates a database/m)
    expect(refused.code).toBe(2)
  })
})
