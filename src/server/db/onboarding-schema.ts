import { sql } from 'drizzle-orm'
import { check, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

import { vendors } from './schema'

/*
 * Onboarding (issue 7): the owner's identity check and the shop's look. Kept apart from schema.ts so neither file
 * grows past reading size; drizzle sees every schema file (drizzle.config.ts).
 */

/**
 * The identity check an operator reviews before approving a vendor: one row per vendor, replaced when sent again.
 * The BVN/NIN is personal data: it is never sent back to the app, only its last 4 digits.
 */
export const vendorKyc = pgTable('vendor_kyc', {
  vendorId: text('vendor_id')
    .primaryKey()
    .references(() => vendors.id),
  documentType: text('document_type', {
    enum: ['NIN_SLIP', 'DRIVERS_LICENSE', 'INTERNATIONAL_PASSPORT', 'VOTERS_CARD'],
  }).notNull(),
  /** Storage key of the uploaded document (private: not served under /api/files). */
  documentKey: text('document_key').notNull(),
  documentContentType: text('document_content_type').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  address: text('address').notNull(),
  idType: text('id_type', { enum: ['BVN', 'NIN'] }).notNull(),
  idNumber: text('id_number').notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
})

/** How the shop looks: shown by the storefront and edited in Settings → Website. The URL lives on vendors.url. */
export const shops = pgTable('shops', {
  vendorId: text('vendor_id')
    .primaryKey()
    .references(() => vendors.id),
  description: text('description').notNull().default(''),
  /** Storage key of the logo, served publicly under /api/files (the storefront shows it). */
  logoKey: text('logo_key'),
  font: text('font').notNull(),
  background: text('background').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Custom domains connected to a shop (decision 063). Several shops may have the same domain pending (connecting a
 * name proves nothing, so it must not lock the real owner out); only one may have it active, the one whose TXT
 * record proved ownership (partial unique index: two verifications at once end in one 409).
 */
export const shopDomains = pgTable(
  'shop_domains',
  {
    id: text('id').primaryKey(),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id),
    /** Normalised (normaliseDomain): lower case, xn-- form, no trailing dot. */
    domain: text('domain').notNull(),
    status: text('status', { enum: ['pending', 'active'] }).notNull(),
    /** The value the TXT record must hold; random per row, so only the domain's owner can publish it. */
    verificationToken: text('verification_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastCheckError: text('last_check_error'),
  },
  (t) => [
    uniqueIndex('shop_domains_active_domain_key')
      .on(t.domain)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex('shop_domains_vendor_domain_key').on(t.vendorId, t.domain),
    index('shop_domains_domain_idx').on(t.domain),
    check(
      'shop_domains_status_check',
      sql`${t.status} in ('pending', 'active') and (${t.status} = 'pending' or ${t.verifiedAt} is not null)`,
    ),
  ],
)

export type VendorKycRow = typeof vendorKyc.$inferSelect
export type ShopRow = typeof shops.$inferSelect
export type ShopDomainRow = typeof shopDomains.$inferSelect
