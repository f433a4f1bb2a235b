import { and, eq } from 'drizzle-orm'

import type { BusinessDetails } from '#contract/business'
import type { VendorProfile } from '#contract/vendor'

import { fileUrl } from '../catalogue/views'
import type { Db } from '../db/client'
import { shops } from '../db/onboarding-schema'
import { users, vendors } from '../db/schema'
import { notFound } from '../errors'

/*
 * The business as its documents name it (issue 42, decision 191): name, address, phone, e-mail, logo and TIN. The
 * profile is what Settings shows and what the app prints on an invoice or receipt, so both read this one answer.
 */

export async function vendorProfile(db: Db, vendorId: string): Promise<VendorProfile> {
  const [row] = await db
    .select({ vendor: vendors, logoKey: shops.logoKey })
    .from(vendors)
    .leftJoin(shops, eq(shops.vendorId, vendors.id))
    .where(eq(vendors.id, vendorId))
  if (!row) throw notFound('Vendor')
  const [owner] = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.vendorId, vendorId), eq(users.role, 'owner')))
    .limit(1)
  const { vendor } = row
  return {
    id: vendor.id,
    name: vendor.name,
    url: vendor.url,
    email: vendor.email,
    phone: vendor.phone,
    address: vendor.address,
    tin: vendor.tin,
    logoUrl: row.logoKey ? fileUrl(row.logoKey) : null,
    ownerName: owner?.name ?? '',
    status: vendor.status,
    createdAt: vendor.createdAt.toISOString(),
  }
}

/**
 * What a customer and every document may read of the business (BusinessDetails), and the logo's storage key for a
 * PDF that draws it: the public payment page, the credit note, the statement.
 */
export async function businessDetails(db: Db, vendorId: string): Promise<BusinessDetails & { logoKey: string | null }> {
  const [row] = await db
    .select({
      name: vendors.name,
      address: vendors.address,
      phone: vendors.phone,
      email: vendors.email,
      tin: vendors.tin,
      logoKey: shops.logoKey,
    })
    .from(vendors)
    .leftJoin(shops, eq(shops.vendorId, vendors.id))
    .where(eq(vendors.id, vendorId))
  if (!row) throw notFound('Vendor')
  const logoKey = row.logoKey ?? null
  return { ...row, logoKey, logoUrl: logoKey ? fileUrl(logoKey) : null }
}

/** PATCH /vendor/business: both fields as sent (null clears one). */
export async function setBusinessDetails(
  db: Db,
  vendorId: string,
  details: { address: string | null; tin: string | null },
): Promise<VendorProfile> {
  await db.update(vendors).set({ address: details.address, tin: details.tin }).where(eq(vendors.id, vendorId))
  return vendorProfile(db, vendorId)
}
