// Fixtures for the app tests. Every one is parsed with the contract's own schema, so a fixture that drifts
// from the API's shape fails here instead of passing a test the real server would not.
import * as v from 'valibot'
import { User } from '../../src/contract/auth'
import { catalogueEndpoints, Collection, PayLinkView, Product, ProductSummary, ProductVariant } from '../../src/contract/catalogue'
import { Bank, ResolvedAccount, SettlementAccount } from '../../src/contract/banking'
import { PERMISSIONS, type Permission } from '../../src/contract/permissions'
import { PinStatus } from '../../src/contract/pin'
import { Coupon, DeliveryLocation, sellingTermsEndpoints, Tax } from '../../src/contract/selling-terms'
import { Transaction } from '../../src/contract/transactions'
import { WalletBalance, WalletDetails } from '../../src/contract/vendor'
import { endpoints } from '../../src/contract'

type TransactionOut = v.InferOutput<typeof Transaction>

export function user(permissions: readonly Permission[] = PERMISSIONS) {
  return v.parse(User, {
    id: 'user-1',
    name: 'Adaeze Okafor',
    email: 'demo@vendor.test',
    phone: '08031234567',
    role: 'owner',
    permissions: [...permissions],
    vendor: { id: 'vendor-1', name: 'Mama Put Kitchen', url: null, status: 'approved' },
  })
}

export function transaction(overrides: Partial<TransactionOut> = {}): TransactionOut {
  return v.parse(Transaction, {
    id: 'txn-1',
    status: 'success',
    type: 'credit',
    amount: 4_500_000,
    fee: 0,
    currency: 'NGN',
    reference: 'VBO-REF-0001',
    sessionId: '000015261122094200000000000001',
    narration: 'Wedding jollof',
    originatorAccountName: 'Chukwuemeka Obi',
    originatorBankName: 'Guaranty Trust Bank',
    originatorAccountNumber: '0123456789',
    beneficiaryAccountName: 'Mama Put Kitchen',
    beneficiaryBankName: 'Providus Bank',
    beneficiaryAccountNumber: '9900112233',
    customerId: null,
    customerName: null,
    outletId: null,
    failureReason: null,
    hasMatchingOrder: false,
    hasShareableOrder: false,
    orderReference: null,
    isOffline: true,
    isPOSTransaction: false,
    createdAt: '2026-11-22T09:42:00.000Z',
    updatedAt: '2026-11-22T09:42:00.000Z',
    ...overrides,
  })
}

export function transactionPage(items: TransactionOut[], page = 1, size = 100, total = items.length) {
  return v.parse(endpoints.listTransactions.response, { items, page, size, total })
}

export const BANKS = v.parse(v.array(Bank), [
  { code: '044', name: 'Access Bank' },
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '057', name: 'Zenith Bank' },
  { code: '50211', name: 'Kuda Microfinance Bank' },
])

export function resolved(overrides: Partial<v.InferOutput<typeof ResolvedAccount>> = {}) {
  return v.parse(ResolvedAccount, {
    accountName: 'ADA OBI',
    accountNumber: '0690000032',
    bankCode: '044',
    bankName: 'Access Bank',
    requestId: 'req-1',
    expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    ...overrides,
  })
}

export const SETTLEMENT = v.parse(SettlementAccount, {
  accountNumber: '0690000032',
  accountName: 'MAMA PUT KITCHEN LTD',
  bankCode: '044',
  bankName: 'Access Bank',
})

export const BALANCE = v.parse(WalletBalance, { balance: 125_000_000, currency: 'NGN' })
export const WALLET_DETAILS = v.parse(WalletDetails, { bankName: 'Providus Bank', accountNumber: '9900112233', accountName: 'Mama Put Kitchen' })

