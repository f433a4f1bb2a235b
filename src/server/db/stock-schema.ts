import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core'

import { createdAt, id, outlets, productVariants, users, vendorId } from './schema'

/*
 * Stock per location (issue 41, decision 174): the units of each variant held at the main store (outlet_id null)
 * and at each outlet. product_variants.available_units stays the total over every location, kept by the triggers
 * at the end of migration 0031 in the same statement that changes a location, so the product list's filters and
 * counters read one column as before.
 */

export const variantStock = pgTable(
  'variant_stock',
  {
    id: id(),
    vendorId: vendorId(),
    variantId: text('variant_id')
      .notNull()
      .references(() => productVariants.id),
    /** Null: the main store. */
    outletId: text('outlet_id').references(() => outlets.id),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    /** This location's low-stock alert level; null when none is set. */
    threshold: bigint('threshold', { mode: 'number' }),
    /** Set when this location's low-stock notice went out; cleared when its units rise above the threshold. */
    lowStockNotifiedAt: timestamp('low_stock_notified_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One row per variant and location, the main store included (NULLS NOT DISTINCT, PostgreSQL 15).
    unique('variant_stock_location_uq').on(t.variantId, t.outletId).nullsNotDistinct(),
    index('variant_stock_vendor_outlet_idx').on(t.vendorId, t.outletId),
    check('variant_stock_units_not_negative', sql`${t.units} >= 0`),
  ],
)

/** A recorded move of units between two locations of one variant: who, when, how many. */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: id(),
    vendorId: vendorId(),
    variantId: text('variant_id')
      .notNull()
      .references(() => productVariants.id),
    /** Null: the main store. */
    fromOutletId: text('from_outlet_id').references(() => outlets.id),
    toOutletId: text('to_outlet_id').references(() => outlets.id),
    quantity: integer('quantity').notNull(),
    note: text('note'),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_transfers_variant_idx').on(t.vendorId, t.variantId, sql`${t.createdAt} desc`),
    check('stock_transfers_quantity_positive', sql`${t.quantity} > 0`),
    check('stock_transfers_two_places', sql`${t.fromOutletId} is distinct from ${t.toOutletId}`),
  ],
)
