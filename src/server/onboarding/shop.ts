import { and, eq, isNotNull, ne, sql } from 'drizzle-orm'

import { type Onboarding, RESERVED_SHOP_URLS, SHOP_URL_PATTERN } from '#contract/onboarding'

import type { Auth } from '../auth/sessions'
import { type AfterCommit, commitThen } from '../catalogue/commit'
import { storeImages } from '../catalogue/uploads'
import type { Db, Tx } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { shops, vendorKyc } from '../db/onboarding-schema'
import { vendors } from '../db/schema'
import type { AppDeps } from '../deps'
import { ApiError } from '../errors'
import { underReviewMessage } from '../messages/texts'
import { onboardingState, requireOwner } from './state'

/*
 * The shop's URL (vendors.url, unique) and look (the shops row), and the set-up that sends a vendor for review
 * once the phone is verified and the KYC sent (decision 056).
 */

export const URL_REASONS = {
  format: 'Use 3–30 lowercase letters, digits or single hyphens',
  reserved: 'This URL is reserved',
  taken: 'This URL is taken',
} as const

const RESERVED = new Set<string>(RESERVED_SHOP_URLS)

async function takenByAnother(db: Db, url: string, vendorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.url, url), ne(vendors.id, vendorId)))
  return row !== undefined
}

/** Why a URL cannot be had, or null: the caller's own current URL counts as available. */
export async function urlProblem(db: Db, url: string, vendorId: string): Promise<keyof typeof URL_REASONS | null> {
  if (!SHOP_URL_PATTERN.test(url)) return 'format'
  if (RESERVED.has(url)) return 'reserved'
  if (await takenByAnother(db, url, vendorId)) return 'taken'
  return null
}

/** GET /vendor/shop/url-check. */
export async function checkShopUrl(db: Db, auth: Auth, raw: string) {
  const url = raw.trim().toLowerCase()
  const problem = await urlProblem(db, url, auth.vendorId)
  return { url, available: problem === null, reason: problem ? URL_REASONS[problem] : null }
}

const urlRefused = (problem: keyof typeof URL_REASONS) =>
  new ApiError(problem === 'taken' ? 409 : 422, problem === 'taken' ? 'URL_TAKEN' : 'VALIDATION_FAILED', `url: ${URL_REASONS[problem]}`, {
    issues: [{ path: 'url', message: URL_REASONS[problem] }],
  })

/**
 * Sets vendors.url inside the caller's transaction. The check gives the friendly answer; the unique constraint
 * decides a race, and its violation is turned into the same 409 by the caller (claimingUrl).
 */
async function claimUrl(tx: Db, vendorId: string, url: string): Promise<void> {
  const problem = await urlProblem(tx, url, vendorId)
  if (problem) throw urlRefused(problem)
  await tx.update(vendors).set({ url }).where(eq(vendors.id, vendorId))
}

async function claimingUrl<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error)) throw urlRefused('taken')
    throw error
  }
}

/** PATCH /vendor/shop/url. */
export async function setShopUrl(db: Db, auth: Auth, url: string) {
  requireOwner(auth)
  await claimingUrl(() => db.transaction((tx) => claimUrl(tx, auth.vendorId, url)))
  return { data: { url }, message: 'Your shop URL has been saved' }
}

export interface ShopLook {
  description: string
  font: string
  background: string
  /** A new key replaces the logo, null removes it, undefined keeps it. */
  logoKey?: string | null
}

/**
 * Creates or updates the shops row inside the caller's transaction (set-up and Settings → Website share it); a
 * logo let go is deleted once the transaction commits.
 */
export async function saveShopLook(tx: Tx, after: AfterCommit, vendorId: string, input: ShopLook, now: Date): Promise<void> {
  const [previous] = await tx.select({ logoKey: shops.logoKey }).from(shops).where(eq(shops.vendorId, vendorId))
  const look = {
    description: input.description,
    font: input.font,
    background: input.background,
    updatedAt: now,
    ...(input.logoKey !== undefined ? { logoKey: input.logoKey } : {}),
  }
  await tx
    .insert(shops)
    .values({ vendorId, ...look })
    .onConflictDoUpdate({ target: shops.vendorId, set: look })
  if (input.logoKey !== undefined && previous?.logoKey && previous.logoKey !== input.logoKey) after.filesToDelete.push(previous.logoKey)
}

export interface ShopSetup {
  url: string
  logo?: File[]
  description: string
  font: string
  background: string
}

/** PATCH /vendor/shop/setup: URL and look in one transaction, and the move to under_review when all is done. */
export async function setUpShop(
  deps: Pick<AppDeps, 'db' | 'clock' | 'storage' | 'notifier' | 'logger'>,
  auth: Auth,
  input: ShopSetup,
): Promise<{ data: Onboarding; message: string }> {
  requireOwner(auth)
  const { db, clock } = deps
  // Refused before the logo is stored, in the common case; claimUrl checks again inside the transaction.
  const problem = await urlProblem(db, input.url, auth.vendorId)
  if (problem) throw urlRefused(problem)
  const [logo] = await storeImages(deps.storage, input.logo, 'logo')
  const uploaded = logo ? [logo.key] : []

  const sentForReview = await claimingUrl(() =>
    commitThen(deps, uploaded, async (tx, after) => {
      const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, auth.vendorId)).for('update')
      await claimUrl(tx, auth.vendorId, input.url)
      // No new logo keeps the one there is.
      await saveShopLook(tx, after, auth.vendorId, { ...input, logoKey: logo?.key }, clock.now())
      if (vendor!.status !== 'pending_verification') return false
      // Conditional: only a vendor with a verified phone and a KYC row moves, and only once.
      const moved = await tx
        .update(vendors)
        .set({ status: 'under_review' })
        .where(
          and(
            eq(vendors.id, auth.vendorId),
            eq(vendors.status, 'pending_verification'),
            isNotNull(vendors.phoneVerifiedAt),
            sql`exists (select 1 from ${vendorKyc} where ${vendorKyc.vendorId} = ${vendors.id})`,
          ),
        )
        .returning({ id: vendors.id })
      return moved.length === 1
    }),
  )

  if (sentForReview) await sendUnderReviewEmail(deps, auth.user.email, auth.vendor.name)
  const onboarding = await onboardingState(db, auth.vendorId)
  return {
    data: onboarding,
    message: sentForReview ? 'Your store is under review' : 'Your shop has been saved',
  }
}

async function sendUnderReviewEmail(deps: Pick<AppDeps, 'notifier' | 'logger'>, to: string, business: string): Promise<void> {
  try {
    await deps.notifier.send({ channel: 'email', to, ...underReviewMessage(business) })
  } catch (error) {
    // The review goes on whether or not this email arrives; the log is where a failure surfaces.
    deps.logger.error('[onboarding] could not send the under-review email:', error)
  }
}