export function charges(fee: number, tier: 'BELOW5000' | 'BELOW50000' | 'ABOVE50000' | null) {
  return v.parse(endpoints.transferCharges.response, {
    tiers: [
      { name: 'BELOW5000', amount: 1_075 },
      { name: 'BELOW50000', amount: 2_688 },
      { name: 'ABOVE50000', amount: 5_375 },
    ],
    tier,
    fee,
  })
}

export function pinStatus(overrides: Partial<v.InferOutput<typeof PinStatus>> = {}) {
  return v.parse(PinStatus, { hasPin: true, locked: false, attemptsRemaining: 5, ...overrides })
}

// Catalogue (collections, products, variants, pay links).
type VariantOut = v.InferOutput<typeof ProductVariant>
type ProductOut = v.InferOutput<typeof Product>
type SummaryOut = v.InferOutput<typeof ProductSummary>
type CollectionOut = v.InferOutput<typeof Collection>

export function collection(overrides: Partial<CollectionOut> = {}): CollectionOut {
  return v.parse(Collection, {
    id: 'col-1',
    name: 'Drinks',
    description: 'Zobo, chapman and fresh juice',
    isVisible: true,
    productCount: 3,
    createdAt: '2026-11-22T09:42:00.000Z',
    ...overrides,
  })
}

export function collectionPage(items: CollectionOut[], page = 1, size = 20, total = items.length) {
  return v.parse(catalogueEndpoints.listCollections.response, { items, page, size, total })
}

export function variant(overrides: Partial<VariantOut> = {}): VariantOut {
  return v.parse(ProductVariant, {
    id: 'var-1',
    productId: 'prod-1',
    productName: 'Jollof rice',
    options: { Size: 'Large' },
    price: 500_000,
    discountType: null,
    discount: null,
    discountedPrice: 500_000,
    availableUnits: 20,
    isAvailable: true,
    threshold: null,
    isLowStock: false,
    paylink: null,
    qrCodeURL: null,
    createdAt: '2026-11-22T09:42:00.000Z',
    updatedAt: '2026-11-22T09:42:00.000Z',
    ...overrides,
  })
}

export function product(overrides: Partial<ProductOut> = {}): ProductOut {
  const variants = overrides.variants ?? [variant(), variant({ id: 'var-2', options: { Size: 'Small' }, price: 300_000, discountedPrice: 300_000 })]
  return v.parse(Product, {
    id: 'prod-1',
    name: 'Jollof rice',
    description: 'Party jollof with plantain',
    isPublished: true,
    categoryId: 'food-and-drinks',
    collection: { id: 'col-1', name: 'Drinks' },
    minPrice: Math.min(...variants.map((x) => x.price)),
    maxPrice: Math.max(...variants.map((x) => x.price)),
    variantCount: variants.length,
    totalUnits: variants.reduce((n, x) => n + x.availableUnits, 0),
    lowStockCount: variants.filter((x) => x.isLowStock).length,
    createdAt: '2026-11-22T09:42:00.000Z',
    updatedAt: '2026-11-22T09:42:00.000Z',
    images: [{ id: 'img-1', url: '/api/files/img-1' }],
    options: [{ name: 'Size', values: ['Large', 'Small'] }],
    ...overrides,
    variants,
  })
}

export function productSummary(overrides: Partial<SummaryOut> = {}): SummaryOut {
  const { images, options, variants, ...fields } = product()
  void options
  void variants
  return v.parse(ProductSummary, { ...fields, image: images[0] ?? null, ...overrides })
}

export function productPage(items: SummaryOut[], page = 1, size = 20, total = items.length) {
  return v.parse(catalogueEndpoints.listProducts.response, { items, page, size, total })
}

export function payLinkView(overrides: Partial<v.InferOutput<typeof PayLinkView>> = {}) {
  return v.parse(PayLinkView, {
    code: 'AbC123xyz',
    vendorName: 'Mama Put Kitchen',
    productName: 'Jollof rice',
    productDescription: 'Party jollof with plantain',
    images: [{ id: 'img-1', url: '/api/files/img-1' }],
    options: { Size: 'Large', id: 'hidden-internal-id' },
    currency: 'NGN',
    price: 500_000,
    discountType: 'PERCENTAGE',
    discount: 10,
    discountedPrice: 450_000,
    inStock: true,
    payTo: { bankName: 'Providus Bank', accountNumber: '9900112233', accountName: 'Mama Put Kitchen' },
    ...overrides,
  })
}

