import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'

import { eq, sql } from 'drizzle-orm'
import pg from 'pg'

import { nubanFor } from '#contract/nuban'
import { setPinPepper } from '#server/auth/pin-hash'
import { createSession } from '#server/auth/sessions'
import { systemClock } from '#server/clock'
import { type Db, openDatabase } from '#server/db/client'
import { ledgerEntries, vendors, wallets } from '#server/db/schema'
import { createVendorAccount } from '#server/money/accounts'
import { creditFromBank } from '#server/money/ledger'

import { seedBenchCatalogue } from './catalogue-list'
import { seedOrders } from './orders-list'

/*
 * Data and processes for bench/api-load.ts: a vendor with 100,000 transactions, 100,000 orders and 10,000 products,
 * a funded sender, a real server.
 */

const ROOT = resolve(import.meta.dirname, '..')
export const LIST_ROWS = 100_000
export const LIST_PRODUCTS = 10_000
/** More requestIds than a send phase can use at any plausible rate. */
export const ENQUIRIES = 30_000
export const SENDER_BALANCE = 1_000_000_000_00
export const BENCH_PIN = '1234'
/**
 * The PIN key of the bench's vendors and of its server process (PIN_PEPPER), as an operator running several processes
 * against one PostgreSQL would set it. Production settings: the PIN check is the keyed HMAC every server runs.
 */
const BENCH_PIN_PEPPER = randomBytes(32).toString('hex')
/** PINs hashed in this process from now on are the ones the bench's server processes check. */
const BENCH_WEBHOOK_SECRET = randomBytes(24).toString('hex')
export const useBenchPinPepper = () => setPinPepper(Buffer.from(BENCH_PIN_PEPPER, 'utf8'))

export interface Target {
  label: 'PGlite' | 'PostgreSQL'
  dataDir?: string
  databaseUrl?: string
}

export interface Seeded {
  readerToken: string
  /** The reader's vendor: the list control (bench/list-control.ts) reads its rows. */
  readerVendorId: string
  senderToken: string
  senderVendorId: string
}

export const openTarget = (target: Target) => openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, poolSize: 4 })

export async function approvedVendor(db: Db, name: string) {
  const account = await createVendorAccount(db, {
    name,
    email: `${name.toLowerCase().replaceAll(' ', '-')}-${Date.now()}@bench.test`,
    ownerName: 'Bench Owner',
    password: 'bench-password-2026',
    pin: BENCH_PIN,
    status: 'approved',
  })
  await db.update(vendors).set({ thirdPartyTransfers: true }).where(eq(vendors.id, account.vendor.id))
  return account
}

