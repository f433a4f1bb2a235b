import { randomUUID } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { createVendorAccount } from '#server/money/accounts'

import { drizzleQuery, historyAnchor, historyBreaks, seedVendorHistory } from '../../../bench/history-seed'
import { bigCustomerId } from '../../../bench/history-sql'
import { testDb } from '../harness'

/*
 * The history bench's seeder (decision 160) at a tiny size: what it writes set-based must be what the ledger and the
 * order paths would have written, or the bench measures a database no vendor could have.
 */

describe('history seeder', () => {
  it('writes a history that keeps the ledger invariants, the order counters and the customer links', async () => {
    const db = await testDb()
    const account = await createVendorAccount(db, {
      name: 'History Supermarket',
      email: `history-${randomUUID()}@bench.test`,
      ownerName: 'History Owner',
      password: 'bench-password-2026',
      status: 'approved',
    })
    const tag = `T${randomUUID().slice(0, 8)}`
    const anchor = historyAnchor(new Date('2026-12-05T12:00:00Z'))
    await db.transaction((tx) => seedVendorHistory(drizzleQuery(tx), account, tag, 800, anchor))

    // Other vendors of the worker's database are not this test's: only what names this vendor counts.
    const mine = [account.vendor.id, ...Object.values(account.wallets).map((wallet) => wallet.id), `${tag}-`]
    const breaks = (await historyBreaks(drizzleQuery(db))).split('\n').filter((line) => mine.some((id) => line.includes(id)))
    expect(breaks).toEqual([])

    const rows = (text: string) => drizzleQuery(db)(text).then((result) => result.rows as Record<string, unknown>[])
    const [counts] = await rows(`select
        (select count(*) from transactions where vendor_id = '${account.vendor.id}')::int as transactions,
        (select count(*) from transactions where vendor_id = '${account.vendor.id}' and type = 'debit')::int as debits,
        (select count(*) from transactions where vendor_id = '${account.vendor.id}' and status = 'failed')::int as failed,
        (select count(*) from orders where customer_id = '${bigCustomerId(tag)}')::int as big_orders,
        (select sum(count) from order_counts where vendor_id = '${account.vendor.id}')::int as counted_orders,
        (select max(created_at) from transactions where vendor_id = '${account.vendor.id}') as newest,
        (select transaction_count from wallets where id = '${account.wallets.main.id}')::int as wallet_count`)
    expect(counts).toMatchObject({ transactions: 800, debits: 50, failed: 3, big_orders: 4, counted_orders: 234, wallet_count: 800 })
    // One transaction every 61.7 s (1,400 a day) back from the end of a Lagos day.
    expect(new Date(counts!.newest as string).getTime()).toBe(Math.floor(anchor.getTime() - (86_400 / 1_400) * 1000))
    expect(anchor.toISOString()).toBe('2026-12-04T22:59:59.999Z')
  })
})
