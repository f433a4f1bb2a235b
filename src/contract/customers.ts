import * as v from 'valibot'

import { cappedPage, id, kobo, MAX_EMAIL_LENGTH, pageQuery, queryBool } from './common'
import { endpoint } from './endpoint'
import { OrderSummary } from './orders'
import { dateRange } from './transactions'

/*
 * Customers (SPEC §3, §7 "Customers and analytics"). A customer is made by an order (named, or anonymous when the
 * order names nobody) or by a bank transfer (named after the paying account).
 */

export const Customer = v.object({
  id: v.string(),
  name: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  /** Orders that named nobody share no identity: each is its own anonymous customer. */
  isAnonymous: v.boolean(),
  orderCount: v.number(),
  /** Money received from this customer for orders, less refunds, kobo. */
  totalSpent: kobo,
  lastOrderAt: v.nullable(v.string()),
  createdAt: v.string(),
})
export type Customer = v.InferOutput<typeof Customer>

export const CustomerInfo = v.object({
  customer: Customer,
  totals: v.object({
    orderCount: v.number(),
    /** Orders with money received (paid, partially paid, overpaid, fulfilled, refunded…). */
    paidOrderCount: v.number(),
    totalPaid: kobo,
    totalRefunded: kobo,
    /** totalPaid ÷ paidOrderCount, half up to the kobo; 0 without paid orders. */
    averageOrderValue: kobo,
    firstOrderAt: v.nullable(v.string()),
    lastOrderAt: v.nullable(v.string()),
  }),
  /** The 10 newest. */
  recentOrders: v.array(OrderSummary),
})
export type CustomerInfo = v.InferOutput<typeof CustomerInfo>

export const CustomerAnalytics = v.object({
  startDate: v.string(),
  endDate: v.string(),
  /** All customers the vendor has, whenever they came. */
  totalCustomers: v.number(),
  /** Customers first seen in the range. */
  newCustomers: v.number(),
  /** Customers seen before the range who ordered again in it. */
  returningCustomers: v.number(),
  /** Customers with an order in the range. */
  activeCustomers: v.number(),
  anonymousCustomers: v.number(),
})
export type CustomerAnalytics = v.InferOutput<typeof CustomerAnalytics>

export const CustomerBreakdown = v.object({
  bucket: v.picklist(['hour', 'day']),
  points: v.array(v.object({ label: v.string(), start: v.string(), newCustomers: v.number(), activeCustomers: v.number() })),
})
export type CustomerBreakdown = v.InferOutput<typeof CustomerBreakdown>

export const customerEndpoints = {
  listCustomers: endpoint({
    method: 'GET',
    path: '/vendor/customers',
    summary:
      'Customers, newest first, by part of the name, exact email, and anonymous or not. A filtered total stops at 10,000 (`totalCapped`).',
    permission: 'VENDOR_CUSTOMERS',
    query: v.object({
      ...pageQuery,
      name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'is too long'))),
      email: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(MAX_EMAIL_LENGTH, 'is too long'))),
      isAnonymous: v.optional(queryBool),
    }),
    response: cappedPage(Customer),
  }),
  customerInfo: endpoint({
    method: 'GET',
    path: '/vendor/customer/info',
    summary: 'One customer with their order totals and newest orders.',
    permission: 'VENDOR_CUSTOMERS',
    query: v.object({ customerId: id }),
    response: CustomerInfo,
    errors: ['NOT_FOUND'],
  }),
  customerAnalytics: endpoint({
    method: 'GET',
    path: '/analytics/customer',
    summary: 'New, returning, active and anonymous customers over a date range.',
    permission: 'VENDOR_CUSTOMERS',
    query: v.object(dateRange),
    response: CustomerAnalytics,
  }),
  customerBreakdown: endpoint({
    method: 'GET',
    path: '/analytics/customer/breakdown',
    summary: 'New and active customers per hour (one day) or per Lagos day, every bucket present, for the chart.',
    permission: 'VENDOR_CUSTOMERS',
    query: v.object(dateRange),
    response: CustomerBreakdown,
  }),
}
