import * as v from 'valibot'

import { amountKobo, email, id, kobo, optionalText, page, pageQuery, percent, phone, queryBool, queryInt, text } from './common'
import { endpoint } from './endpoint'
import { imageFile, MAX_IMAGE_BYTES } from './images'
import { MAX_PRICE_KOBO } from './pricing'
import { couponCode } from './selling-terms'
import { StockLocation } from './stock-locations'

/*
 * The catalogue (SPEC §3 "Collection", "Product variant"; §7 "Collections and products"): collections, products
 * with images and options, the variants generated from those options, pay links and stock alerts.
 */

export const DISCOUNT_TYPES = ['FLAT', 'PERCENTAGE'] as const

/** SPEC names a categoryId filter but no category list; these are fixed, so a storefront can group by them. */
export const PRODUCT_CATEGORIES = [
  { id: 'food-and-drinks', name: 'Food and drinks' },
  { id: 'groceries', name: 'Groceries' },
  { id: 'fashion', name: 'Fashion' },
  { id: 'beauty', name: 'Beauty and personal care' },
  { id: 'electronics', name: 'Electronics' },
  { id: 'home', name: 'Home and kitchen' },
  { id: 'health', name: 'Health' },
  { id: 'services', name: 'Services' },
  { id: 'other', name: 'Other' },
] as const
export const CATEGORY_IDS = PRODUCT_CATEGORIES.map((c) => c.id) as [string, ...string[]]

export const MAX_PRODUCT_IMAGES = 5
/** Five images at the limit plus the form fields. */
export const MAX_PRODUCT_BODY_BYTES = MAX_PRODUCT_IMAGES * MAX_IMAGE_BYTES + 256 * 1024
export const MAX_OPTIONS = 3
export const MAX_OPTION_VALUES = 20
export const MAX_VARIANTS = 100
/** Limits the app's forms hold to as well (decision 163). */
export const MAX_PRODUCT_NAME = 120
export const MAX_PRODUCT_DESCRIPTION = 2000
export const MAX_COLLECTION_NAME = 60
export const MAX_COLLECTION_DESCRIPTION = 500
/** An option's name ('Size') and each of its values ('Large'). */
export const MAX_OPTION_TEXT = 40
/** Units in stock, and a stock alert's threshold. */
export const MAX_UNITS = 1_000_000_000
/** The name a customer gives at a pay link's checkout. */
export const MAX_CHECKOUT_NAME = 100
/** A variant's SKU and barcode (decision 175). */
export const MAX_SKU = 64
export const MAX_BARCODE = 48

const images = v.optional(v.pipe(v.array(imageFile), v.maxLength(MAX_PRODUCT_IMAGES, `must be at most ${MAX_PRODUCT_IMAGES} images`)))

export const price = v.pipe(amountKobo, v.maxValue(MAX_PRICE_KOBO, 'must be at most ₦1,000,000,000'))
export const units = v.pipe(
  v.number('must be a whole number'),
  v.safeInteger('must be a whole number'),
  v.minValue(0, 'must not be negative'),
  v.maxValue(MAX_UNITS, 'must be at most 1,000,000,000'),
)

/** A SKU: any text; blank becomes null (no SKU). Unique per vendor ignoring case, which the server checks. */
export const sku = optionalText(MAX_SKU)

/**
 * A barcode: what a label draws (CODE128, or EAN-13 for 13 digits) and a scan reads, so printable ASCII without
 * spaces; blank becomes null. Unique per vendor, which the server checks.
 */
export const barcode = v.optional(
  v.pipe(
    v.nullable(v.string('must be text')),
    v.transform((s) => (s == null ? null : s.trim() || null)),
    v.check((s) => s == null || s.length <= MAX_BARCODE, `must be at most ${MAX_BARCODE} characters`),
    v.check((s) => s == null || /^[\x21-\x7E]+$/.test(s), 'must be letters, digits or symbols, without spaces'),
  ),
)

