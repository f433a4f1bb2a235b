import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'

import type { Hono } from 'hono'
import { expect, inject } from 'vitest'

import type { Permission } from '#contract/permissions'
import { createApp } from '#server/app'
import type { Clock } from '#server/clock'
import { type Database, type Db, openDatabase } from '#server/db/client'
import type { UserRow, VendorRow } from '#server/db/schema'
import { type AppDeps, type AppOptions, type Logger, resolveDeps } from '#server/deps'
import { createMember as insertMember, createVendorAccount, type VendorAccount } from '#server/money/accounts'
import { creditFromBank } from '#server/money/ledger'
import { DevNotifier } from '#server/notifier'
import { MemoryRateLimiter } from '#server/rate-limit'

/*
 * One database per test worker (opening PGlite costs seconds); tests stay independent by each creating its own
 * vendor with random emails, never by sharing rows. TEST_DATABASE_URL runs the same suite on PostgreSQL.
 */

let database: Promise<Database> | undefined

export function testDatabase(): Promise<Database> {
  database ??= (async () => {
    const url = process.env.TEST_DATABASE_URL
    // Global setup migrated PostgreSQL once, so parallel workers do not race on the migrations table.
    if (url) return openDatabase({ databaseUrl: url, migrate: false, poolSize: 4 })
    const template = inject('pgliteTemplate')
    const loadDataDir = template ? new Blob([readFileSync(template)]) : undefined
    return openDatabase({ dataDir: 'memory', loadDataDir })
  })()
  return database
}

export async function testDb(): Promise<Db> {
  return (await testDatabase()).db
}

export async function closeTestDatabase(): Promise<void> {
  if (!database) return
  const opened = database
  database = undefined
  await (await opened).close()
}

/** A clock tests move by hand. */
export class TestClock implements Clock {
  private current: number
  constructor(start = Date.now()) {
    this.current = start
  }
  now(): Date {
    return new Date(this.current)
  }
  advance(ms: number): void {
    this.current += ms
  }
}

export interface TestApp {
  app: Hono
  db: Db
  notifier: DevNotifier
  rateLimiter: MemoryRateLimiter
  clock: TestClock
  /** What the app's handlers see: pass to server functions such as recoverPendingTransfers. */
  deps: AppDeps
}

/** A fresh app (own notifier outbox, rate limiter, clock and sandbox bank) over the worker's database. */
export async function makeApp(overrides: Partial<AppOptions> = {}): Promise<TestApp> {
  const db = await testDb()
  const clock = new TestClock()
  const notifier = new DevNotifier(() => {})
  const rateLimiter = new MemoryRateLimiter(clock)
  const deps = resolveDeps({ db, notifier, rateLimiter, clock, checkResponses: true, ...overrides })
  const app = createApp(deps)
  return { app, db, notifier, rateLimiter, clock, deps }
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 12)}@test.ng`

export interface TestUser {
  id: string
  vendorId: string
  email: string
  password: string
  row: UserRow
}

export interface TestVendor {
  vendor: VendorRow
  owner: TestUser
  wallets: VendorAccount['wallets']
}

export async function createVendor(options: { status?: VendorRow['status']; name?: string; balance?: number } = {}): Promise<TestVendor> {
  const db = await testDb()
  const password = `pw-${randomUUID()}`
  const email = uniqueEmail('owner')
  const account = await createVendorAccount(db, {
    name: options.name ?? `Test Vendor ${randomUUID().slice(0, 6)}`,
    email,
    phone: '08030000000',
    ownerName: 'Owner Person',
    password,
    status: options.status ?? 'approved',
  })
  if (options.balance) {
    await creditFromBank(db, {
      vendorId: account.vendor.id,
      amount: options.balance,
      originator: { accountName: 'Test Payer', bankName: 'Access Bank', accountNumber: '0690000031' },
    })
  }
  const owner = { id: account.owner.id, vendorId: account.vendor.id, email, password, row: account.owner }
  return { vendor: account.vendor, owner, wallets: account.wallets }
}

export async function createMember(
  vendor: TestVendor,
  options: { permissions?: Permission[]; status?: Exclude<UserRow['status'], 'invited'> } = {},
): Promise<TestUser> {
  const db = await testDb()
  const password = `pw-${randomUUID()}`
  const row = await insertMember(db, {
    vendorId: vendor.vendor.id,
    name: 'Team Member',
    email: uniqueEmail('member'),
    password,
    permissions: options.permissions ?? [],
    status: options.status,
  })
  return { id: row.id, vendorId: row.vendorId, email: row.email, password, row }
}

export interface CallOptions {
  token?: string
  body?: unknown
  /** Raw body text, for malformed-JSON tests. */
  rawBody?: string
  /** A multipart/form-data body (uploads); the boundary header is set by the request. */
  form?: FormData
  query?: Record<string, string>
  headers?: Record<string, string>
  /** Pretends the request came from this socket address (as @hono/node-server would report it). */
  ip?: string
}

export interface CallResult {
  status: number
  /** Parsed JSON when the answer is JSON, else the text. */
  body: any
  headers: Headers
}

/** One request through app.request(), answering what a client would see. */
export async function call(app: Hono, method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  let body: string | FormData | undefined = options.rawBody
  if (options.body !== undefined) body = JSON.stringify(options.body)
  if (body !== undefined) headers['content-type'] ??= 'application/json'
  if (options.form) body = options.form
  const search = options.query ? `?${new URLSearchParams(options.query)}` : ''
  const env = options.ip ? { incoming: { socket: { remoteAddress: options.ip } } } : undefined
  const response = await app.request(`/api${path}${search}`, { method, headers, body }, env)
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // Not JSON (e.g. the docs page): tests read the text.
  }
  return { status: response.status, body: parsed, headers: response.headers }
}

export async function login(app: Hono, email: string, password: string, ip?: string): Promise<string> {
  const result = await call(app, 'POST', '/auth/vendor/login', { body: { email, password }, ip })
  expect(result.status, JSON.stringify(result.body)).toBe(200)
  return result.body.data.token as string
}

/** Request init with the bearer token, for direct app.request() calls. */
export function authed(token: string, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } }
}

/** A logger that keeps each line as `level message`, for tests that read what the server logged. */
export function captureLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  const at =
    (level: string) =>
    (...args: unknown[]) =>
      void lines.push(`${level} ${args.join(' ')}`)
  return { lines, info: at('info'), warn: at('warn'), error: at('error') }
}