/** Migrates, then writes both vendors with set-based SQL (one statement per table: seconds, not minutes). */
export async function seedTarget(target: Target): Promise<Seeded> {
  // Production settings throughout: PINs under the keyed HMAC (decision 097), passwords under full-cost scrypt (two
  // hashes here, and no login on the measured path: the bench's sessions are made directly).
  useBenchPinPepper()
  const database = await openTarget(target)
  try {
    const { db } = database
    const reader = await approvedVendor(db, 'Bench Reader')
    await db.execute(sql`
      insert into transactions (id, vendor_id, wallet_id, type, status, amount, fee, currency, reference, session_id,
        narration, originator_account_name, originator_bank_name, originator_account_number, beneficiary_account_name,
        beneficiary_bank_name, beneficiary_account_number, is_offline, created_at, updated_at)
      select gen_random_uuid()::text, ${reader.vendor.id}, ${reader.wallets.main.id},
        case when i % 3 = 0 then 'debit' else 'credit' end,
        case when i % 40 = 0 then 'failed' else 'success' end,
        1000 + (i * 7919) % 5000000, case when i % 3 = 0 then 2500 else 0 end, 'NGN', 'BENCH-TRX-' || i,
        lpad((i * 104729)::text, 30, '0'), 'Bench transaction ' || i, 'Chioma Okeke', 'Access Bank', '1111111111',
        'Mama Put Kitchen', 'Providus Bank', ${reader.wallets.main.accountNumber}, i % 3 <> 0,
        now() - make_interval(secs => i * 155), now() - make_interval(secs => i * 155)
      from generate_series(1::bigint, ${LIST_ROWS}) as i`)
    // Written around the ledger, so keep the count it would have kept.
    await db.execute(sql`update wallets set transaction_count = ${LIST_ROWS} where id = ${reader.wallets.main.id}`)
    await seedOrders(db, reader.vendor.id, LIST_ROWS)
    await seedBenchCatalogue(db, reader.vendor.id, LIST_PRODUCTS)

    const sender = await approvedVendor(db, 'Bench Sender')
    await creditFromBank(db, {
      vendorId: sender.vendor.id,
      amount: SENDER_BALANCE,
      originator: { accountName: 'Bench Funder', bankName: 'Zenith Bank', accountNumber: '2222222222' },
    })
    const beneficiary = nubanFor('058', '123456789')
    await db.execute(sql`
      insert into name_enquiries (id, vendor_id, user_id, request_id, account_number, bank_code, bank_name,
        account_name, created_at, expires_at)
      select gen_random_uuid()::text, ${sender.vendor.id}, ${sender.owner.id}, 'BENCH-NE-' || i, ${beneficiary},
        '058', 'Guaranty Trust Bank', 'Tunde Bakare', now(), now() + interval '2 hours'
      from generate_series(1, ${ENQUIRIES}) as i`)
    // What autovacuum would have done by the time a real vendor had 100,000 rows: fresh planner statistics.
    await db.execute(sql`vacuum analyze transactions`)
    await db.execute(sql`vacuum analyze name_enquiries`)
    return {
      readerToken: await createSession(db, systemClock, reader.owner),
      readerVendorId: reader.vendor.id,
      senderToken: await createSession(db, systemClock, sender.owner),
      senderVendorId: sender.vendor.id,
    }
  } finally {
    await database.close()
  }
}

export interface ServerProcess {
  url: string
  pid: number
  stop: () => Promise<void>
}

/**
 * `npm start`'s server as its own process on a free loopback port, without building the PWA. With a file, the server
 * writes there how long its handlers took (bench/request-timer.mjs) when it stops.
 */
export async function startServerProcess(target: Target, requestTimesFile = ''): Promise<ServerProcess> {
  const timer = resolve(ROOT, 'bench/request-timer.mjs')
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there as it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', '--import', timer, 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      BENCH_REQUEST_TIMES: requestTimesFile,
      PORT: '0',
      SKIP_BUILD: '1',
      DATA_DIR: target.dataDir ?? '',
      DATABASE_URL: target.databaseUrl ?? '',
      PIN_PEPPER: BENCH_PIN_PEPPER,
      // Required with DATABASE_URL (issue 35); the bench signs no notices.
      BANK_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((done, fail) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /running at http:\/\/localhost:(\d+)/.exec(out)
      if (match) done(`http://127.0.0.1:${match[1]}`)
    })
    child.once('exit', (code) => fail(new Error(`bench server exited with ${code}`)))
  })
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((done) => child.once('exit', done))
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** A throw-away database on the project's PostgreSQL, or null when none answers. */
export async function benchPostgres(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const name = `vbo_bench_${process.pid}`
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 2_000 })
  try {
    await client.connect()
    await client.query(`create database ${name}`)
  } catch {
    await client.end().catch(() => {})
    return null
  }
  const url = new URL(admin)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

/** A vendor's wallets, and how many of them hold a balance their ledger entries do not add up to (must be 0). */
export async function walletsAgainstEntries(db: Db, vendorId: string) {
  const rows = await db.select().from(wallets).where(eq(wallets.vendorId, vendorId))
  const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.vendorId, vendorId))
  const sumOf = (walletId: string) => entries.filter((entry) => entry.walletId === walletId).reduce((sum, entry) => sum + entry.amount, 0)
  return { wallets: rows, unexplained: rows.filter((wallet) => sumOf(wallet.id) !== wallet.balance).length }
}
