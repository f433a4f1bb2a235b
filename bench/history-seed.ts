import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import { type SQL, sql } from 'drizzle-orm'
import pg from 'pg'

import { setPinPepper } from '#server/auth/pin-hash'
import { type Db, openDatabase, type Tx } from '#server/db/client'
import { createVendorAccount, type VendorAccount } from '#server/money/accounts'
import { checkLedger, formatLedgerCheck } from '#server/money/ledger-invariants'
import { SANDBOX_NAME_PARTS } from '#server/money/sandbox-names'

import { BIG_CUSTOMER_NAME, bigCustomerId, PARAMS_SQL, paramsOf, VENDOR_HISTORY_SQL } from './history-sql'

/*
 * The history bench's databases (issue 38, decision 160): bench_history_10k, _100k and _1m on the project's
 * PostgreSQL, each a vendor with that many transactions (orders and customers in proportion) and a second vendor of
 * the same size beside it. The schema is the app's migrations; vendors, owners and wallets come from
 * createVendorAccount; the history is set-based SQL (history-sql.ts), then the ledger's invariants are checked as
 * restore-check checks them. A database's comment records the seed version: a rerun reuses a database already
 * seeded. Others copy them (CREATE DATABASE x TEMPLATE bench_history_1m), so nothing stays connected afterwards.
 *   npx tsx bench/history-seed.ts [10k] [100k] [1m] [--force]
 */

export const HISTORY_SIZES = { '10k': 10_000, '100k': 100_000, '1m': 1_000_000 } as const
export type HistorySize = keyof typeof HISTORY_SIZES
/** Bumped whenever the seeded rows change: a database with another version is seeded again. */
export const SEED_VERSION = 1
/** A busy supermarket: a million transfers in two years (issue 38). */
export const DAILY_RATE = 1_400
export const OWNER_PASSWORD = 'bench-password-2026'
export const OWNER_PIN = '1234'
/** The seeded PINs' key (PIN_PEPPER for a server on a copy): a bench's, no secret. */
export const HISTORY_PIN_PEPPER = 'bench-history-pin-pepper-no-secret-0001'

export interface SeededVendor {
  id: string
  tag: string
  name: string
  ownerEmail: string
  ownerId: string
  mainWalletId: string
}

/** What the marker comment holds: enough for the bench and for whoever copies the database. */
export interface SeededHistory {
  version: number
  database: string
  rows: number
  /** The instant the history runs back from (the end of a Lagos day): ranges are taken from it, not from now. */
  anchor: string
  seededSeconds: number
  /** The big vendor (measured) first, then the one beside it. */
  vendors: SeededVendor[]
  bigCustomerId: string
}

/** The PostgreSQL server's maintenance database the history databases are made from. */
export const adminUrl = () => process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
export const historyDatabase = (size: HistorySize) => `bench_history_${size}`
export function databaseUrl(database: string): string {
  const url = new URL(adminUrl())
  url.pathname = `/${database}`
  return url.toString()
}

/** The last instant of yesterday in Lagos (UTC+1): "today" in the bench is that whole day, at every size. */
export function historyAnchor(now = new Date()): Date {
  const day = 24 * 3600_000
  const lagosMidnight = Math.floor((now.getTime() + 3600_000) / day) * day - 3600_000
  return new Date(lagosMidnight - 1)
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** The marker of a database seeded with this version, or null (no such database, another version, unfinished). */
export async function readMarker(database: string): Promise<SeededHistory | null> {
  return withClient(adminUrl(), async (admin) => {
    const { rows } = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [database],
    )
    try {
      const marker = JSON.parse(rows[0]?.comment ?? 'null') as SeededHistory | null
      return marker?.version === SEED_VERSION ? marker : null
    } catch {
      return null
    }
  })
}

async function createVendor(db: Db, name: string, email: string): Promise<VendorAccount> {
  setPinPepper(Buffer.from(HISTORY_PIN_PEPPER, 'utf8'))
  return createVendorAccount(db, { name, email, ownerName: `${name} Owner`, password: OWNER_PASSWORD, pin: OWNER_PIN, status: 'approved' })
}

