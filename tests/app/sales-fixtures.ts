// Fixtures for the sales screens' tests (orders, invoices, customers, disputes), apart from fixtures.ts so that
// neither file grows past what one reads at a sitting. Like those, every one is parsed with the contract's schema.
import * as v from 'valibot'

import { COUNT_CAP } from '#contract/common'
import { Customer, CustomerAnalytics, CustomerBreakdown, customerEndpoints, CustomerInfo } from '#contract/customers'
import { Dispute, DisputeCategory, disputeEndpoints, DisputeInfo, DisputeMessage } from '#contract/disputes'
import { Order, OrderAnalytics, orderEndpoints, OrderSummary, PublicOrder } from '#contract/orders'

import type { VariantOut } from './fixtures'

type CustomerOut = v.InferOutput<typeof Customer>

export function customer(overrides: Partial<CustomerOut> = {}): CustomerOut {
  return v.parse(Customer, {
    id: 'cus-1',
    name: 'Chukwuemeka Obi',
    email: 'emeka@example.com',
    phone: '08031112222',
    isAnonymous: false,
    orderCount: 4,
    totalSpent: 1_850_000,
    lastOrderAt: '2026-11-21T15:10:00.000Z',
    createdAt: '2026-10-02T08:00:00.000Z',
    ...overrides,
  })
}

/** A list's total as a capped list answers it: past COUNT_CAP, the cap and `totalCapped` (decision 157). */
const capped = (total: number) => (total > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total, totalCapped: false })

export function customerPage(items: CustomerOut[], page = 1, size = 20, total = items.length) {
  return v.parse(customerEndpoints.listCustomers.response, { items, page, size, ...capped(total) })
}

/** A row of a customer's recent orders (OrderSummary); named apart from the orders helper's fixtures. */
export function customerOrder(overrides: Partial<v.InferOutput<typeof OrderSummary>> = {}) {
  return v.parse(OrderSummary, {
    id: 'ord-1',
    reference: 'ORD-7K2M9',
    kind: 'order',
    invoiceNumber: null,
    status: 'paid',
    customer: { id: 'cus-1', name: 'Chukwuemeka Obi' },
    itemCount: 2,
    currency: 'NGN',
    amount: 650_000,
    amountPaid: 650_000,
    amountRefunded: 0,
    isShareable: false,
    dueDate: null,
    createdAt: '2026-11-21T15:10:00.000Z',
    updatedAt: '2026-11-21T15:12:00.000Z',
    ...overrides,
  })
}

export function customerInfo(overrides: Partial<v.InferOutput<typeof CustomerInfo>> = {}) {
  return v.parse(CustomerInfo, {
    customer: customer(),
    totals: {
      orderCount: 4,
      paidOrderCount: 3,
      totalPaid: 1_950_000,
      totalRefunded: 100_000,
      averageOrderValue: 650_000,
      firstOrderAt: '2026-10-02T08:00:00.000Z',
      lastOrderAt: '2026-11-21T15:10:00.000Z',
    },
    recentOrders: [
      customerOrder(),
      customerOrder({ id: 'ord-2', reference: 'ORD-3QX8P', status: 'refunded', amount: 100_000, amountPaid: 100_000 }),
    ],
    ...overrides,
  })
}

export function customerAnalytics(overrides: Partial<v.InferOutput<typeof CustomerAnalytics>> = {}) {
  return v.parse(CustomerAnalytics, {
    startDate: '2026-11-15T23:00:00.000Z',
    endDate: '2026-11-22T22:59:59.999Z',
    totalCustomers: 128,
    newCustomers: 9,
    returningCustomers: 14,
    activeCustomers: 23,
    anonymousCustomers: 5,
    ...overrides,
  })
}

export function customerBreakdown(
  points: { label: string; newCustomers: number; activeCustomers: number }[] = [
    { label: '2026-11-20', newCustomers: 2, activeCustomers: 5 },
    { label: '2026-11-21', newCustomers: 0, activeCustomers: 3 },
    { label: '2026-11-22', newCustomers: 4, activeCustomers: 9 },
  ],
) {
  return v.parse(CustomerBreakdown, {
    bucket: 'day',
    points: points.map((p) => ({ ...p, start: `${p.label}T00:00:00.000+01:00` })),
  })
}

