import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { lagosDate } from '#server/analytics'
import { DAY_MS } from '#server/clock'
import type { Database } from '#server/db/client'
import { reconcileDay } from '#server/money/reconcile'
import { formatReconciliation } from '#server/money/reconcile-report'
import { SandboxBankingProvider } from '#server/money/sandbox-bank'
import { seedDemo } from '#server/seed/demo'
import { MemoryStorage } from '#server/storage'

import { type OwnDatabase, ownDatabase } from '../money/reconcile-db'

/*
 * The demo's two weeks of history are written straight into the ledger; the sandbox bank keeps its side of them
 * (recordSeededStatement), so the morning's reconciliation of every seeded day matches, as `npm start` then shows.
 */

let own: OwnDatabase
let database: Database
beforeAll(async () => {
  own = await ownDatabase(`demo_reconciles_${process.pid}`)
  database = await own.open()
}, 60_000)
afterAll(async () => {
  await database?.close()
  await own?.drop()
})

describe('the demo vendor reconciles', () => {
  it('every seeded Lagos day matches the sandbox bank, and the wallets equal its balance less the fees kept', async () => {
    await seedDemo(database.db, { storage: new MemoryStorage(), origin: 'http://localhost:3000' })
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
})
