import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'

import { createdAt, id, users, vendorId } from './schema'

/**
 * A vendor's saved accounts to send to (issue 36, decision 145). The name is the bank's, from a name enquiry the
 * server made when the account was saved, never what a client sent. Recent accounts need no table: they are the
 * destinations of the vendor's own successful sends.
 */
export const savedBeneficiaries = pgTable(
  'saved_beneficiaries',
  {
    id: id(),
    vendorId: vendorId(),
    bankCode: text('bank_code').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    /** What the vendor calls them ("Rice supplier"); null shows the account name alone. */
    label: text('label'),
    createdBy: text('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('saved_beneficiaries_account_uq').on(t.vendorId, t.bankCode, t.accountNumber)],
)

export type SavedBeneficiaryRow = typeof savedBeneficiaries.$inferSelect
