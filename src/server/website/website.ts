import { eq } from 'drizzle-orm'

import type { WebsiteSettings } from '#contract/website'

import type { Auth } from '../auth/sessions'
import { commitThen } from '../catalogue/commit'
import { storeImages } from '../catalogue/uploads'
import { fileUrl } from '../catalogue/views'
import type { Db } from '../db/client'
import { shops } from '../db/onboarding-schema'
import { vendors } from '../db/schema'
import type { AppDeps } from '../deps'
import { saveShopLook } from '../onboarding/shop'

/*
 * Settings → Website: the shop's look (the shops row, shared with onboarding's set-up through saveShopLook) and
 * its URL, read-only here. Vendors created approved (the demo, the seed) have no shops row until their first save.
 */

/** What a shop that was never set up looks like: the first font and background of the supported lists. */
export const DEFAULT_LOOK = { description: '', font: 'inter', background: 'plain' } as const

/** Where the public storefront lives (the storefront's route is /shop/{url}). */
export const storefrontUrl = (origin: string, url: string | null) => (url ? `${origin}/shop/${url}` : null)

/** GET /vendor/website: one query for the vendor's URL and look. */
export async function getWebsite(db: Db, vendorId: string, origin: string): Promise<WebsiteSettings> {
  const [row] = await db
    .select({ url: vendors.url, description: shops.description, logoKey: shops.logoKey, font: shops.font, background: shops.background })
    .from(vendors)
    .leftJoin(shops, eq(shops.vendorId, vendors.id))
    .where(eq(vendors.id, vendorId))
  const url = row?.url ?? null
  return {
    url,
    description: row?.description ?? DEFAULT_LOOK.description,
    logoUrl: row?.logoKey ? fileUrl(row.logoKey) : null,
    font: row?.font ?? DEFAULT_LOOK.font,
    background: row?.background ?? DEFAULT_LOOK.background,
    storefrontUrl: storefrontUrl(origin, url),
  }
}

export interface WebsiteUpdate {
  logo?: File[]
  removeLogo?: boolean
  description: string
  font: string
  background: string
}

/** PATCH /vendor/website: a new logo wins over removeLogo; neither keeps the current logo. */
export async function updateWebsite(
  deps: Pick<AppDeps, 'db' | 'clock' | 'storage' | 'notifier' | 'logger'>,
  auth: Auth,
  input: WebsiteUpdate,
  origin: string,
): Promise<{ data: WebsiteSettings; message: string }> {
  // Sniffed and stored before the transaction (a lying file is a 422 naming logo.0), deleted again if it fails.
  const [logo] = await storeImages(deps.storage, input.logo, 'logo')
  const logoKey = logo ? logo.key : input.removeLogo ? null : undefined
  await commitThen(deps, logo ? [logo.key] : [], async (tx, after) => {
    // Two saves at once take turns, so the logo one replaces is always the one deleted.
    await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, auth.vendorId)).for('update')
    await saveShopLook(tx, after, auth.vendorId, { ...input, logoKey }, deps.clock.now())
  })
  return { data: await getWebsite(deps.db, auth.vendorId, origin), message: 'Your website has been saved' }
}
