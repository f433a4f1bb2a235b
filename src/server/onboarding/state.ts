import { and, eq, ne, sql } from 'drizzle-orm'

import type { Onboarding, OnboardingStep } from '#contract/onboarding'

import { maskedPhone, nationalNumber } from '../auth/phone'
import type { Auth } from '../auth/sessions'
import type { Db } from '../db/client'
import { shops, vendorKyc } from '../db/onboarding-schema'
import { type VendorRow, vendors } from '../db/schema'
import { ApiError } from '../errors'

/*
 * Where a vendor is in onboarding (decision 056): never stored, derived from what is done, so an operator's
 * status change or a KYC sent again cannot leave a stale step behind.
 */

interface Done {
  phoneVerified: boolean
  kycSubmitted: boolean
  shopSetUp: boolean
}

export function stepOf(status: VendorRow['status'], done: Done): OnboardingStep {
  if (status === 'approved') return 'done'
  if (status === 'rejected') return 'rejected'
  if (!done.phoneVerified) return 'verify-phone'
  if (!done.kycSubmitted) return 'kyc'
  if (!done.shopSetUp) return 'shop'
  return 'review'
}

/** The vendor's onboarding state, read fresh (a handler's auth.vendor may predate its own changes). */
export async function onboardingState(db: Db, vendorId: string): Promise<Onboarding> {
  const [row] = await db
    .select({ vendor: vendors, kyc: vendorKyc.vendorId, shop: shops.vendorId })
    .from(vendors)
    .leftJoin(vendorKyc, eq(vendorKyc.vendorId, vendors.id))
    .leftJoin(shops, eq(shops.vendorId, vendors.id))
    .where(eq(vendors.id, vendorId))
  if (!row) throw new Error(`No vendor ${vendorId}`)
  const { vendor } = row
  const done = {
    phoneVerified: vendor.phoneVerifiedAt !== null,
    kycSubmitted: row.kyc !== null,
    shopSetUp: row.shop !== null && vendor.url !== null,
  }
  const national = nationalNumber(vendor.phone)
  return {
    step: stepOf(vendor.status, done),
    ...done,
    phone: national ? maskedPhone(national) : null,
    shopUrl: vendor.url,
  }
}

/** Onboarding is the owner's to do: a member (there should be none before approval) is refused. */
export function requireOwner(auth: Auth): void {
  if (auth.role !== 'owner') {
    throw new ApiError(403, 'OWNER_ONLY', 'Only the business owner can do this')
  }
}

/** Approved vendors are past onboarding: what they sent can no longer be changed here. */
export function ensureNotApproved(vendor: Pick<VendorRow, 'status'>, what: string): void {
  if (vendor.status === 'approved') {
    throw new ApiError(409, 'ALREADY_APPROVED', `Your account is already approved; the ${what} can no longer be changed here`)
  }
}

/**
 * The 10 national digits of a Nigerian mobile number (070, 080, 081, 090, 091… after the 0), or null. Mobile
 * prefixes all start 7, 8 or 9 then 0 or 1; a landline or a short number cannot take the SMS code.
 */
export function nigerianMobile(phone: string): string | null {
  const national = nationalNumber(phone)
  return national && /^[789][01]\d{8}$/.test(national) ? national : null
}

export const badPhone = () =>
  new ApiError(422, 'VALIDATION_FAILED', 'phone: must be a Nigerian mobile number, like 08031234567', {
    issues: [{ path: 'phone', message: 'must be a Nigerian mobile number, like 08031234567' }],
  })

export const phoneTaken = () =>
  new ApiError(409, 'PHONE_TAKEN', 'This phone number is already used by another account', {
    issues: [{ path: 'phone', message: 'is already used by another account' }],
  })

/** How phones are stored: 08031234567, whatever the owner typed. */
export const storedPhone = (national: string) => `0${national}`

/**
 * Whether another vendor's owner already uses this number. Compares the last 10 digits, so numbers stored as
 * typed before this existed (+234…, 234…, 0…) still match.
 */
export async function phoneInUse(db: Db, national: string, exceptVendorId?: string): Promise<boolean> {
  const sameNumber = sql`right(regexp_replace(coalesce(${vendors.phone}, ''), '\\D', '', 'g'), 10) = ${national}`
  const [row] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(exceptVendorId ? and(sameNumber, ne(vendors.id, exceptVendorId)) : sameNumber)
    .limit(1)
  return row !== undefined
}
