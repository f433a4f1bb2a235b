import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import pg from 'pg'
import { expect } from 'vitest'

import { chargeFor } from '#contract/charges'
import { nubanFor } from '#contract/nuban'
import type { Permission } from '#contract/permissions'
import { setPinPepper } from '#server/auth/pin-hash'
import { type Db, openDatabase } from '#server/db/client'
import { vendors } from '#server/db/schema'
import { createMember, createVendorAccount } from '#server/money/accounts'
import { newSessionId } from '#server/money/ledger'
import { signWebhookBody } from '#server/money/webhook-signature'

import { BANK_WEBHOOK_SECRET, type Cluster, PIN_PEPPER } from './cluster'
import { type Answer, clientIp, type RoundRobin } from './round-robin'

/*
 * Vendors and people for the processes suite. Accounts are written straight into the shared database (as the
 * server suite's harness does: registration and approval are not what is tested here); everything after that goes
 * through the processes: each person signs in, money arrives by the bank's signed notice, and sends are API calls.
 */

export const PIN = '1234'
const PASSWORD = 'procs-pass-2026'
/** ₦1,000 a send; its fee comes from the one charge table the server uses. */
export const AMOUNT = 1_000_00
export const DEBIT = AMOUNT + chargeFor(AMOUNT).fee
export const BANK_CODE = '058'

export interface Shared {
  /** For the server's own account functions. */
  db: Db
  /** Plain SQL: setting up what the API cannot be asked for, and reading what the test checks. */
  pool: pg.Pool
  close: () => Promise<void>
}

/** The test's own connections to the cluster's database, its PIN key the processes' (so PINs it writes check out). */
export async function openShared(cluster: Cluster): Promise<Shared> {
  setPinPepper(Buffer.from(PIN_PEPPER, 'utf8'))
  const database = await openDatabase({ databaseUrl: cluster.databaseUrl, migrate: false, poolSize: 2 })
  const pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 })
  return { db: database.db, pool, close: async () => void (await Promise.all([database.close(), pool.end()])) }
}

export interface Person {
  id: string
  email: string
  token: string
  /** Each person is a client of their own behind the proxy. */
  ip: string
}

export interface TestVendor {
  id: string
  accountNumber: string
  people: Person[]
}

const MEMBER_PERMISSIONS: Permission[] = ['VENDOR_TRANSFERS', 'VENDOR_TRANSACTIONS', 'VENDOR_WALLET']

/**
 * An approved vendor that may send to third parties, with `people` users (the owner, then members allowed to send),
 * all with PIN 1234, each signed in through the round-robin (so a session made by one process is used on others).
 */
export async function vendorWithPeople(rr: RoundRobin, shared: Shared, people = 1): Promise<TestVendor> {
  const { db, pool } = shared
  const tag = randomUUID().slice(0, 8)
  const account = await createVendorAccount(db, {
    name: `Procs ${tag}`,
    email: `procs-${tag}@vendor.test`,
    ownerName: 'Procs Owner',
    password: PASSWORD,
    pin: PIN,
    status: 'approved',
  })
  await db.update(vendors).set({ thirdPartyTransfers: true }).where(eq(vendors.id, account.vendor.id))
  const members = await Promise.all(
    Array.from({ length: people - 1 }, (_, i) =>
      createMember(db, {
        vendorId: account.vendor.id,
        name: `Cashier ${i + 1}`,
        email: `procs-${tag}-${i + 1}@vendor.test`,
        password: PASSWORD,
        permissions: MEMBER_PERMISSIONS,
      }),
    ),
  )
  // One PIN hash for all: hashing is the server's business, the hash carries its own salt.
  await pool.query('update users set pin_hash = $1 where vendor_id = $2', [account.owner.pinHash, account.vendor.id])
  const signedIn = await Promise.all(
    [account.owner, ...members].map(async (user) => {
      const ip = clientIp()
      const email = user.email!
      const answer = await rr.call('POST', '/api/auth/vendor/login', { ip, json: { email, password: PASSWORD } })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return { id: user.id, email, token: answer.body.data.token as string, ip }
    }),
  )
  return { id: account.vendor.id, accountNumber: account.wallets.main.accountNumber!, people: signedIn }
}

