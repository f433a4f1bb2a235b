import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import { sql } from 'drizzle-orm'

import { nubanFor } from '#contract/nuban'
import { createSession } from '#server/auth/sessions'
import { systemClock } from '#server/clock'
import { createMember } from '#server/money/accounts'
import { creditFromBank } from '#server/money/ledger'

import {
  approvedVendor,
  BENCH_PIN,
  benchPostgres,
  openTarget,
  startServerProcess,
  type Target,
  useBenchPinPepper,
  walletsAgainstEntries,
} from './api-load-setup'

/*
 * `concurrentSendFigures()`: issue 20's burst. 200 sends at once by 7 users of one vendor (the owner and six members
 * allowed to transfer), each with its PIN, against a wallet that covers exactly 10 of them, over HTTP to a real
 * server process at production settings. Printed: how long until the last of the 200 was answered, and whether
 * exactly 10 went through, 190 were refused for funds, and the ledger explains every kobo. The same burst runs in
 * process in tests/server/money/send-concurrency.test.ts, which asserts the exactness and never the time.
 * Goals: every answer within 5 s on PostgreSQL and 10 s on PGlite, 10 of 10 exact.
 */

const SENDS = 200
const USERS = 7
const AMOUNT = 1_000_00
/** ₦1,000 costs ₦10 (#contract/charges); the wallet holds exactly ten sends. */
const BALANCE = 10 * (AMOUNT + 10_00)
const GOAL_SECONDS = { PGlite: 10, PostgreSQL: 5 } as const

async function seedBurst(target: Target) {
  useBenchPinPepper()
  const database = await openTarget(target)
  try {
    const { db } = database
    const account = await approvedVendor(db, 'Burst Sender')
    const vendorId = account.vendor.id
    await creditFromBank(db, {
      vendorId,
      amount: BALANCE,
      originator: { accountName: 'Bench Funder', bankName: 'Zenith Bank', accountNumber: '2222222222' },
    })
    const members = []
    for (let i = 1; i < USERS; i++) {
      members.push(
        await createMember(db, {
          vendorId,
          name: `Cashier ${i}`,
          email: `burst-cashier-${i}-${Date.now()}@bench.test`,
          password: 'bench-password-2026',
          permissions: ['VENDOR_TRANSFERS'],
        }),
      )
    }
    // Every member's PIN is the owner's (hashed under the bench's pepper as the server's own).
    await db.execute(sql`update users set pin_hash = ${account.owner.pinHash} where vendor_id = ${vendorId}`)
    const people = [account.owner, ...members]
    const tokens = await Promise.all(people.map((user) => createSession(db, systemClock, user)))
    await db.execute(sql`
      insert into name_enquiries (id, vendor_id, user_id, request_id, account_number, bank_code, bank_name,
        account_name, created_at, expires_at)
      select gen_random_uuid()::text, ${vendorId}, ${account.owner.id}, 'BURST-NE-' || i, ${nubanFor('058', '123456789')},
        '058', 'Guaranty Trust Bank', 'Tunde Bakare', now(), now() + interval '2 hours'
      from generate_series(1, ${SENDS}) as i`)
    return { vendorId, tokens }
  } finally {
    await database.close()
  }
}

/** Whether every wallet's entries sum to its balance and main holds exactly what ten sends left (nothing). */
async function ledgerExplained(target: Target, vendorId: string): Promise<boolean> {
  const database = await openTarget(target)
  try {
    const { wallets, unexplained } = await walletsAgainstEntries(database.db, vendorId)
    return unexplained === 0 && wallets.find((wallet) => wallet.kind === 'main' && !wallet.outletId)?.balance === 0
  } finally {
    await database.close()
  }
}

async function burst(target: Target) {
  const { vendorId, tokens } = await seedBurst(target)
  const server = await startServerProcess(target)
  let statuses: string[]
  let seconds: number
  try {
    const started = performance.now()
    statuses = await Promise.all(
      Array.from({ length: SENDS }, async (_, i) => {
        const response = await fetch(`${server.url}/api/transfer/send`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${tokens[i % USERS]}`,
            'content-type': 'application/json',
            'idempotency-key': `burst-${i}`,
          },
          body: JSON.stringify({ amount: AMOUNT, requestId: `BURST-NE-${i + 1}`, pin: BENCH_PIN }),
        })
        const body = (await response.json()) as { code?: string }
        return response.status === 201
          ? 'sent'
          : body.code === 'INSUFFICIENT_FUNDS'
            ? 'refused for funds'
            : `${response.status} ${body.code}`
      }),
    )
    seconds = (performance.now() - started) / 1000
  } finally {
    // Stopped before the ledger is read: PGlite's data directory has one process at a time.
    await server.stop()
  }
  const count = (outcome: string) => statuses.filter((status) => status === outcome).length
  const other = statuses.filter((status) => status !== 'sent' && status !== 'refused for funds')
  const exact = count('sent') === 10 && count('refused for funds') === SENDS - 10 && (await ledgerExplained(target, vendorId))
  return {
    database: target.label,
    'last answer (s)': Number(seconds.toFixed(2)),
    goal: `≤ ${GOAL_SECONDS[target.label]} s`,
    sent: count('sent'),
    'refused for funds': count('refused for funds'),
    exact: exact ? 'yes: 10 of 10, ledger explained' : `NO${other.length ? `: ${other.slice(0, 3).join(', ')}` : ''}`,
  }
}

/** One row per database; PostgreSQL when one answers on 127.0.0.1:5432. About half a minute. */
export async function concurrentSendFigures() {
  const rows = []
  const dir = mkdtempSync(join(tmpdir(), 'vbo-burst-'))
  try {
    rows.push(await burst({ label: 'PGlite', dataDir: dir }))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  const postgres = await benchPostgres()
  if (postgres) {
    try {
      rows.push(await burst({ label: 'PostgreSQL', databaseUrl: postgres.url }))
    } finally {
      await postgres.drop()
    }
  }
  return rows
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.table(await concurrentSendFigures())
}