/** What one unit costs the vendor, kobo (zero allowed: a free sample still has a margin); null clears it. */
export const costPrice = v.optional(v.nullable(v.pipe(kobo, v.maxValue(MAX_PRICE_KOBO, 'must be at most ₦1,000,000,000'))))

/** What a code is compared as: SKUs ignore case (the unique index is on lower(sku)), barcodes are exact. */
export const skuKey = (code: string) => code.trim().toLowerCase()

/** One option of a product, e.g. { name: 'Size', values: ['S', 'M', 'L'] }. "id" is reserved (SPEC: never shown). */
export const ProductOption = v.object({
  name: v.pipe(
    text(MAX_OPTION_TEXT),
    v.check((n) => n.toLowerCase() !== 'id', 'must not be "id"'),
  ),
  values: v.pipe(
    v.array(text(MAX_OPTION_TEXT)),
    v.minLength(1, 'must have at least one value'),
    v.maxLength(MAX_OPTION_VALUES, `must have at most ${MAX_OPTION_VALUES} values`),
    v.check((vs) => new Set(vs.map((x) => x.toLowerCase())).size === vs.length, 'must not repeat a value'),
  ),
})
export type ProductOption = v.InferOutput<typeof ProductOption>

/** A variant's options: option name → chosen value, one entry per product option ({} for a product without options). */
export const VariantOptions = v.record(v.string(), v.string())

/**
 * One variant in a create/update request. On update, `id` names an existing variant to keep (its price and units
 * are set to these); entries without an id are new; existing variants left out are removed (orders keep them).
 */
export const VariantInput = v.object({
  id: v.optional(id),
  options: VariantOptions,
  price,
  availableUnits: units,
  /** Left out, a kept variant keeps its own; null removes it. */
  sku,
  barcode,
  costPrice,
})

/** The index of the first variant repeating an earlier one's code, or -1. */
function repeatedCode(variants: { sku?: string | null; barcode?: string | null }[], field: 'sku' | 'barcode'): number {
  const seen = new Set<string>()
  return variants.findIndex((variant) => {
    const code = variant[field]
    if (code == null) return false
    const key = field === 'sku' ? skuKey(code) : code
    return seen.has(key) || !seen.add(key)
  })
}

const variantsInput = v.pipe(
  v.array(VariantInput),
  v.minLength(1, 'must have at least one variant'),
  v.maxLength(MAX_VARIANTS, `must have at most ${MAX_VARIANTS} variants`),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    for (const field of ['sku', 'barcode'] as const) {
      const at = repeatedCode(dataset.value, field)
      if (at < 0) continue
      addIssue({
        message: `is already used by another variant of this product`,
        path: [
          { type: 'array', origin: 'value', input: dataset.value, key: at, value: dataset.value[at] },
          { type: 'object', origin: 'value', input: dataset.value[at]!, key: field, value: dataset.value[at]![field] },
        ],
      })
    }
  }),
)

export const ProductImage = v.object({ id: v.string(), url: v.string() })

export const Collection = v.object({
  id: v.string(),
  name: v.string(),
  description: v.nullable(v.string()),
  isVisible: v.boolean(),
  /** Live (not deleted) products in the collection. */
  productCount: v.number(),
  createdAt: v.string(),
})
export type Collection = v.InferOutput<typeof Collection>

