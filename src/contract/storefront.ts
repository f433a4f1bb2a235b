import * as v from 'valibot'

import { VariantOptions } from './catalogue'
import { kobo, page, pageQuery } from './common'
import { endpoint } from './endpoint'

/*
 * The public storefront (issue 7): what a customer sees at /shop/{url} — the shop's name, logo, description, font
 * and background (Settings → Website, or the shop set-up), and its published products with their pay links.
 */

/** The answer for an unknown URL and for a vendor that is not approved alike, so unapproved shops cannot be probed. */
export const SHOP_NOT_AVAILABLE = 'This shop is not available'

export const StorefrontVariant = v.object({
  id: v.string(),
  /** Option name → value ({} for a product without options). */
  options: VariantOptions,
  /** What a customer pays (after any discount), kobo. */
  price: kobo,
  /** The variant's public pay link page (/pay/{code}, same origin), null until the vendor generates one. */
  payLink: v.nullable(v.string()),
})
export type StorefrontVariant = v.InferOutput<typeof StorefrontVariant>

export const StorefrontProduct = v.object({
  id: v.string(),
  name: v.string(),
  description: v.nullable(v.string()),
  /** First image, a public /api/files URL; null without images. */
  imageUrl: v.nullable(v.string()),
  /**
   * Lowest and highest price a customer pays, after discounts, over the variants on sale (over every live variant
   * when none is on sale, so a sold-out product still shows a price).
   */
  minPrice: kobo,
  maxPrice: kobo,
  /** Variants on sale (switched on, units left), with their pay links. Empty: the product is not available. */
  variants: v.array(StorefrontVariant),
})
export type StorefrontProduct = v.InferOutput<typeof StorefrontProduct>

export const Storefront = v.object({
  name: v.string(),
  url: v.string(),
  description: v.string(),
  logoUrl: v.nullable(v.string()),
  currency: v.string(),
  font: v.object({ id: v.string(), family: v.string() }),
  background: v.object({ id: v.string(), value: v.string() }),
  products: page(StorefrontProduct),
})
export type Storefront = v.InferOutput<typeof Storefront>

export const storefrontEndpoints = {
  storefront: endpoint({
    method: 'GET',
    path: '/storefront',
    summary:
      "Public: a shop's page by its URL — name, logo, description, font, background and its published products " +
      '(newest first, paged) with pay links. 404 "This shop is not available" for an unknown URL or a vendor not approved.',
    access: 'public',
    query: v.object({
      url: v.pipe(
        v.string('is required'),
        v.trim(),
        v.toLowerCase(),
        v.nonEmpty('is required'),
        v.maxLength(100, 'is too long'),
        v.regex(/^[a-z0-9-]+$/, 'is not a shop URL'),
      ),
      ...pageQuery,
    }),
    response: Storefront,
    errors: ['SHOP_NOT_FOUND'],
  }),
}