/** Money in, the way the bank tells us: a signed inbound-transfer notice. */
export async function credit(rr: RoundRobin, vendor: TestVendor, amount: number): Promise<void> {
  const raw = JSON.stringify({
    accountNumber: vendor.accountNumber,
    amount,
    providerReference: `PROCS-${randomUUID()}`,
    sessionId: newSessionId(),
    originatorAccountName: 'Procs Funder',
    originatorBankName: 'Zenith Bank',
    originatorAccountNumber: nubanFor('057', '123456780'),
  })
  const answer = await rr.call('POST', '/api/webhooks/bank/inbound', {
    headers: { 'content-type': 'application/json', 'x-provider-signature': signWebhookBody(raw, BANK_WEBHOOK_SECRET) },
    raw,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}

/** A name enquiry through the API (rate-limited per user: 30 in 15 minutes). */
export async function resolveAccount(rr: RoundRobin, person: Person, serial: string): Promise<string> {
  const query = new URLSearchParams({ accountNumber: nubanFor(BANK_CODE, serial), bankCode: BANK_CODE })
  const answer = await rr.call('GET', `/api/bank/resolve-account?${query}`, { token: person.token, ip: person.ip })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data.requestId as string
}

/**
 * Many requestIds at once, written as the name enquiry writes them: for the load tests, which send more than the
 * enquiry endpoint's per-user limit allows. Used by the vendor's owner; any of its people may spend them.
 */
export async function enquiries(shared: Shared, vendor: TestVendor, count: number, serial = '123456789'): Promise<string[]> {
  const prefix = `PROCS-NE-${randomUUID().slice(0, 8)}-`
  await shared.pool.query(
    `insert into name_enquiries (id, vendor_id, user_id, request_id, account_number, bank_code, bank_name,
       account_name, created_at, expires_at)
     select gen_random_uuid()::text, $1, $2, $3 || i, $4, $5, 'Guaranty Trust Bank', 'Tunde Bakare', now(),
       now() + interval '10 minutes'
     from generate_series(1, $6::int) as i`,
    [vendor.id, vendor.people[0]!.id, prefix, nubanFor(BANK_CODE, serial), BANK_CODE, count],
  )
  return Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`)
}

export function send(rr: RoundRobin, person: Person, requestId: string, key = randomUUID()): Promise<Answer> {
  return rr.call('POST', '/api/transfer/send', {
    token: person.token,
    ip: person.ip,
    headers: { 'idempotency-key': key },
    json: { amount: AMOUNT, requestId, pin: PIN },
  })
}

/** The main wallet's balance as one process answers it. */
export async function balanceVia(rr: RoundRobin, person: Person): Promise<Answer> {
  return rr.call('GET', '/api/vendor/wallet/balance', { token: person.token, ip: person.ip })
}

/**
 * The ledger's promises, from the rows: every wallet's entries add up to its balance and every transaction's legs
 * to zero. Answers the vendor's debits (amount, fee, status) for the test's own sums.
 */
export async function ledgerOf(shared: Shared, vendorId: string) {
  const { rows: unexplained } = await shared.pool.query(
    `select w.kind, w.balance, coalesce(sum(e.amount), 0)::bigint as entries from wallets w
       left join ledger_entries e on e.wallet_id = w.id where w.vendor_id = $1
       group by w.id having w.balance <> coalesce(sum(e.amount), 0)`,
    [vendorId],
  )
  expect(unexplained, 'wallets whose entries do not add up to their balance').toEqual([])
  const { rows: unbalanced } = await shared.pool.query(
    `select transaction_id from ledger_entries where vendor_id = $1 group by transaction_id having sum(amount) <> 0`,
    [vendorId],
  )
  expect(unbalanced, 'transactions whose legs do not sum to zero').toEqual([])
  const { rows } = await shared.pool.query<{ id: string; amount: string; fee: string; status: string }>(
    `select id, amount, fee, status from transactions where vendor_id = $1 and type = 'debit'`,
    [vendorId],
  )
  return rows.map((row) => ({ id: row.id, status: row.status, debit: Number(row.amount) + Number(row.fee) }))
}
