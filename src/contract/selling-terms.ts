import * as v from 'valibot'

import { amountKobo, id, kobo, localDate, optionalText, page, pageQuery, percent, queryBool, text } from './common'
import { endpoint } from './endpoint'

/*
 * The terms an order is priced with besides the catalogue (SPEC §3, §5, §7): coupons, taxes and delivery
 * locations.
 */

export const COUPON_VALUE_TYPES = ['PERCENTAGE', 'FLAT'] as const
/**
 * Derived from the dates (Africa/Lagos days), usage and whether the vendor turned it off ('deactivated');
 * only 'active' coupons apply to orders.
 */
export const COUPON_STATES = ['scheduled', 'active', 'expired', 'used_up', 'deactivated'] as const

export const Coupon = v.object({
  id: v.string(),
  name: v.string(),
  description: v.string(),
  /** As the vendor typed it; codes match ignoring case. */
  couponCode: v.string(),
  valueType: v.picklist(COUPON_VALUE_TYPES),
  /** A percentage (12.5 = 12.5 %) for PERCENTAGE; kobo for FLAT. */
  value: v.number(),
  maxUsage: v.number(),
  currentUsage: v.number(),
  /** yyyy-MM-dd, inclusive, Africa/Lagos. */
  startDate: v.string(),
  endDate: v.string(),
  isActive: v.boolean(),
  state: v.picklist(COUPON_STATES),
  createdAt: v.string(),
})
export type Coupon = v.InferOutput<typeof Coupon>

export const Tax = v.object({
  id: v.string(),
  name: v.string(),
  /** 7.5 = 7.5 %. */
  percentage: v.number(),
  createdAt: v.string(),
})
export type Tax = v.InferOutput<typeof Tax>

export const DeliveryLocation = v.object({
  id: v.string(),
  name: v.string(),
  description: v.nullable(v.string()),
  fee: kobo,
  isActive: v.boolean(),
  createdAt: v.string(),
})
export type DeliveryLocation = v.InferOutput<typeof DeliveryLocation>

/*
 * Limits the app's forms hold to as well (decision 163): written once, here, where the schemas use them.
 */
export const MAX_COUPON_NAME = 60
export const MAX_COUPON_DESCRIPTION = 500
export const MAX_COUPON_CODE = 20
/** Letters, digits, - and _, 3 to 20 characters: what a customer can type at a checkout without confusion. */
export const COUPON_CODE_PATTERN = new RegExp(`^[A-Za-z0-9_-]{3,${MAX_COUPON_CODE}}$`)
export const MAX_COUPON_USAGE = 1_000_000_000
export const MAX_TAX_NAME = 60
export const MAX_DELIVERY_LOCATION_NAME = 60
export const MAX_DELIVERY_LOCATION_DESCRIPTION = 300
/** ₦100,000,000. */
export const MAX_DELIVERY_FEE_KOBO = 10_000_000_000

export const couponCode = v.pipe(
  v.string('is required'),
  v.trim(),
  v.nonEmpty('is required'),
  v.regex(COUPON_CODE_PATTERN, 'must be 3 to 20 letters, digits, - or _'),
)

const fee = v.pipe(
  v.number('must be a number of kobo'),
  v.safeInteger('must be a whole number of kobo'),
  v.minValue(0, 'must not be negative'),
  v.maxValue(MAX_DELIVERY_FEE_KOBO, 'must be at most ₦100,000,000'),
)

const maxUsage = v.pipe(
  v.number('must be a whole number'),
  v.safeInteger('must be a whole number'),
  v.minValue(1, 'must be at least 1'),
  v.maxValue(MAX_COUPON_USAGE, 'must be at most 1,000,000,000'),
)

