// Fixtures for the app tests. Every one is parsed with the contract's own schema, so a fixture that drifts
// from the API's shape fails here instead of passing a test the real server would not.
import * as v from 'valibot'

import { User } from '#contract/auth'
import { Bank, ResolvedAccount, SettlementAccount } from '#contract/banking'
import { SavedBeneficiary } from '#contract/beneficiaries'
import { catalogueEndpoints, Collection, PayLinkView, Product, ProductSummary, ProductVariant } from '#contract/catalogue'
import { endpoints } from '#contract/index'
import type { PayoutBatch } from '#contract/payout-batches'
import { SendLimits } from '#contract/payout-safety'
import { type Permission, PERMISSIONS } from '#contract/permissions'
import { PinStatus } from '#contract/pin'
import { Coupon, DeliveryLocation, sellingTermsEndpoints, Tax } from '#contract/selling-terms'
import { Transaction } from '#contract/transactions'
import { VendorProfile, WalletBalance, WalletDetails } from '#contract/vendor'

type TransactionOut = v.InferOutput<typeof Transaction>

export function user(permissions: readonly Permission[] = PERMISSIONS, role: 'owner' | 'member' = 'owner') {
  return v.parse(User, {
    id: 'user-1',
    name: 'Adaeze Okafor',
    email: 'demo@vendor.test',
    phone: '08031234567',
    role,
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
    internalTransfer: null,
    failureReason: null,
    hasMatchingOrder: false,
    hasShareableOrder: false,
    orderReference: null,
    unattachedOrderReference: null,
    isOffline: true,
    isPOSTransaction: false,
    createdAt: '2026-11-22T09:42:00.000Z',
    updatedAt: '2026-11-22T09:42:00.000Z',
    ...overrides,
  })
}

/**
 * A page of GET /transaction. Its nextCursor is the next page's number as text (the fakes that serve many pages
 * read it back), null on the last; `totalCapped` as the server says it past 10,000 filtered matches.
 */
export function transactionPage(items: TransactionOut[], page = 1, size = 100, total = items.length, totalCapped = false) {
  const nextCursor = page * size < total || (totalCapped && items.length === size) ? String(page + 1) : null
  return v.parse(endpoints.listTransactions.response, { items, page, size, total, totalCapped, nextCursor })
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

/** A saved account (decision 145): Send Money lists it under Saved, a bulk payout's row may pay it. */
export const SAVED_BENEFICIARY = v.parse(SavedBeneficiary, {
  id: 'ben-1',
  bankCode: '044',
  bankName: 'Access Bank',
  accountNumber: '0690000032',
  accountName: 'ADA OBI',
  label: 'Rice supplier',
  createdAt: '2026-12-01T09:00:00.000Z',
})

/** A bulk payout's row (decision 192): one payment to the saved account. */
export const batchRow = (status: PayoutBatch['rows'][number]['status']): PayoutBatch['rows'][number] => ({
  id: 'row-1',
  position: 1,
  accountNumber: SAVED_BENEFICIARY.accountNumber,
  bankCode: SAVED_BENEFICIARY.bankCode,
  bankName: SAVED_BENEFICIARY.bankName,
  accountName: SAVED_BENEFICIARY.accountName,
  amount: 5_000_00,
  fee: 10_75,
  narration: null,
  status,
  reason: null,
  transactionId: null,
})

/** A bulk payout under review of that one row, unless told otherwise. */
export const payoutBatch = (overrides: Partial<PayoutBatch> = {}): PayoutBatch => ({
  id: 'batch-1',
  status: 'review',
  total: 5_000_00,
  totalFee: 10_75,
  rowCount: 1,
  refusedCount: 0,
  reviewExpiresAt: new Date(Date.now() + 600_000).toISOString(),
  confirmedAt: null,
  sendAt: null,
  cancelledAt: null,
  createdAt: new Date().toISOString(),
  rows: [batchRow('ready')],
  ...overrides,
})

/** Send Money's limits (decision 144): the defaults, ₦250,000 sent today. */
export const SEND_LIMITS = v.parse(SendLimits, {
  perTransfer: 500_000_000,
  daily: 2_000_000_000,
  sentToday: 25_000_000,
  leftToday: 1_975_000_000,
  pendingRaise: null,
})

export const BALANCE = v.parse(WalletBalance, { balance: 125_000_000, currency: 'NGN' })
export const WALLET_DETAILS = v.parse(WalletDetails, {
  bankName: 'Providus Bank',
  accountNumber: '9900112233',
  accountName: 'Mama Put Kitchen',
})

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
export type VariantOut = v.InferOutput<typeof ProductVariant>
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
    locations: [
      { outletId: null, name: 'Main store', units: overrides.availableUnits ?? 20, threshold: null, isLowStock: false, isActive: true },
    ],
    paylink: null,
    paylinkOutletId: null,
    qrCodeURL: null,
    sku: null,
    barcode: null,
    createdAt: '2026-11-22T09:42:00.000Z',
    updatedAt: '2026-11-22T09:42:00.000Z',
    ...overrides,
  })
}

export function product(overrides: Partial<ProductOut> = {}): ProductOut {
  const variants = overrides.variants ?? [
    variant(),
    variant({ id: 'var-2', options: { Size: 'Small' }, price: 300_000, discountedPrice: 300_000 }),
  ]
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
    variantId: 'v-large',
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
    maxQuantity: 5,
    payTo: { bankName: 'Providus Bank', accountNumber: '9900112233', accountName: 'Mama Put Kitchen' },
    shopUrl: null,
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

/** The business profile (GET /vendor): what Settings shows and invoices and receipts print (decision 191). */
export function vendorProfile(overrides: Partial<v.InferOutput<typeof VendorProfile>> = {}) {
  return v.parse(VendorProfile, {
    id: 'vendor-1',
    name: 'Mama Put Kitchen',
    url: 'mama-put',
    email: 'demo@vendor.test',
    phone: '08031234567',
    address: null,
    tin: null,
    logoUrl: null,
    ownerName: 'Adaeze Okafor',
    status: 'approved',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  })
}
