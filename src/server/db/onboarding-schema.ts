import { date, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
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

export type VendorKycRow = typeof vendorKyc.$inferSelect
export type ShopRow = typeof shops.$inferSelect