// Selling terms (coupons, taxes, delivery locations).
type CouponOut = v.InferOutput<typeof Coupon>

export function coupon(overrides: Partial<CouponOut> = {}): CouponOut {
  return v.parse(Coupon, {
    id: 'coupon-1',
    name: 'December sale',
    description: 'Ten percent off every order in December.',
    couponCode: 'DEC10',
    valueType: 'PERCENTAGE',
    value: 10,
    maxUsage: 100,
    currentUsage: 3,
    startDate: '2026-12-01',
    endDate: '2026-12-31',
    isActive: false,
    state: 'scheduled',
    createdAt: '2026-11-22T09:42:00.000Z',
    ...overrides,
  })
}

export function couponPage(items: CouponOut[], page = 1, size = 20, total = items.length) {
  return v.parse(sellingTermsEndpoints.listCoupons.response, { items, page, size, total })
}

export function tax(overrides: Partial<v.InferOutput<typeof Tax>> = {}) {
  return v.parse(Tax, { id: 'tax-1', name: 'VAT', percentage: 7.5, createdAt: '2026-11-22T09:42:00.000Z', ...overrides })
}

export function taxPage(items: v.InferOutput<typeof Tax>[]) {
  return v.parse(sellingTermsEndpoints.listTaxes.response, { items, page: 1, size: 1000, total: items.length })
}

export function deliveryLocation(overrides: Partial<v.InferOutput<typeof DeliveryLocation>> = {}) {
  return v.parse(DeliveryLocation, {
    id: 'location-1',
    name: 'Lekki Phase 1',
    description: 'Within the estate gates',
    fee: 150_000,
    isActive: true,
    createdAt: '2026-11-22T09:42:00.000Z',
    ...overrides,
  })
}

export function deliveryLocationPage(items: v.InferOutput<typeof DeliveryLocation>[]) {
  return v.parse(sellingTermsEndpoints.listDeliveryLocations.response, { items, page: 1, size: 1000, total: items.length })
}

// Customers and disputes (issue 5). Imports sit with their section so helpers can append without conflicts.
import { Customer, CustomerAnalytics, CustomerBreakdown, CustomerInfo, customerEndpoints } from '../../src/contract/customers'
import { Dispute, DisputeCategory, DisputeInfo, DisputeMessage, disputeEndpoints } from '../../src/contract/disputes'
import { OrderSummary } from '../../src/contract/orders'

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

export function customerPage(items: CustomerOut[], page = 1, size = 20, total = items.length) {
  return v.parse(customerEndpoints.listCustomers.response, { items, page, size, total })
}

