import { eq } from 'drizzle-orm'

import type { Onboarding } from '#contract/onboarding'

import { lagosDate } from '../analytics'
import type { Auth } from '../auth/sessions'
import { commitThen } from '../catalogue/commit'
import { vendorKyc, type VendorKycRow } from '../db/onboarding-schema'
import { vendors } from '../db/schema'
import type { AppDeps } from '../deps'
import { ApiError } from '../errors'
import { validationError } from '../http/register'
import { sniffDocumentType } from '../storage'
import { ensureNotApproved, onboardingState, requireOwner } from './state'

/*
 * The identity check (KYC) an operator reviews before approval. The document is stored privately (a `private-`
 * key the public files route refuses), the row is replaced when sent again (and the old file deleted after
 * commit), and the BVN/NIN never leaves the server.
 */

export interface KycInput {
  documentType: VendorKycRow['documentType']
  document: File[]
  dateOfBirth: string
  address: string
  idType: VendorKycRow['idType']
  idNumber: string
}

export const MIN_AGE_YEARS = 18
export const MAX_AGE_YEARS = 100

/** yyyy-MM-dd `years` before the Lagos day `today` (29 February falls back to the 28th in other years). */
function yearsBefore(today: string, years: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(y - years, m - 1, d))
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0)
  return date.toISOString().slice(0, 10)
}

/** 18 or older, born at most 100 years ago, not in the future (422 naming dateOfBirth otherwise). */
export function checkDateOfBirth(dateOfBirth: string, now: Date): void {
  const today = lagosDate(now)
  const refuse = (message: string) => validationError([{ path: 'dateOfBirth', message }])
  if (dateOfBirth > today) throw refuse('must not be in the future')
  if (dateOfBirth > yearsBefore(today, MIN_AGE_YEARS)) throw refuse(`you must be at least ${MIN_AGE_YEARS} years old`)
  if (dateOfBirth < yearsBefore(today, MAX_AGE_YEARS)) throw refuse(`must be within the last ${MAX_AGE_YEARS} years`)
}

/** PATCH /vendor/kyc. */
export async function submitKyc(
  deps: Pick<AppDeps, 'db' | 'clock' | 'storage' | 'notifier' | 'logger'>,
  auth: Auth,
  input: KycInput,
): Promise<Onboarding> {
  requireOwner(auth)
  const { clock } = deps
  ensureNotApproved(auth.vendor, 'identity check')
  if (!auth.vendor.phoneVerifiedAt) {
    throw new ApiError(409, 'PHONE_NOT_VERIFIED', 'Verify your phone number first')
  }
  checkDateOfBirth(input.dateOfBirth, clock.now())
  const data = new Uint8Array(await input.document[0]!.arrayBuffer())
  // The declared type was checked by the contract; the bytes decide what is stored.
  const contentType = sniffDocumentType(data)
  if (!contentType) throw validationError([{ path: 'document.0', message: 'must be a JPEG, PNG or WebP image, or a PDF' }])
  const documentKey = await deps.storage.put(data, contentType, { private: true })

  await commitThen(deps, [documentKey], async (tx, after) => {
    // Locks the vendor row: an approval landing meanwhile is seen, and two submissions queue up.
    const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, auth.vendorId)).for('update')
    ensureNotApproved(vendor!, 'identity check')
    const [previous] = await tx.select({ documentKey: vendorKyc.documentKey }).from(vendorKyc).where(eq(vendorKyc.vendorId, auth.vendorId))
    const row = {
      documentType: input.documentType,
      documentKey,
      documentContentType: contentType,
      dateOfBirth: input.dateOfBirth,
      address: input.address,
      idType: input.idType,
      idNumber: input.idNumber,
      submittedAt: clock.now(),
    }
    await tx
      .insert(vendorKyc)
      .values({ vendorId: auth.vendorId, ...row })
      .onConflictDoUpdate({ target: vendorKyc.vendorId, set: row })
    if (previous) after.filesToDelete.push(previous.documentKey)
  })
  return onboardingState(deps.db, auth.vendorId)
}