type Query = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>

/** `query` over drizzle (PGlite or a pool's transaction): `$n` placeholders become bound values. */
export function drizzleQuery(db: Db | Tx): Query {
  return async (text, params = []) => {
    const statement: SQL = params.length
      ? sql.join(text.split(/\$(\d+)/).map((part, n) => (n % 2 ? sql`${sql.param(params[Number(part) - 1])}` : sql.raw(part))))
      : sql.raw(text)
    return (await db.execute(statement)) as unknown as { rows: unknown[] }
  }
}

/** A vendor's history, written through `query` (one session: the statements share temp tables). */
export async function seedVendorHistory(query: Query, account: VendorAccount, tag: string, rows: number, anchor: Date): Promise<void> {
  const main = account.wallets.main
  await query(
    PARAMS_SQL,
    paramsOf({
      vendorId: account.vendor.id,
      tag,
      rows,
      anchor,
      stepSeconds: 86_400 / DAILY_RATE,
      mainWalletId: main.id,
      externalWalletId: account.wallets.external.id,
      feesWalletId: account.wallets.fees.id,
      main: {
        accountName: main.accountName ?? account.vendor.name,
        bankName: main.bankName ?? '',
        accountNumber: main.accountNumber ?? '',
      },
      ownerName: account.owner.name,
      names: SANDBOX_NAME_PARTS,
    }),
  )
  for (const statement of VENDOR_HISTORY_SQL) await query(statement)
}

/** What the ledger's invariants do not cover: the order and customer counters and every customer link stay within the vendor. */
export const LINK_CHECKS = [
  `select 'order_counts ' || c.vendor_id || ' ' || c.kind from order_counts c
    where c.count <> (select count(*) from orders o where o.vendor_id = c.vendor_id and o.kind = c.kind)`,
  `select 'customer_counts ' || u.vendor_id from customers u left join customer_counts c on c.vendor_id = u.vendor_id
    group by u.vendor_id, c.count, c.anonymous_count
    having c.count is distinct from count(*) or c.anonymous_count is distinct from count(*) filter (where u.is_anonymous)`,
  // Each customer's newest order (migration 0030, decision 171) equals a recount from the orders, both ways.
  `select 'customer_last_orders ' || coalesce(k.customer_id, r.customer_id) from customer_last_orders k
    full join (select o.vendor_id, o.customer_id, max(o.created_at) as last_order_at, c.created_at
      from orders o join customers c on c.id = o.customer_id group by o.vendor_id, o.customer_id, c.created_at) r
      on r.vendor_id = k.vendor_id and r.customer_id = k.customer_id
    where (k.last_order_at, k.customer_created_at) is distinct from (r.last_order_at, r.created_at)`,
  `select 'order ' || o.id from orders o left join customers c on c.id = o.customer_id
    where o.customer_id is not null and (c.id is null or c.vendor_id <> o.vendor_id or c.name <> o.customer_name)`,
  `select 'transaction ' || t.id from transactions t left join customers c on c.id = t.customer_id
    left join orders o on o.reference = t.order_reference
    where (t.customer_id is not null and (c.id is null or c.vendor_id <> t.vendor_id))
      or (t.order_reference is not null and (o.id is null or o.vendor_id <> t.vendor_id or o.customer_id <> t.customer_id))`,
]

/** What breaks the ledger's invariants and the link checks in the database `query` reads ('' when nothing). */
export async function historyBreaks(query: Query): Promise<string> {
  const check = await checkLedger({ query } as unknown as pg.Client)
  const links: unknown[] = []
  for (const text of LINK_CHECKS) links.push(...(await query(`${text} limit 5`)).rows.map((row) => Object.values(row as object)[0]))
  return [check.violations.length ? formatLedgerCheck(check) : '', links.length ? `Links broken: ${links.join(', ')}` : ''].join('').trim()
}

