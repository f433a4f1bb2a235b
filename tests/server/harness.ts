import { randomUUID } from 'node:crypto'

import type { Hono } from 'hono'
import { afterAll, beforeAll, expect } from 'vitest'

import type { BodyInput, EndpointDef, FileType, QueryInput, ResponseOf } from '#contract/endpoint'
import { endpoints } from '#contract/index'
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

import { pgliteTemplate } from '../support/pglite-template'
import { conforming } from './conformance'

/*
 * One database per test worker, which the worker's files share, one after another (decision 203: opening PGlite
 * costs a second, and 180 files did); tests stay independent by each creating its own vendor with random emails,
 * never by sharing rows. TEST_DATABASE_URL runs the same suite on PostgreSQL, a database per worker there too.
 */

let database: Promise<Database> | undefined

export function testDatabase(): Promise<Database> {
  database ??= (async () => {
    const url = process.env.TEST_DATABASE_URL
    // Global setup migrated PostgreSQL once, so parallel workers do not race on the migrations table.
    if (url) return openDatabase({ databaseUrl: url, migrate: false, poolSize: 4 })
    return openDatabase({ dataDir: 'memory', loadDataDir: pgliteTemplate() })
  })()
  return database
}

/**
 * For a file whose tests read the planner's estimates (the capped totals): on PGlite it gets a database of its own,
 * loaded from the template as every file's was before decision 203, so the estimates see its rows alone; the
 * worker's shared database comes back after it. On PostgreSQL the worker's database stays shared (those tests accept
 * either answer there). Call it at the top of the file, before its own hooks.
 */
export function databaseOfItsOwn(): void {
  if (process.env.TEST_DATABASE_URL) return
  let shared: Promise<Database> | undefined
  beforeAll(() => {
    shared = database
    database = undefined
  })
  afterAll(async () => {
    const own = database
    database = shared
    await (await own)?.close()
  })
}

export async function testDb(): Promise<Db> {
  return (await testDatabase()).db
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
  // Every answer is held to the served OpenAPI document (conformance.ts, decision 170).
  const app = conforming(createApp(deps))
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

/*
 * The test client (decision 167). `call(app, endpoints.createCoupon, { token, body })` is typed by the contract: the
 * endpoint brings its method and path, the body and query are the contract's input types and the answer's `data` its
 * output, so a renamed endpoint or a changed body fails type-checking in the tests as it does in the app. What the
 * contract forbids is still sendable, and says so where it is sent:
 * - `unchecked(value)`: a body or query the contract refuses (the 400/422 tests), typed as whatever is expected;
 * - `rawBody`: text that is not JSON at all (malformed JSON, an oversized body, broken multipart);
 * - `callRaw(app, method, path)`: a path or method that is not an endpoint (404s, /health, /docs, /openapi.json) or a
 *   test that walks every endpoint generically.
 * `prepare(endpoint, options)` keeps a typed call for a table a test sends in a loop; `download(app, endpoint)` answers
 * a file endpoint's Response, for the tests that read its bytes.
 */

/** A value the contract refuses, sent as it is: the one greppable way a test breaks the contract on purpose. */
export function unchecked<T>(value: unknown): T {
  return value as T
}

export interface Transport {
  token?: string
  headers?: Record<string, string>
  /** Pretends the request came from this socket address (as @hono/node-server would report it). */
  ip?: string
  /** A multipart/form-data body (uploads); the boundary header is set by the request. */
  form?: FormData
  /** Raw body text, for malformed-JSON tests. */
  rawBody?: string
}

export interface EndpointCallOptions<E extends EndpointDef> extends Transport {
  body?: BodyInput<E>
  query?: QueryInput<E>
}

export interface CallOptions extends Transport {
  body?: unknown
  query?: Record<string, string>
}

/** The answer's JSON: a success's `{ message, data }` or a refusal's `{ message, code, issues }`. */
export type AnswerOf<E extends EndpointDef> = {
  message: string
  data: FileOr<E, ResponseOf<E>>
  code?: string
  issues?: { path: string; message: string }[]
} & FileOr<E, unknown>

/**
 * A file endpoint answers the file's text, or a JSON refusal: tests read either (`any`). Written inside the answer
 * rather than around it, so a helper generic over the endpoint still reads `data` typed at each caller.
 */
type FileOr<E extends EndpointDef, T> = E extends { produces: FileType } ? any : T

export interface CallResult<Body = any> {
  status: number
  /** Parsed JSON when the answer is JSON, else the text. */
  body: Body
  headers: Headers
}

/** One call of a contract endpoint, typed by the contract (see above). */
export function call<E extends EndpointDef>(
  app: Hono,
  endpoint: E,
  options: EndpointCallOptions<E> = {},
): Promise<CallResult<AnswerOf<E>>> {
  return callRaw(app, endpoint.method, endpoint.path, { ...options, query: toQuery(options.query) })
}

/**
 * One call of an endpoint, prepared to be sent later with a token or another transport: the tables of calls a test
 * sends in a loop (permissions, another vendor's ids), typed per row as call() is. `label` names it in a failure.
 */
export function prepare<E extends EndpointDef>(endpoint: E, options: EndpointCallOptions<E> = {}): Prepared {
  return {
    label: `${endpoint.method} ${endpoint.path}`,
    send: (app, more = {}) => call(app, endpoint, { ...options, ...more }),
  }
}

export interface Prepared {
  label: string
  send: (app: Hono, more?: Transport) => Promise<CallResult>
}

/** A file endpoint's answer as it came, for a test that reads its bytes (a CSV's byte order mark, a PDF). */
export function download<E extends EndpointDef & { produces: FileType }>(
  app: Hono,
  endpoint: E,
  options: EndpointCallOptions<E> = {},
): Promise<Response> {
  return send(app, endpoint.method, endpoint.path, { ...options, query: toQuery(options.query) })
}

/** Query values as the app sends them: each its string, undefined left out. */
function toQuery(query: unknown): Record<string, string> | undefined {
  if (!query || typeof query !== 'object') return undefined
  const entries = Object.entries(query).filter(([, value]) => value !== undefined)
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]))
}

/** One request through app.request() by method and path, for what is not a contract endpoint (see above). */
export async function callRaw(app: Hono, method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  const response = await send(app, method, path, options)
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // Not JSON (e.g. the docs page): tests read the text.
  }
  return { status: response.status, body: parsed, headers: response.headers }
}

/** The request every call sends: the bearer token, a JSON, raw or multipart body, the query, the socket address. */
function send(app: Hono, method: string, path: string, options: CallOptions): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  let body: string | FormData | undefined = options.rawBody
  if (options.body !== undefined) body = JSON.stringify(options.body)
  if (body !== undefined) headers['content-type'] ??= 'application/json'
  if (options.form) body = options.form
  const search = options.query ? `?${new URLSearchParams(options.query)}` : ''
  const env = options.ip ? { incoming: { socket: { remoteAddress: options.ip } } } : undefined
  return Promise.resolve(app.request(`/api${path}${search}`, { method, headers, body }, env))
}

export async function login(app: Hono, email: string, password: string, ip?: string): Promise<string> {
  const result = await call(app, endpoints.login, { body: { email, password }, ip })
  expect(result.status, JSON.stringify(result.body)).toBe(200)
  return result.body.data.token
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
