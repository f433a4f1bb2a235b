import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { systemClock } from '../../src/server/clock'
import { customers, orders } from '../../src/server/db/sales-schema'
import { seedCatalogue } from '../../src/server/seed-catalogue'
import { seedSales } from '../../src/server/seed-sales'
import { seedSellingTerms } from '../../src/server/seed-selling-terms'
import { MemoryStorage } from '../../src/server/storage'
import { createVendor, makeApp } from './harness'
import { expectLedgerConsistent } from './money-helpers'

/* The demo vendor's sales, made through the real order, payment and refund code. */

describe('seedSales', () => {
  it('makes customers and orders in every state, with a consistent ledger', async () => {
    const t = await makeApp()
    const v = await createVendor()
    await t.db.transaction(async (tx) => {
      await seedCatalogue(tx, { vendorId: v.vendor.id, storage: new MemoryStorage(), origin: 'http://localhost' })
      await seedSellingTerms(tx, v.vendor.id, systemClock.now())
      // Its speed is a figure of `npm run bench` (server cold start), not an assertion: a loaded machine is slower.
      await seedSales(tx, { vendorId: v.vendor.id, userId: v.owner.id, clock: systemClock })
    })
    const rows = await t.db.select().from(orders).where(eq(orders.vendorId, v.vendor.id))
    expect(rows).toHaveLength(25)
    const statuses = new Set(rows.map((row) => row.status))
    for (const status of ['pending', 'paid', 'partially-paid', 'overpayment', 'fulfilled', 'refunded', 'abandoned', 'failed']) {
      expect(statuses, status).toContain(status)
    }
    expect(rows.filter((row) => row.kind === 'invoice').length).toBeGreaterThanOrEqual(4)
    expect(rows.filter((row) => row.isShareable).length).toBeGreaterThanOrEqual(6)
    expect(rows.some((row) => row.transactionId !== null)).toBe(true)
    const refunded = rows.filter((row) => row.status === 'refunded')
    expect(refunded.some((row) => row.amountRefunded < row.amountPaid)).toBe(true)
    expect(refunded.some((row) => row.amountRefunded === row.amountPaid)).toBe(true)
    const people = await t.db.select().from(customers).where(eq(customers.vendorId, v.vendor.id))
    expect(people.filter((row) => !row.isAnonymous).length).toBeGreaterThanOrEqual(12)
    await expectLedgerConsistent(t.db, v.vendor.id)
  })
})