export const DISPUTE_CATEGORIES = v.parse(v.array(DisputeCategory), [
  { id: 'cat-not-received', category: 'Item not received', description: 'The customer paid but says the order never arrived.' },
  { id: 'cat-wrong-item', category: 'Wrong item', description: 'What arrived is not what was ordered.' },
])

export function disputeCategoryPage(items = DISPUTE_CATEGORIES) {
  return v.parse(disputeEndpoints.disputeCategories.response, { items, page: 1, size: 1000, total: items.length })
}

type DisputeOut = v.InferOutput<typeof Dispute>

export function dispute(overrides: Partial<DisputeOut> = {}): DisputeOut {
  return v.parse(Dispute, {
    id: 'dis-1',
    orderReference: 'ORD-7K2M9',
    title: 'Rice arrived cold',
    description: 'The customer says the jollof was cold on arrival and wants a partial refund.',
    category: DISPUTE_CATEGORIES[1],
    status: 'open',
    isEscalated: false,
    escalationReason: null,
    escalatedAt: null,
    messageCount: 2,
    createdAt: '2026-11-21T16:00:00.000Z',
    updatedAt: '2026-11-21T16:30:00.000Z',
    ...overrides,
  })
}

export function disputePage(items: DisputeOut[], page = 1, size = 20, total = items.length) {
  return v.parse(disputeEndpoints.listDisputes.response, { items, page, size, total })
}

export function disputeInfo(overrides: Partial<v.InferOutput<typeof DisputeInfo>> = {}) {
  return v.parse(DisputeInfo, { ...dispute(), order: customerOrder(), ...overrides })
}

export function disputeMessage(overrides: Partial<v.InferOutput<typeof DisputeMessage>> = {}) {
  return v.parse(DisputeMessage, {
    id: 'msg-1',
    author: 'customer',
    authorName: 'Chukwuemeka Obi',
    message: 'The food was cold when it came.',
    createdAt: '2026-11-21T16:05:00.000Z',
    ...overrides,
  })
}

export function disputeMessagePage(items: v.InferOutput<typeof DisputeMessage>[]) {
  return v.parse(disputeEndpoints.disputeConversation.response, { items, page: 1, size: 1000, total: items.length })
}

type OrderSummaryOut = v.InferOutput<typeof OrderSummary>
type OrderOut = v.InferOutput<typeof Order>

export function orderSummary(overrides: Partial<OrderSummaryOut> = {}): OrderSummaryOut {
  return v.parse(OrderSummary, {
    id: 'order-1',
    reference: 'ORD-A1B2C3',
    kind: 'order',
    invoiceNumber: null,
    status: 'paid',
    customer: { id: 'cus-1', name: 'Chukwuemeka Obi' },
    itemCount: 2,
    currency: 'NGN',
    amount: 1_075_000,
    amountPaid: 1_075_000,
    amountRefunded: 0,
    isShareable: false,
    dueDate: null,
    createdAt: '2026-11-22T09:42:00.000Z',
    updatedAt: '2026-11-22T09:45:00.000Z',
    ...overrides,
  })
}

export function orderPage(items: OrderSummaryOut[], page = 1, size = 20, total = items.length) {
  return v.parse(orderEndpoints.listOrders.response, { items, page, size, ...capped(total) })
}

