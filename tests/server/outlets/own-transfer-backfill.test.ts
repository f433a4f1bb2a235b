import { readFileSync } from 'node:fs'

import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { transactions } from '#server/db/schema'

import type { TestApp } from '../harness'
import { creditOutlet, fund, makeOutlet, outletsApp, owner, toMain } from './helpers'

/*
 * Migration 0015 (decision 112): outlet transfers written before it carried 'Transfer to outlet Lekki: <note>' as
 * their narration and named no counterparty. Its UPDATE, run again on rows put back in that old shape, must give
 * each row its other side and keep only the note.
 */

let t: TestApp
beforeAll(async () => {
  t = await outletsApp()
})

const migration = readFileSync(new URL('../../../src/server/db/migrations/0015_own_transfer_counterparty.sql', import.meta.url), 'utf8')
const backfill = migration.split('--> statement-breakpoint').find((statement) => statement.includes('UPDATE'))!

describe('migration 0015: outlet transfers made before it', () => {
  it('name their other side and keep only what the user typed', async () => {
    const o = await owner(t, 5_000_00)
    const outlet = await makeOutlet(t, o.token, { name: 'Lekki: Phase 1' })
    await creditOutlet(t, outlet, 1_000_00, 'Transfer from main wallet: not ours')
    expect((await fund(t, o.token, { outletId: outlet.id, amount: 2_000_00, narration: 'Float: Saturday' })).status).toBe(201)
    expect((await toMain(t, o.token, { outletId: outlet.id, amount: 500_00 })).status).toBe(201)
    const own = (await t.db.select().from(transactions).where(eq(transactions.outletId, outlet.id))).filter((row) => row.counterpartyKind)
    expect(own).toHaveLength(4)
    const shape = (row: typeof transactions.$inferSelect) =>
      [row.walletId === o.wallets.main.id ? 'main' : 'outlet', row.type, row.counterpartyKind, row.outletName, row.narration].join(' | ')
    const expected = own.map(shape).sort()

    // Back to the shape rows had before 0015.
    const old = (row: (typeof own)[number]) => {
      const onMain = row.walletId === o.wallets.main.id
      const what = onMain
        ? `Transfer ${row.type === 'debit' ? 'to' : 'from'} outlet Lekki: Phase 1`
        : `Transfer ${row.type === 'debit' ? 'to' : 'from'} main wallet`
      return row.narration ? `${what}: ${row.narration}` : what
    }
    for (const row of own) {
      await t.db
        .update(transactions)
        .set({ narration: old(row), counterpartyKind: null, outletName: null })
        .where(eq(transactions.id, row.id))
    }
    await t.db.execute(sql.raw(backfill))

    const after = (await t.db.select().from(transactions).where(eq(transactions.outletId, outlet.id))).filter((row) => row.counterpartyKind)
    expect(after.map(shape).sort()).toEqual(expected)
    expect(expected).toEqual([
      'main | credit | outlet | Lekki: Phase 1 | ',
      'main | debit | outlet | Lekki: Phase 1 | Float: Saturday',
      'outlet | credit | main | Lekki: Phase 1 | Float: Saturday',
      'outlet | debit | main | Lekki: Phase 1 | ',
    ])
    // A bank credit whose sender happened to type the same words is not touched.
    const bank = (await t.db.select().from(transactions).where(eq(transactions.outletId, outlet.id))).find((row) => !row.counterpartyKind)
    expect(bank?.narration).toBe('Transfer from main wallet: not ours')
  })
})