export const ProductVariant = v.object({
  id: v.string(),
  productId: v.string(),
  productName: v.string(),
  options: VariantOptions,
  price: kobo,
  discountType: v.nullable(v.picklist(DISCOUNT_TYPES)),
  /** Kobo for FLAT; a percentage (7.5 = 7.5 %) for PERCENTAGE; null without a discount. */
  discount: v.nullable(v.number()),
  /** What a customer pays: price less the discount (see contract/pricing.ts). */
  discountedPrice: kobo,
  availableUnits: v.number(),
  isAvailable: v.boolean(),
  /** Stock level alert: notify when availableUnits falls to or below this; null when no alert is set. */
  threshold: v.nullable(v.number()),
  /** availableUnits ≤ threshold. */
  isLowStock: v.boolean(),
  /** Units per location the caller may see (decision 174); availableUnits is the total over every location. */
  locations: v.array(StockLocation),
  /** Absolute public URL of the pay link (…/pay/{code}); null until generated. */
  paylink: v.nullable(v.string()),
  /** The outlet whose stock the pay link sells from; null: the main store. */
  paylinkOutletId: v.nullable(v.string()),
  /** PNG of a QR code that opens the pay link. */
  qrCodeURL: v.nullable(v.string()),
  sku: v.nullable(v.string()),
  barcode: v.nullable(v.string()),
  /** Kobo; null when not set. Left out of every answer to a caller without VENDOR_INVENTORY (decision 175). */
  costPrice: v.optional(v.nullable(kobo)),
  createdAt: v.string(),
  updatedAt: v.string(),
})
export type ProductVariant = v.InferOutput<typeof ProductVariant>

const productFields = {
  id: v.string(),
  name: v.string(),
  description: v.nullable(v.string()),
  isPublished: v.boolean(),
  categoryId: v.nullable(v.string()),
  collection: v.nullable(v.object({ id: v.string(), name: v.string() })),
  /** Lowest and highest variant price before discounts, kobo. */
  minPrice: kobo,
  maxPrice: kobo,
  variantCount: v.number(),
  totalUnits: v.number(),
  /** Variants at or below their stock alert threshold (the list's low-stock marker). */
  lowStockCount: v.number(),
  createdAt: v.string(),
  updatedAt: v.string(),
}

export const ProductSummary = v.object({ ...productFields, image: v.nullable(ProductImage) })
export type ProductSummary = v.InferOutput<typeof ProductSummary>

export const Product = v.object({
  ...productFields,
  images: v.array(ProductImage),
  options: v.array(v.object({ name: v.string(), values: v.array(v.string()) })),
  variants: v.array(ProductVariant),
})
export type Product = v.InferOutput<typeof Product>

/** What a customer sees on a pay link: no vendor-private data beyond the account they pay into. */
export const PayLinkView = v.object({
  code: v.string(),
  /** The variant sold, as the storefront names it, for a cart line. */
  variantId: v.string(),
  vendorName: v.string(),
  productName: v.string(),
  productDescription: v.nullable(v.string()),
  images: v.array(ProductImage),
  options: VariantOptions,
  currency: v.string(),
  price: kobo,
  discountType: v.nullable(v.picklist(DISCOUNT_TYPES)),
  discount: v.nullable(v.number()),
  discountedPrice: kobo,
  /** Available and with units left. */
  inStock: v.boolean(),
  /** The most a customer may buy in one checkout: the units left (0 when out of stock), capped. */
  maxQuantity: v.number(),
  /** The vendor's bank-transfer account, for paying by transfer. */
  payTo: v.nullable(v.object({ bankName: v.string(), accountNumber: v.string(), accountName: v.string() })),
  /**
   * The shop whose storefront sells this product (published, not in a hidden collection), for Add to cart; else
   * null. Null too for a link tied to an outlet: it sells the outlet's units, the cart the main store's.
   */
  shopUrl: v.nullable(v.string()),
})
export type PayLinkView = v.InferOutput<typeof PayLinkView>

/** What a customer quotes and pays after a pay-link checkout; its page is /checkout/$checkoutCode. */
export const PayLinkCheckout = v.object({
  /** The public code of the order's payment page, which shows the account, the reference and the status. */
  checkoutCode: v.string(),
  /** ORD-…: to be written in the transfer's narration. */
  reference: v.string(),
  /** Exactly what to transfer, kobo. */
  amount: kobo,
})
export type PayLinkCheckout = v.InferOutput<typeof PayLinkCheckout>

/** One checkout never sells more than this, whatever the stock (a bulk buyer talks to the vendor). */
export const MAX_CHECKOUT_QUANTITY = 100