/** A paid order: 2 × Jollof rice (Large) at ₦5,000 less coupon DEC10 (10 %), VAT 7.5 %, delivery ₦1,500. */
export function order(overrides: Partial<OrderOut> = {}): OrderOut {
  return v.parse(Order, {
    ...orderSummary(),
    customer: { id: 'cus-1', name: 'Chukwuemeka Obi', email: 'emeka@example.com', phone: '08031112222', isAnonymous: false },
    items: [
      {
        id: 'item-1',
        variantId: 'var-1',
        productId: 'prod-1',
        name: 'Jollof rice',
        options: { Size: 'Large' },
        unitPrice: 500_000,
        quantity: 2,
        amount: 1_000_000,
      },
    ],
    subtotal: 1_000_000,
    couponCode: 'DEC10',
    discount: 100_000,
    taxes: [{ name: 'VAT', percentage: 7.5, amount: 67_500 }],
    taxTotal: 67_500,
    deliveryLocation: { id: 'location-1', name: 'Lekki Phase 1' },
    deliveryFee: 150_000,
    outlet: null,
    amount: 1_117_500,
    amountPaid: 1_117_500,
    amountRefunded: 0,
    refundableAmount: 1_117_500,
    narration: null,
    publicUrl: null,
    transactionReference: null,
    payAccount: null,
    unattachedPayments: [],
    payments: [
      {
        transactionId: 'txn-9',
        reference: 'VBO-REF-0009',
        amount: 1_117_500,
        payerName: 'Chukwuemeka Obi',
        payerBankName: 'Guaranty Trust Bank',
        payerAccountNumber: '0123456789',
        createdAt: '2026-11-22T09:44:00.000Z',
      },
    ],
    refunds: [],
    timeline: [
      {
        id: 'ev-1',
        kind: 'created',
        message: 'Order created',
        amount: null,
        actorName: 'Adaeze Okafor',
        createdAt: '2026-11-22T09:42:00.000Z',
      },
      {
        id: 'ev-2',
        kind: 'payment',
        message: 'Payment received',
        amount: 1_117_500,
        actorName: null,
        createdAt: '2026-11-22T09:44:00.000Z',
      },
    ],
    allowedStatuses: ['fulfilled'],
    canRefund: true,
    refundAccount: { accountName: 'Chukwuemeka Obi', bankName: 'Guaranty Trust Bank', accountNumber: '0123456789' },
    ...overrides,
  })
}

/** An unpaid shareable invoice due on 15/12/2026, with its public payment page. */
export function unpaidInvoice(overrides: Partial<OrderOut> = {}): OrderOut {
  return order({
    reference: 'INV-7Q2K91XM',
    kind: 'invoice',
    invoiceNumber: 'INV-000007',
    status: 'pending',
    amountPaid: 0,
    refundableAmount: 0,
    payments: [],
    isShareable: true,
    publicUrl: 'https://shop.test/checkout/AbCdEf123',
    dueDate: '2026-12-15',
    ...overrides,
  })
}

export function publicOrder(overrides: Partial<v.InferOutput<typeof PublicOrder>> = {}) {
  return v.parse(PublicOrder, {
    reference: 'ORD-A1B2C3',
    kind: 'order',
    invoiceNumber: null,
    status: 'pending',
    vendorName: 'Mama Put Kitchen',
    business: {
      name: 'Mama Put Kitchen',
      address: '12 Allen Avenue\nIkeja, Lagos',
      phone: '08031234567',
      email: 'orders@mamaput.ng',
      tin: '12345678-0001',
      logoUrl: null,
    },
    customerName: 'Chukwuemeka Obi',
    currency: 'NGN',
    items: [{ name: 'Jollof rice', options: { Size: 'Large', id: 'hidden-internal-id' }, quantity: 2, amount: 1_000_000 }],
    subtotal: 1_000_000,
    discount: 0,
    taxes: [{ name: 'VAT', percentage: 7.5, amount: 75_000 }],
    taxTotal: 75_000,
    deliveryFee: 0,
    amount: 1_075_000,
    amountPaid: 0,
    amountDue: 1_075_000,
    amountOverpaid: 0,
    amountRefunded: 0,
    payTo: { bankName: 'Providus Bank', accountNumber: '9900112233', accountName: 'Mama Put Kitchen' },
    payAccount: null,
    createdAt: '2026-11-22T09:42:00.000Z',
    ...overrides,
  })
}

export function orderAnalytics(overrides: Partial<v.InferOutput<typeof OrderAnalytics>> = {}) {
  return v.parse(OrderAnalytics, {
    startDate: '2026-11-21T23:00:00.000Z',
    endDate: '2026-11-22T22:59:59.999Z',
    orderCount: 12,
    paidCount: 9,
    partiallyPaidCount: 1,
    pendingCount: 1,
    refundedCount: 1,
    totalSales: 12_500_000,
    totalRefunded: 500_000,
    averageOrderValue: 1_388_889,
    ...overrides,
  })
}

export function sellableVariantPage(items: VariantOut[]) {
  return v.parse(orderEndpoints.sellableVariants.response, { items, page: 1, size: 20, total: items.length })
}
