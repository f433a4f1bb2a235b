import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'

import { vendorId } from './schema'

/*
 * Numbered business documents (issue 42, decision 191): each vendor's invoices and credit notes are numbered 1, 2, 3…
 * with no gap. The number is taken from this row by one UPDATE … RETURNING in the transaction that makes the
 * document, so the row lock serialises one vendor's documents of one kind and a rollback gives the number back
 * (a SEQUENCE would not: its values are never returned, which leaves gaps a tax inspector asks about).
 */
export const documentNumbers = pgTable(
  'document_numbers',
  {
    vendorId: vendorId(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    /** The last number given; the next document gets last + 1. */
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.kind] })],
)
