import { randomUUID } from 'node:crypto'

import type { OrderStatus } from '#contract/orders'
import type { Db } from '#server/db/client'
import { type CustomerRow, customers, type OrderRow, orders } from '#server/db/sales-schema'
import { countOrder } from '#server/orders/counts'

/*
 * Customers and orders written straight to the tables, so the customer and dispute suites do not depend on the
 * order-taking code (tested on its own). Only the columns those suites read are meaningful.
 */

export interface CustomerFixture {
  name?: string
  email?: string | null
  phone?: string | null
  isAnonymous?: boolean
  createdAt?: Date
}

export async function insertCustomer(db: Db, vendorId: string, fixture: CustomerFixture = {}): Promise<CustomerRow> {
  const at = fixture.createdAt ?? new Date()
  const [row] = await db
    .insert(customers)
    .values({
      vendorId,
      name: fixture.name ?? (fixture.isAnonymous ? 'Anonymous customer' : `Customer ${randomUUID().slice(0, 6)}`),
      email: fixture.email ?? null,
      phone: fixture.phone ?? null,
      isAnonymous: fixture.isAnonymous ?? false,
      createdAt: at,
      updatedAt: at,
    })
    .returning()
  return row!
}

export interface OrderFixture {
  customer?: Pick<CustomerRow, 'id' | 'name'> | null
  kind?: OrderRow['kind']
  status?: OrderStatus
  /** Kobo. */
  amount?: number
  amountPaid?: number
  amountRefunded?: number
  reference?: string
  createdAt?: Date
}

export const newReference = (prefix = 'ORD') => `${prefix}-${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`

export async function insertOrder(db: Db, vendorId: string, fixture: OrderFixture = {}): Promise<OrderRow> {
  const amount = fixture.amount ?? 10_000_00
  const at = fixture.createdAt ?? new Date()
  const refunded = fixture.amountRefunded ?? 0
  const [row] = await db
    .insert(orders)
    .values({
      vendorId,
      reference: fixture.reference ?? newReference(fixture.kind === 'invoice' ? 'INV' : 'ORD'),
      kind: fixture.kind ?? 'order',
      status: fixture.status ?? 'pending',
      customerId: fixture.customer?.id ?? null,
      customerName: fixture.customer?.name ?? null,
      subtotal: amount,
      amount,
      amountPaid: fixture.amountPaid ?? 0,
      amountRefunded: refunded,
      amountRefundCommitted: refunded,
      itemCount: 1,
      createdAt: at,
      updatedAt: at,
    })
    .returning()
  await db.transaction((tx) => countOrder(tx, vendorId, row!.kind))
  return row!
}