/** Secondary indexes of the bulk-loaded tables (not those behind a constraint): dropped while loading, rebuilt after. */
const BULK_TABLES = ['transactions', 'ledger_entries', 'orders', 'order_items', 'customers']

async function withoutIndexes(client: pg.Client, load: () => Promise<void>): Promise<void> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition from pg_index i
      where i.indrelid = any($1::regclass[]) and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [BULK_TABLES],
  )
  for (const { name } of rows) await client.query(`drop index ${name}`)
  await load()
  for (const { definition } of rows) await client.query(definition)
}

/** Seeds one size (or reuses it when its marker says this version). Leaves no connection open. */
export async function seedHistory(
  size: HistorySize,
  options: { force?: boolean; log?: (line: string) => void } = {},
): Promise<SeededHistory> {
  const database = historyDatabase(size)
  const log = options.log ?? (() => {})
  const existing = options.force ? null : await readMarker(database)
  if (existing) return existing
  const started = performance.now()
  const rows = HISTORY_SIZES[size]
  await withClient(adminUrl(), async (admin) => {
    await admin.query(`drop database if exists ${database} with (force)`)
    await admin.query(`create database ${database}`)
  })
  const url = databaseUrl(database)
  const opened = await openDatabase({ databaseUrl: url, poolSize: 2 })
  let accounts: VendorAccount[]
  try {
    accounts = [
      await createVendor(opened.db, 'Bench Supermarket', `owner@${size}.history.bench.test`),
      await createVendor(opened.db, 'Beside Supermarket', `beside@${size}.history.bench.test`),
    ]
  } finally {
    await opened.close()
  }
  const anchor = historyAnchor()
  const tags = ['A', 'B']
  await withClient(url, async (client) => {
    // Loading only: no foreign-key triggers (the invariants check every link at the end), no waiting for fsync.
    await client.query(`set session_replication_role = replica; set synchronous_commit = off;
      set maintenance_work_mem = '512MB'; set work_mem = '256MB'`)
    await withoutIndexes(client, async () => {
      for (const [n, account] of accounts.entries()) {
        const vendorStarted = performance.now()
        await seedVendorHistory((text, params) => client.query(text, params), account, tags[n]!, rows, anchor)
        log(`${database}: vendor ${tags[n]} seeded in ${((performance.now() - vendorStarted) / 1000).toFixed(0)} s`)
      }
      log(`${database}: rebuilding indexes`)
    })
    await client.query('set session_replication_role = origin')
    await client.query('vacuum analyze')
    log(`${database}: checking the ledger's invariants`)
    const breaks = await historyBreaks((text, params) => client.query(text, params))
    if (breaks) throw new Error(`${database} does not hold together:\n${breaks}`)
  })
  const marker: SeededHistory = {
    version: SEED_VERSION,
    database,
    rows,
    anchor: anchor.toISOString(),
    seededSeconds: Math.round((performance.now() - started) / 1000),
    vendors: accounts.map((account, n) => ({
      id: account.vendor.id,
      tag: tags[n]!,
      name: account.vendor.name,
      ownerEmail: account.owner.email!,
      ownerId: account.owner.id,
      mainWalletId: account.wallets.main.id,
    })),
    bigCustomerId: bigCustomerId(tags[0]!),
  }
  await withClient(adminUrl(), (admin) =>
    admin.query(`comment on database ${database} is '${JSON.stringify(marker).replaceAll("'", "''")}'`),
  )
  log(`${database}: ready in ${marker.seededSeconds} s (big customer "${BIG_CUSTOMER_NAME}", ${marker.bigCustomerId})`)
  return marker
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2)
  const sizes = args.filter((arg): arg is HistorySize => arg in HISTORY_SIZES)
  for (const size of sizes.length ? sizes : (['10k', '100k'] as const)) {
    const seeded = await seedHistory(size, {
      force: args.includes('--force'),
      log: (line) => console.log(`[${new Date().toISOString()}] ${line}`),
    })
    console.log(JSON.stringify(seeded))
  }
}
