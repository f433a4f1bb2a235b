import * as v from 'valibot'

import { MAX_CHECKOUT_NAME, MAX_CHECKOUT_QUANTITY, PayLinkCheckout, VariantOptions } from './catalogue'
import { email, id, kobo, page, pageQuery, phone, text } from './common'
import { endpoint } from './endpoint'
import { couponCode } from './selling-terms'

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
  /**
   * Variants on sale (switched on, units left at the main store, which the storefront and its cart sell from:
   * units held only at outlets do not count), with their pay links. Empty: the product is not available.
   */
  variants: v.array(StorefrontVariant),
})
export type StorefrontProduct = v.InferOutput<typeof StorefrontProduct>

/** An active delivery location a customer may choose at checkout; its fee is added to the order, untaxed. */
export const StorefrontDeliveryLocation = v.object({
  id: v.string(),
  name: v.string(),
  description: v.nullable(v.string()),
  fee: kobo,
})
export type StorefrontDeliveryLocation = v.InferOutput<typeof StorefrontDeliveryLocation>

/** A tax the shop charges on every cart (decision 176), as the order form shows one. */
export const StorefrontTax = v.object({ name: v.string(), percentage: v.number() })
export type StorefrontTax = v.InferOutput<typeof StorefrontTax>

export const Storefront = v.object({
  name: v.string(),
  url: v.string(),
  description: v.string(),
  logoUrl: v.nullable(v.string()),
  currency: v.string(),
  font: v.object({ id: v.string(), family: v.string() }),
  background: v.object({ id: v.string(), value: v.string() }),
  products: page(StorefrontProduct),
  /** What checkout offers and charges (decision 176): the same on every page of products. */
  deliveryLocations: v.array(StorefrontDeliveryLocation),
  taxes: v.array(StorefrontTax),
})
export type Storefront = v.InferOutput<typeof Storefront>

/** Lines in one cart: different variants (a variant's units are its quantity, at most MAX_CHECKOUT_QUANTITY). */
export const MAX_CART_LINES = 50

const shopUrl = v.pipe(
  v.string('is required'),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty('is required'),
  v.maxLength(100, 'is too long'),
  v.regex(/^[a-z0-9-]+$/, 'is not a shop URL'),
)

export const CartLine = v.object({
  variantId: id,
  quantity: v.pipe(
    v.number('must be a number'),
    v.integer('must be a whole number'),
    v.minValue(1, 'must be at least 1'),
    v.maxValue(MAX_CHECKOUT_QUANTITY, `must be at most ${MAX_CHECKOUT_QUANTITY}`),
  ),
})
export type CartLine = v.InferOutput<typeof CartLine>

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
  cartCheckout: endpoint({
    method: 'POST',
    path: '/storefront/checkout',
    status: 201,
    summary:
      "Public: check out a storefront cart. Makes one pending shareable order for the lines (variants of the shop's published products, on sale), " +
      "the delivery location chosen, the coupon and the shop's taxes, priced as a vendor's order; answers the order's payment page. " +
      'The same checkoutId answers the same order again. Rate-limited per IP and per shop (decision 176).',
    access: 'public',
    body: v.object({
      url: shopUrl,
      /** The cart's own id for this checkout: a retry after a lost answer gets the same order, not a second one. */
      checkoutId: v.pipe(v.string('is required'), v.uuid('must be a UUID')),
      items: v.pipe(
        v.array(CartLine, 'must be a list'),
        v.minLength(1, 'must have at least one item'),
        v.maxLength(MAX_CART_LINES, `must have at most ${MAX_CART_LINES} items`),
      ),
      deliveryLocationId: v.optional(id),
      couponCode: v.optional(couponCode),
      name: text(MAX_CHECKOUT_NAME),
      phone: v.pipe(phone, v.minLength(11, 'must be 11 digits, like 08031234567')),
      email: v.optional(v.nullable(email)),
    }),
    response: PayLinkCheckout,
    errors: ['SHOP_NOT_FOUND', 'PAY_LINK_NOT_PAYABLE', 'RATE_LIMITED'],
  }),
}