const payLinkCode = v.pipe(v.string('is required'), v.regex(/^[A-Za-z0-9]{6,32}$/, 'is not a pay link code'))

const collectionName = text(MAX_COLLECTION_NAME)
const productName = text(MAX_PRODUCT_NAME)
const priceFilter = v.optional(queryInt(0))

export const catalogueEndpoints = {
  listCollections: endpoint({
    method: 'GET',
    path: '/product/collections',
    summary: 'Collections, newest first. A huge size fetches all (capped).',
    permission: 'VENDOR_INVENTORY',
    query: v.object({
      ...pageQuery,
      isVisible: v.optional(queryBool),
      name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, 'is too long'))),
    }),
    response: page(Collection),
  }),
  createCollection: endpoint({
    method: 'POST',
    path: '/product/collections',
    status: 201,
    summary: 'Add a collection (visible). Names are unique per vendor, ignoring case (409).',
    permission: 'VENDOR_INVENTORY',
    body: v.object({ name: collectionName, description: optionalText(MAX_COLLECTION_DESCRIPTION) }),
    response: Collection,
    errors: ['COLLECTION_NAME_TAKEN'],
  }),
  updateCollection: endpoint({
    method: 'PATCH',
    path: '/product/collections',
    summary: "Change a collection's name and description.",
    permission: 'VENDOR_INVENTORY',
    body: v.object({ id, name: collectionName, description: optionalText(MAX_COLLECTION_DESCRIPTION) }),
    response: Collection,
    errors: ['NOT_FOUND', 'COLLECTION_NAME_TAKEN'],
  }),
  setCollectionVisibility: endpoint({
    method: 'PUT',
    path: '/product/collections',
    summary: 'Show or hide a collection on the storefront: a hidden collection’s products are not listed there.',
    permission: 'VENDOR_INVENTORY',
    body: v.object({ id, isVisible: v.boolean('must be true or false') }),
    response: Collection,
    errors: ['NOT_FOUND'],
  }),
  deleteCollection: endpoint({
    method: 'DELETE',
    path: '/product/collections',
    summary: 'Remove a collection. Its products stay in the catalogue without a collection.',
    permission: 'VENDOR_INVENTORY',
    query: v.object({ id }),
    response: v.null(),
    errors: ['NOT_FOUND'],
  }),
  listVariants: endpoint({
    method: 'GET',
    path: '/product/vendor/variants',
    summary: 'Variants of live products, searched by product name or option value.',
    permission: 'VENDOR_INVENTORY',
    query: v.object({
      ...pageQuery,
      name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'is too long'))),
      productId: v.optional(id),
    }),
    response: page(ProductVariant),
    errors: ['NOT_FOUND'],
  }),
  createProduct: endpoint({
    method: 'POST',
    path: '/product',
    status: 201,
    summary: 'Add a product with its options, variants and up to 5 images (multipart/form-data).',
    permission: 'VENDOR_INVENTORY',
    bodyType: 'multipart',
    maxBodyBytes: MAX_PRODUCT_BODY_BYTES,
    body: v.object({
      name: productName,
      description: optionalText(MAX_PRODUCT_DESCRIPTION),
      collectionId: v.optional(v.nullable(id)),
      categoryId: v.optional(v.nullable(v.picklist(CATEGORY_IDS, 'must be one of the product categories'))),
      isPublished: v.optional(v.boolean('must be true or false'), false),
      options: v.optional(v.pipe(v.array(ProductOption), v.maxLength(MAX_OPTIONS, `must have at most ${MAX_OPTIONS} options`)), []),
      variants: variantsInput,
      images,
    }),
    response: Product,
    errors: ['NOT_FOUND', 'VARIANT_CODE_TAKEN'],
  }),
  updateProduct: endpoint({
    method: 'PATCH',
    path: '/product',
    summary:
      'Change a product (multipart/form-data). Only the fields sent change. keepImageIds lists the images to keep ' +
      '(others are removed); new images are added after them.',
    permission: 'VENDOR_INVENTORY',
    bodyType: 'multipart',
    maxBodyBytes: MAX_PRODUCT_BODY_BYTES,
    body: v.object({
      id,
      name: v.optional(productName),
      description: optionalText(MAX_PRODUCT_DESCRIPTION),
      collectionId: v.optional(v.nullable(id)),
      categoryId: v.optional(v.nullable(v.picklist(CATEGORY_IDS, 'must be one of the product categories'))),
      isPublished: v.optional(v.boolean('must be true or false')),
      options: v.optional(v.pipe(v.array(ProductOption), v.maxLength(MAX_OPTIONS, `must have at most ${MAX_OPTIONS} options`))),
      variants: v.optional(variantsInput),
      keepImageIds: v.optional(v.array(id)),
      images,
    }),
    response: Product,
    errors: ['NOT_FOUND', 'VARIANT_CODE_TAKEN'],
  }),
  listProducts: endpoint({
    method: 'GET',
    path: '/product',
    summary: 'Live products, newest first, filtered by name, publication, collection, category and price (kobo).',
    permission: 'VENDOR_INVENTORY',
    query: v.pipe(
      v.object({
        ...pageQuery,
        name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'is too long'))),
        isPublished: v.optional(queryBool),
        collectionId: v.optional(id),
        categoryId: v.optional(v.picklist(CATEGORY_IDS, 'must be one of the product categories')),
        /** A product matches when any variant's price (before discount) is within the range. */
        priceRangeLow: priceFilter,
        priceRangeHigh: priceFilter,
        lowStock: v.optional(queryBool),
      }),
      v.forward(
        v.check(
          (q) => q.priceRangeLow === undefined || q.priceRangeHigh === undefined || q.priceRangeLow <= q.priceRangeHigh,
          'must not be below priceRangeLow',
        ),
        ['priceRangeHigh'],
      ),
    ),
    response: page(ProductSummary),
    errors: ['NOT_FOUND'],
  }),
  productDetail: endpoint({
    method: 'GET',
    path: '/product/vendor',
    summary: 'One product with its images, options and variants.',
    permission: 'VENDOR_INVENTORY',
    query: v.object({ id }),
    response: Product,
    errors: ['NOT_FOUND'],
  }),
  deleteProduct: endpoint({
    method: 'DELETE',
    path: '/product',
    summary: 'Remove a product. Orders that hold it keep it; its pay links stop working.',
    permission: 'VENDOR_INVENTORY',
    query: v.object({ id }),
    response: v.null(),
    errors: ['NOT_FOUND'],
  }),
  updateVariant: endpoint({
    method: 'PATCH',
    path: '/product/variants',
    summary:
      'Change a variant. Only the fields sent change (a toggle must not overwrite units sold meanwhile). A ' +
      'discount needs both discountType and discount; clearDiscount removes it. With unitsWere, 409 ' +
      'VARIANT_UNITS_CHANGED when the available units are no longer that number.',
    permission: 'VENDOR_INVENTORY',
    body: v.pipe(
      v.object({
        id,
        price: v.optional(price),
        availableUnits: v.optional(units),
        isAvailable: v.optional(v.boolean('must be true or false')),
        discountType: v.optional(v.picklist(DISCOUNT_TYPES, 'must be FLAT or PERCENTAGE')),
        /** Kobo for FLAT (below the price, checked by the server); a percentage for PERCENTAGE. */
        discount: v.optional(v.pipe(v.number('must be a number'), v.finite('must be a number'), v.gtValue(0, 'must be more than zero'))),
        clearDiscount: v.optional(v.boolean('must be true or false')),
        /** Null removes it. Unique per vendor: 409 VARIANT_CODE_TAKEN. */
        sku,
        barcode,
        costPrice,
        /**
         * The available units the person saw when they set availableUnits. A change made offline and sent hours later
         * must not silently overwrite units sold meanwhile: 409 VARIANT_UNITS_CHANGED when they differ now.
         */
        unitsWere: v.optional(units),
      }),
      v.forward(
        v.check((b) => b.discountType === undefined || b.discount !== undefined, 'is required with discountType'),
        ['discount'],
      ),
      v.forward(
        v.check((b) => b.discount === undefined || b.discountType !== undefined, 'is required with discount'),
        ['discountType'],
      ),
      v.forward(
        v.check(
          (b) => b.discountType !== 'PERCENTAGE' || b.discount === undefined || v.is(percent(0.01, 'must be more than zero'), b.discount),
          'must be a percentage above 0 and at most 100, with at most 2 decimal places',
        ),
        ['discount'],
      ),
      v.forward(
        v.check(
          (b) => b.discountType !== 'FLAT' || b.discount === undefined || v.is(amountKobo, b.discount),
          'must be a whole number of kobo above zero',
        ),
        ['discount'],
      ),
      v.forward(
        v.check((b) => !(b.clearDiscount && b.discountType !== undefined), 'cannot be combined with a new discount'),
        ['clearDiscount'],
      ),
    ),
    response: ProductVariant,
    errors: ['NOT_FOUND', 'VARIANT_UNITS_CHANGED', 'NOT_ENOUGH_STOCK', 'VARIANT_CODE_TAKEN'],
  }),
  generatePayLink: endpoint({
    method: 'POST',
    path: '/product/paylink',
    summary:
      "Create a variant's pay link and QR code, or replace them: the old link stops working at once. With outletId, " +
      "the link's orders are that outlet's and take its stock (decision 174).",
    permission: 'VENDOR_INVENTORY',
    body: v.object({ id, outletId: v.optional(v.nullable(id)) }),
    response: ProductVariant,
    errors: ['NOT_FOUND'],
  }),
  setStockAlert: endpoint({
    method: 'PATCH',
    path: '/product/stock-level-alert',
    summary: 'Notify the vendor once when the variant falls to or below threshold units (again after a restock).',
    permission: 'VENDOR_INVENTORY',
    body: v.object({ productId: id, productVariantId: id, threshold: units }),
    response: ProductVariant,
    errors: ['NOT_FOUND'],
  }),
  payLink: endpoint({
    method: 'GET',
    path: '/paylink',
    summary: 'Public: what a pay link sells and for how much. 404 once regenerated or the product is removed.',
    access: 'public',
    query: v.object({ code: payLinkCode }),
    response: PayLinkView,
    errors: ['PAY_LINK_NOT_FOUND'],
  }),
  payLinkCheckout: endpoint({
    method: 'POST',
    path: '/paylink/checkout',
    status: 201,
    summary:
      'Public: buy from a pay link. Makes a pending order for the quantity (and coupon) with a reference to quote in the transfer narration; a credit quoting it pays the order and takes the stock. The same checkoutId answers the same checkout again. Rate-limited per IP (decision 111).',
    access: 'public',
    body: v.object({
      code: payLinkCode,
      /** The page's own id for this checkout: a retry after a lost answer gets the same order, not a second one. */
      checkoutId: v.pipe(v.string('is required'), v.uuid('must be a UUID')),
      quantity: v.pipe(
        v.number('must be a number'),
        v.integer('must be a whole number'),
        v.minValue(1, 'must be at least 1'),
        v.maxValue(MAX_CHECKOUT_QUANTITY, `must be at most ${MAX_CHECKOUT_QUANTITY}`),
      ),
      couponCode: v.optional(couponCode),
      name: text(MAX_CHECKOUT_NAME),
      phone: v.pipe(phone, v.minLength(11, 'must be 11 digits, like 08031234567')),
      email: v.optional(v.nullable(email)),
    }),
    response: PayLinkCheckout,
    errors: ['PAY_LINK_NOT_FOUND', 'PAY_LINK_SOLD_OUT', 'PAY_LINK_NOT_PAYABLE', 'RATE_LIMITED', 'COUPON_NOT_USABLE'],
  }),
}