/** A row of a customer's recent orders (OrderSummary); named apart from the orders helper's fixtures. */
export function customerOrder(overrides: Partial<v.InferOutput<typeof OrderSummary>> = {}) {
  return v.parse(OrderSummary, {
    id: 'ord-1',
    reference: 'ORD-7K2M9',
    kind: 'order',
    status: 'paid',
    customer: { id: 'cus-1', name: 'Chukwuemeka Obi' },
    itemCount: 2,
    currency: 'NGN',
    amount: 650_000,
    amountPaid: 650_000,
    isShareable: false,
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
    recentOrders: [customerOrder(), customerOrder({ id: 'ord-2', reference: 'ORD-3QX8P', status: 'refunded', amount: 100_000, amountPaid: 100_000 })],
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

export function customerBreakdown(points: { label: string; newCustomers: number; activeCustomers: number }[] = [
  { label: '2026-11-20', newCustomers: 2, activeCustomers: 5 },
  { label: '2026-11-21', newCustomers: 0, activeCustomers: 3 },
  { label: '2026-11-22', newCustomers: 4, activeCustomers: 9 },
]) {
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

// Orders and invoices (issue 5). Imports sit with their section so helpers can append without conflicts.
import { Order, OrderAnalytics, orderEndpoints, PublicOrder } from '../../src/contract/orders'

type OrderSummaryOut = v.InferOutput<typeof OrderSummary>
type OrderOut = v.InferOutput<typeof Order>

export function orderSummary(overrides: Partial<OrderSummaryOut> = {}): OrderSummaryOut {
  return v.parse(OrderSummary, {
    id: 'order-1',
    reference: 'ORD-A1B2C3',
    kind: 'order',
    status: 'paid',
    customer: { id: 'cus-1', name: 'Chukwuemeka Obi' },
    itemCount: 2,
    currency: 'NGN',
    amount: 1_075_000,
    amountPaid: 1_075_000,
    isShareable: false,
    createdAt: '2026-11-22T09:42:00.000Z',
    updatedAt: '2026-11-22T09:45:00.000Z',
    ...overrides,
  })
}

export function orderPage(items: OrderSummaryOut[], page = 1, size = 20, total = items.length) {
  return v.parse(orderEndpoints.listOrders.response, { items, page, size, total })
}

/** A paid order: 2 × Jollof rice (Large) at ₦5,000 less coupon DEC10 (10 %), VAT 7.5 %, delivery ₦1,500. */
export function order(overrides: Partial<OrderOut> = {}): OrderOut {
  return v.parse(Order, {
    ...orderSummary(),
    customer: { id: 'cus-1', name: 'Chukwuemeka Obi', email: 'emeka@example.com', phone: '08031112222', isAnonymous: false },
    items: [
      { id: 'item-1', variantId: 'var-1', productId: 'prod-1', name: 'Jollof rice', options: { Size: 'Large' }, unitPrice: 500_000, quantity: 2, amount: 1_000_000 },
    ],
    subtotal: 1_000_000,
    couponCode: 'DEC10',
    discount: 100_000,
    taxes: [{ name: 'VAT', percentage: 7.5, amount: 67_500 }],
    taxTotal: 67_500,
    deliveryLocation: { id: 'location-1', name: 'Lekki Phase 1' },
    deliveryFee: 150_000,
    amount: 1_117_500,
    amountPaid: 1_117_500,
    amountRefunded: 0,
    refundableAmount: 1_117_500,
    narration: null,
    publicUrl: null,
    transactionReference: null,
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
      { id: 'ev-1', kind: 'created', message: 'Order created', amount: null, actorName: 'Adaeze Okafor', createdAt: '2026-11-22T09:42:00.000Z' },
      { id: 'ev-2', kind: 'payment', message: 'Payment received', amount: 1_117_500, actorName: null, createdAt: '2026-11-22T09:44:00.000Z' },
    ],
    allowedStatuses: ['fulfilled'],
    canRefund: true,
    ...overrides,
  })
}

export function publicOrder(overrides: Partial<v.InferOutput<typeof PublicOrder>> = {}) {
  return v.parse(PublicOrder, {
    reference: 'ORD-A1B2C3',
    kind: 'order',
    status: 'pending',
    vendorName: 'Mama Put Kitchen',
    customerName: 'Chukwuemeka Obi',
    currency: 'NGN',
    items: [{ name: 'Jollof rice', options: { Size: 'Large', id: 'hidden-internal-id' }, quantity: 2, amount: 1_000_000 }],
    subtotal: 1_000_000,
    discount: 0,
    taxTotal: 75_000,
    deliveryFee: 0,
    amount: 1_075_000,
    amountPaid: 0,
    amountDue: 1_075_000,
    payTo: { bankName: 'Providus Bank', accountNumber: '9900112233', accountName: 'Mama Put Kitchen' },
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
    pendingCount: 2,
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
