import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { lagosDate } from '#server/analytics'
import { DAY_MS } from '#server/clock'
import type { Database } from '#server/db/client'
import { vendorWallet } from '#server/money/ledger'
import { reconcileDay } from '#server/money/reconcile'
import { formatReconciliation } from '#server/money/reconcile-report'
import { SandboxBankingProvider } from '#server/money/sandbox-bank'
import { statementEdges, type StatementLine, statementLines, statementRange } from '#server/money/statement'
import { seedDemo } from '#server/seed/demo'
import { MemoryStorage } from '#server/storage'

import { type OwnDatabase, ownDatabase } from '../money/reconcile-db'

/*
 * The demo's two weeks of history are written straight into the ledger; the sandbox bank keeps its side of them
 * (recordSeededStatement), so the morning's reconciliation of every seeded day matches, as `npm start` then shows.
 */

let own: OwnDatabase
let database: Database
let vendorId: string
beforeAll(async () => {
  own = await ownDatabase(`demo_reconciles_${process.pid}`)
  database = await own.open()
  vendorId = (await seedDemo(database.db, { storage: new MemoryStorage(), origin: 'http://localhost:3000' })).vendorId
}, 60_000)
afterAll(async () => {
  await database?.close()
  await own?.drop()
})

describe('the demo vendor reconciles', () => {
  it('every seeded Lagos day matches the sandbox bank, and the wallets equal its balance less the fees kept', async () => {
    const banking = new SandboxBankingProvider(database.db)
    let lines = 0
    for (let daysAgo = 0; daysAgo <= 15; daysAgo++) {
      const day = lagosDate(new Date(Date.now() - daysAgo * DAY_MS))
      const result = await reconcileDay({ db: database.db, banking }, day)
      expect(result.ok, formatReconciliation(result)).toBe(true)
      lines += result.vendors.reduce((sum, vendor) => sum + vendor.matched.length, 0)
    }
    // Not an empty comparison: the seeded credits, sends and refunds were all there to match.
    expect(lines).toBeGreaterThan(20)
  }, 60_000)

  it('has a statement of its two weeks in date order, each balance the one before plus its line (decision 178)', async () => {
    const wallet = (await vendorWallet(database.db, vendorId, 'main'))!
    const today = lagosDate(new Date())
    const range = statementRange({ from: lagosDate(new Date(Date.now() - 15 * DAY_MS)), to: today })
    const edges = await statementEdges(database.db, vendorId, wallet.id, range)
    const next = statementLines(database.db, vendorId, wallet.id, edges)
    const lines: StatementLine[] = []
    for (let chunk = await next(); chunk; chunk = await next()) lines.push(...chunk)
    // Sales, refunds, sends and the outlets' transfers: written by different seed modules, read as one history.
    expect(lines.length).toBeGreaterThan(30)
    let balance = edges.openingBalance
    lines.forEach((line, i) => {
      if (i > 0)
        expect(line.at.getTime(), `line ${i + 1} (${line.description}) is dated before the one above it`).toBeGreaterThanOrEqual(
          lines[i - 1]!.at.getTime(),
        )
      balance += line.amount
      expect(line.balance, `line ${i + 1}: ${line.description}`).toBe(balance)
    })
    expect(balance).toBe(wallet.balance)
  })
})
