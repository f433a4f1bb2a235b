import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { systemClock } from '#server/clock'
import { customers, orders } from '#server/db/sales-schema'
import { transactions } from '#server/db/schema'
import { seedCatalogue } from '#server/seed/catalogue'
import { seedDemo } from '#server/seed/demo'
import { seedSales } from '#server/seed/sales'
import { seedSellingTerms } from '#server/seed/selling-terms'
import { MemoryStorage } from '#server/storage'

import { createVendor, makeApp } from '../harness'
import { expectLedgerConsistent } from '../money/helpers'

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
    // A partial refund keeps the order paid (decision 089); refunded means everything went back.
    expect(rows.filter((row) => row.status === 'refunded').every((row) => row.amountRefunded === row.amountPaid)).toBe(true)
    expect(rows.filter((row) => row.status === 'refunded')).toHaveLength(1)
    expect(rows.some((row) => row.status === 'paid' && row.amountRefunded > 0 && row.amountRefunded < row.amountPaid)).toBe(true)
    const people = await t.db.select().from(customers).where(eq(customers.vendorId, v.vendor.id))
    const named = people.filter((row) => !row.isAnonymous)
    expect(named.length).toBeGreaterThanOrEqual(12)
    // One person, one customer: each seed customer once, with the account they pay from and their email or phone.
    expect(new Set(named.map((row) => row.name)).size).toBe(named.length)
    expect(named.find((row) => row.name === 'Halima Danjuma')).toMatchObject({
      phone: '08121230008',
      bankName: 'Moniepoint Microfinance Bank',
    })
    // Every credit names the customer whose bank and account sent it.
    const credits = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.vendorId, v.vendor.id), eq(transactions.type, 'credit')))
    const byId = new Map(people.map((row) => [row.id, row]))
    for (const credit of credits) {
      const payer = byId.get(credit.customerId ?? '')
      expect(payer, credit.reference).toBeDefined()
      expect([payer!.accountNumber, payer!.bankName], credit.reference).toEqual([credit.originatorAccountNumber, credit.originatorBankName])
    }
    await expectLedgerConsistent(t.db, v.vendor.id)
  })

  it('the demo: every credit, with or without an order, is on its payer’s page; no payer is two customers', async () => {
    const t = await makeApp()
    const { vendorId } = await seedDemo(t.db, { storage: new MemoryStorage(), origin: 'http://localhost:3000' })
    const people = await t.db.select().from(customers).where(eq(customers.vendorId, vendorId))
    const aisha = people.filter((row) => row.name === 'Aisha Bello')
    expect(aisha).toHaveLength(1)
    const hers = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.vendorId, vendorId), eq(transactions.customerId, aisha[0]!.id)))
    // Two transfers without an order in the history, and the two orders of hers that were paid.
    expect(hers).toHaveLength(4)
    expect(hers.filter((row) => row.hasMatchingOrder)).toHaveLength(2)
    const byId = new Map(people.map((row) => [row.id, row]))
    const credits = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.vendorId, vendorId), eq(transactions.type, 'credit')))
    for (const credit of credits.filter((row) => row.outletId === null)) {
      const payer = byId.get(credit.customerId ?? '')
      expect([payer?.accountNumber, payer?.bankName], credit.reference).toEqual([credit.originatorAccountNumber, credit.originatorBankName])
    }
    const named = people.filter((row) => !row.isAnonymous)
    expect(new Set(named.map((row) => row.name)).size).toBe(named.length)
  })
})