export const sellingTermsEndpoints = {
  listCoupons: endpoint({
    method: 'GET',
    path: '/coupon',
    summary: 'Coupons, newest first, with their usage and whether they apply today.',
    permission: 'VENDOR_INVENTORY',
    query: v.object(pageQuery),
    response: page(Coupon),
  }),
  couponDetail: endpoint({
    method: 'GET',
    path: '/coupon/single',
    summary: 'One coupon (the Coupon Details panel opened from a link).',
    permission: 'VENDOR_INVENTORY',
    query: v.object({ id }),
    response: Coupon,
    errors: ['NOT_FOUND'],
  }),
  createCoupon: endpoint({
    method: 'POST',
    path: '/coupon',
    status: 201,
    summary:
      'Create a coupon. Codes are unique per vendor ignoring case (409). startDate not before today (Lagos), ' +
      'endDate not before startDate; a PERCENTAGE value is at most 100.',
    permission: 'VENDOR_INVENTORY',
    body: v.pipe(
      v.object({
        name: text(MAX_COUPON_NAME),
        description: text(MAX_COUPON_DESCRIPTION),
        couponCode,
        valueType: v.picklist(COUPON_VALUE_TYPES, 'must be PERCENTAGE or FLAT'),
        value: v.pipe(v.number('must be a number'), v.finite('must be a number')),
        maxUsage,
        startDate: localDate,
        endDate: localDate,
      }),
      v.forward(
        v.check(
          (b) => b.valueType !== 'PERCENTAGE' || v.is(percent(0.01, 'x'), b.value),
          'must be a percentage above 0 and at most 100, with at most 2 decimal places',
        ),
        ['value'],
      ),
      v.forward(
        v.check((b) => b.valueType !== 'FLAT' || v.is(amountKobo, b.value), 'must be a whole number of kobo above zero'),
        ['value'],
      ),
      v.forward(
        v.check((b) => b.endDate >= b.startDate, 'must not be before the start date'),
        ['endDate'],
      ),
    ),
    response: Coupon,
    errors: ['COUPON_CODE_TAKEN'],
  }),
  updateCoupon: endpoint({
    method: 'PATCH',
    path: '/coupon',
    summary:
      'Change a coupon (only the fields sent): name, description, maxUsage (not below its current usage), endDate ' +
      '(not before its start date) and enabled (false deactivates it: it applies nowhere until enabled again). ' +
      'Orders that already used it keep their discount.',
    permission: 'VENDOR_INVENTORY',
    body: v.object({
      id,
      name: v.optional(text(MAX_COUPON_NAME)),
      description: v.optional(text(MAX_COUPON_DESCRIPTION)),
      maxUsage: v.optional(maxUsage),
      endDate: v.optional(localDate),
      enabled: v.optional(v.boolean('must be true or false')),
    }),
    response: Coupon,
    errors: ['NOT_FOUND', 'COUPON_CODE_TAKEN'],
  }),
  listTaxes: endpoint({
    method: 'GET',
    path: '/vendor/shop/tax',
    // Readable without VENDOR_SETTINGS, like the payout settings: staff see what orders are priced with.
    summary: 'Taxes charged on orders, oldest first.',
    query: v.object(pageQuery),
    response: page(Tax),
  }),
  createTax: endpoint({
    method: 'POST',
    path: '/vendor/shop/tax',
    status: 201,
    summary: 'Add a tax: a name (unique per vendor ignoring case, 409) and a percentage 0–100 with up to 2 decimals.',
    permission: 'VENDOR_SETTINGS',
    body: v.object({ name: text(MAX_TAX_NAME), percentage: percent(0, 'must not be negative') }),
    response: Tax,
    errors: ['TAX_NAME_TAKEN'],
  }),
  updateTax: endpoint({
    method: 'PATCH',
    path: '/vendor/shop/tax',
    summary:
      'Change a tax’s name or percentage (only the fields sent). Orders already taken keep the tax they were ' +
      'charged: they hold its name, rate and amount. A name stays unique per vendor ignoring case (409).',
    permission: 'VENDOR_SETTINGS',
    body: v.object({ id, name: v.optional(text(MAX_TAX_NAME)), percentage: v.optional(percent(0, 'must not be negative')) }),
    response: Tax,
    errors: ['NOT_FOUND', 'TAX_NAME_TAKEN'],
  }),
  deleteTax: endpoint({
    method: 'DELETE',
    path: '/vendor/shop/tax',
    summary: 'Remove a tax: new orders can no longer be charged it; orders already taken keep it.',
    permission: 'VENDOR_SETTINGS',
    query: v.object({ id }),
    response: v.null(),
    errors: ['NOT_FOUND'],
  }),
  listDeliveryLocations: endpoint({
    method: 'GET',
    path: '/delivery/location',
    // Readable without VENDOR_SETTINGS, like the taxes.
    summary: 'Delivery locations, oldest first; isActive=true gives the ones offered to customers.',
    query: v.object({ ...pageQuery, isActive: v.optional(queryBool) }),
    response: page(DeliveryLocation),
  }),
  createDeliveryLocation: endpoint({
    method: 'POST',
    path: '/delivery/location',
    status: 201,
    summary: 'Add a delivery location (active) with its fee in kobo (0 for free delivery).',
    permission: 'VENDOR_SETTINGS',
    body: v.object({
      name: text(MAX_DELIVERY_LOCATION_NAME),
      description: optionalText(MAX_DELIVERY_LOCATION_DESCRIPTION),
      fee,
    }),
    response: DeliveryLocation,
  }),
  updateDeliveryLocation: endpoint({
    method: 'PATCH',
    path: '/delivery/location',
    summary: 'Change a delivery location. Only the fields sent change; isActive is the active toggle.',
    permission: 'VENDOR_SETTINGS',
    body: v.object({
      id,
      name: v.optional(text(MAX_DELIVERY_LOCATION_NAME)),
      description: optionalText(MAX_DELIVERY_LOCATION_DESCRIPTION),
      fee: v.optional(fee),
      isActive: v.optional(v.boolean('must be true or false')),
    }),
    response: DeliveryLocation,
    errors: ['NOT_FOUND'],
  }),
}
