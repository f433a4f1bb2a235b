/**
 * Every query key of the app, one factory per area (all / lists / list(filters) / details / detail(id)),
 * so a mutation in one area can invalidate another's data without the features importing each other.
 */
import type { catalogueEndpoints } from '#contract/catalogue'
import type { customerEndpoints } from '#contract/customers'
import type { disputeEndpoints } from '#contract/disputes'
import type { EndpointDef, QueryOf } from '#contract/endpoint'
import type { orderEndpoints } from '#contract/orders'
import type { outletEndpoints } from '#contract/outlets'
import type { sellingTermsEndpoints } from '#contract/selling-terms'
import type { teamEndpoints } from '#contract/team'
import type { transactionEndpoints } from '#contract/transactions'

/**
 * A list call's filters as its key holds them: the contract's query for that call, every field optional. Derived,
 * so a filter the server adds or renames changes here too. The output type (numbers, booleans), not the input one:
 * QueryInput also takes the text a URL carries ('2', 'true'), which the app never sends.
 */
export type ListFilters<E extends EndpointDef> = Partial<QueryOf<E>>

/** /transactions grows page by page (useInfiniteQuery): the page is not part of the key. */
export type TransactionListFilters = Omit<ListFilters<typeof transactionEndpoints.listTransactions>, 'page' | 'size'>
export type ProductListFilters = ListFilters<typeof catalogueEndpoints.listProducts>
export type CollectionListFilters = ListFilters<typeof catalogueEndpoints.listCollections>
export type ProductVariantFilters = ListFilters<typeof catalogueEndpoints.listVariants>
export type CouponListFilters = ListFilters<typeof sellingTermsEndpoints.listCoupons>
export type TaxListFilters = ListFilters<typeof sellingTermsEndpoints.listTaxes>
export type DeliveryLocationListFilters = ListFilters<typeof sellingTermsEndpoints.listDeliveryLocations>
export type OrderListFilters = ListFilters<typeof orderEndpoints.listOrders>
export type SellableVariantFilters = ListFilters<typeof orderEndpoints.sellableVariants>
export type CustomerListFilters = ListFilters<typeof customerEndpoints.listCustomers>
export type DisputeListFilters = ListFilters<typeof disputeEndpoints.listDisputes>
export type OutletListFilters = ListFilters<typeof outletEndpoints.listOutlets>
/** An outlet's transactions: the /transactions filters plus the outlet. */
export type OutletTransactionFilters = TransactionListFilters & { outletId: string }
export type OutletMemberFilters = Omit<ListFilters<typeof outletEndpoints.listOutletMembers>, 'outletId'>
export type MemberListFilters = ListFilters<typeof teamEndpoints.listMembers>

/** A statement's Lagos days, 'yyyy-MM-dd' both. */
export interface StatementDays {
  from: string
  to: string
}

/** Analytics and breakdown ranges: both dates always set (the date filter resolves a period to them). */
export interface DateRangeKey {
  startDate: string
  endDate: string
}

export const queryKeys = {
  me: ['me'] as const,
  /** An unapproved owner's onboarding: where they are, the shop look lists, shop URL checks. */
  onboarding: {
    all: ['onboarding'] as const,
    status: () => [...queryKeys.onboarding.all, 'status'] as const,
    fonts: () => [...queryKeys.onboarding.all, 'fonts'] as const,
    backgrounds: () => [...queryKeys.onboarding.all, 'backgrounds'] as const,
    shopUrl: (url: string) => [...queryKeys.onboarding.all, 'shop-url', url] as const,
    /** When the code sent at registration may be sent again (a timestamp); not server data. */
    resendAt: () => [...queryKeys.onboarding.all, 'resend-at'] as const,
    /** True when registration answered that its code could not be sent (issue 37); not server data. */
    codeNotSent: () => [...queryKeys.onboarding.all, 'code-not-sent'] as const,
  },
  vendor: {
    all: ['vendor'] as const,
    profile: () => [...queryKeys.vendor.all, 'profile'] as const,
    /** Settings → Website: the shop's look and URL. */
    website: () => [...queryKeys.vendor.all, 'website'] as const,
    /** Settings → Domains: the default address and connected domains; checks of a typed domain. */
    domains: () => [...queryKeys.vendor.all, 'domains'] as const,
    domainCheck: (domain: string) => [...queryKeys.vendor.all, 'domain-check', domain] as const,
    /** Settings → Profile: the owner's payment SMS when the app is closed (issue 37). */
    paymentSms: () => [...queryKeys.vendor.all, 'payment-sms'] as const,
  },
  wallet: {
    all: ['wallet'] as const,
    balance: () => [...queryKeys.wallet.all, 'balance'] as const,
    details: () => [...queryKeys.wallet.all, 'details'] as const,
  },
  transactions: {
    all: ['transactions'] as const,
    lists: () => [...queryKeys.transactions.all, 'list'] as const,
    list: (filters: TransactionListFilters) => [...queryKeys.transactions.lists(), filters] as const,
    details: () => [...queryKeys.transactions.all, 'detail'] as const,
    detail: (id: string) => [...queryKeys.transactions.details(), id] as const,
    /** Create order from a transfer: the transaction found by its reference. */
    byReference: (reference: string) => [...queryKeys.transactions.details(), { reference }] as const,
    /** Attach to order: the open orders a credit could pay, the payer's or a search's (issue 42). */
    attachCandidates: (id: string, search: string) => [...queryKeys.transactions.all, 'attach-candidates', id, search] as const,
    analytics: (range: DateRangeKey) => [...queryKeys.transactions.all, 'analytics', range] as const,
    breakdown: (range: DateRangeKey) => [...queryKeys.transactions.all, 'breakdown', range] as const,
    /** Gross sales, refunds, fees and net settled (decision 178): money moving makes them stale with the rest. */
    netFigures: (range: DateRangeKey) => [...queryKeys.transactions.all, 'net', range] as const,
    /** The main wallet's statement summary for Lagos days. */
    statement: (days: StatementDays) => [...queryKeys.transactions.all, 'statement', days] as const,
  },
  banking: {
    all: ['banking'] as const,
    banks: () => [...queryKeys.banking.all, 'banks'] as const,
    settlementAccount: () => [...queryKeys.banking.all, 'settlement-account'] as const,
    transferCharge: (amountKobo: number) => [...queryKeys.banking.all, 'transfer-charge', amountKobo] as const,
    vendorCharges: () => [...queryKeys.banking.all, 'vendor-charges'] as const,
    thirdPartyTransfers: () => [...queryKeys.banking.all, 'third-party-transfers'] as const,
    /** Recent and saved accounts of Send Money: recent ones change with every send (MONEY_KEYS). */
    beneficiaries: () => [...queryKeys.banking.all, 'beneficiaries'] as const,
    sendLimits: () => [...queryKeys.banking.all, 'send-limits'] as const,
    /** A bulk payout and its rows' outcomes (decision 192). */
    payoutBatch: (id: string) => [...queryKeys.banking.all, 'payout-batch', id] as const,
    /** The newest confirmed and cancelled bulk payouts (decision 199). */
    payoutBatches: () => [...queryKeys.banking.all, 'payout-batches'] as const,
  },
  pin: {
    all: ['pin'] as const,
    status: () => [...queryKeys.pin.all, 'status'] as const,
  },
  products: {
    all: ['products'] as const,
    lists: () => [...queryKeys.products.all, 'list'] as const,
    list: (filters: ProductListFilters) => [...queryKeys.products.lists(), filters] as const,
    details: () => [...queryKeys.products.all, 'detail'] as const,
    detail: (id: string) => [...queryKeys.products.details(), id] as const,
    /** Variant lists (GET /product/vendor/variants) live under products: any product change makes them stale. */
    variantLists: () => [...queryKeys.products.all, 'variants'] as const,
    variants: (filters: ProductVariantFilters) => [...queryKeys.products.variantLists(), filters] as const,
    /** A product's stock transfers between locations (decision 174). */
    stockTransfers: (productId: string) => [...queryKeys.products.all, 'stock-transfers', productId] as const,
  },
  collections: {
    all: ['collections'] as const,
    lists: () => [...queryKeys.collections.all, 'list'] as const,
    list: (filters: CollectionListFilters) => [...queryKeys.collections.lists(), filters] as const,
  },
  coupons: {
    all: ['coupons'] as const,
    lists: () => [...queryKeys.coupons.all, 'list'] as const,
    list: (filters: CouponListFilters) => [...queryKeys.coupons.lists(), filters] as const,
    details: () => [...queryKeys.coupons.all, 'detail'] as const,
    detail: (id: string) => [...queryKeys.coupons.details(), id] as const,
  },
  taxes: {
    all: ['taxes'] as const,
    lists: () => [...queryKeys.taxes.all, 'list'] as const,
    list: (filters: TaxListFilters) => [...queryKeys.taxes.lists(), filters] as const,
  },
  deliveryLocations: {
    all: ['delivery-locations'] as const,
    lists: () => [...queryKeys.deliveryLocations.all, 'list'] as const,
    list: (filters: DeliveryLocationListFilters) => [...queryKeys.deliveryLocations.lists(), filters] as const,
  },
  orders: {
    all: ['orders'] as const,
    lists: () => [...queryKeys.orders.all, 'list'] as const,
    list: (filters: OrderListFilters) => [...queryKeys.orders.lists(), filters] as const,
    details: () => [...queryKeys.orders.all, 'detail'] as const,
    detail: (reference: string) => [...queryKeys.orders.details(), reference] as const,
    /** The order item picker (GET /order/variants). */
    variants: (filters: SellableVariantFilters) => [...queryKeys.orders.all, 'variants', filters] as const,
    /** Where the caller may sell (GET /order/locations, decision 174). */
    locations: () => [...queryKeys.orders.all, 'locations'] as const,
    analytics: (filters: DateRangeKey & { kind?: string; status?: string; customerId?: string }) =>
      [...queryKeys.orders.all, 'analytics', filters] as const,
    breakdown: (range: DateRangeKey & { kind?: string }) => [...queryKeys.orders.all, 'breakdown', range] as const,
  },
  customers: {
    all: ['customers'] as const,
    lists: () => [...queryKeys.customers.all, 'list'] as const,
    list: (filters: CustomerListFilters) => [...queryKeys.customers.lists(), filters] as const,
    /** The customer picker of the order form: searched by name, grown page by page. */
    picker: (name: string) => [...queryKeys.customers.lists(), 'picker', { name }] as const,
    details: () => [...queryKeys.customers.all, 'detail'] as const,
    detail: (id: string) => [...queryKeys.customers.details(), id] as const,
    analytics: (range: DateRangeKey) => [...queryKeys.customers.all, 'analytics', range] as const,
    breakdown: (range: DateRangeKey) => [...queryKeys.customers.all, 'breakdown', range] as const,
  },
  disputes: {
    all: ['disputes'] as const,
    lists: () => [...queryKeys.disputes.all, 'list'] as const,
    list: (filters: DisputeListFilters) => [...queryKeys.disputes.lists(), filters] as const,
    details: () => [...queryKeys.disputes.all, 'detail'] as const,
    detail: (id: string) => [...queryKeys.disputes.details(), id] as const,
    conversation: (id: string) => [...queryKeys.disputes.all, 'conversation', id] as const,
    categories: () => [...queryKeys.disputes.all, 'categories'] as const,
  },
  outlets: {
    all: ['outlets'] as const,
    lists: () => [...queryKeys.outlets.all, 'list'] as const,
    list: (filters: OutletListFilters) => [...queryKeys.outlets.lists(), filters] as const,
    details: () => [...queryKeys.outlets.all, 'detail'] as const,
    detail: (id: string) => [...queryKeys.outlets.details(), id] as const,
    /** Balance and account details of one outlet's wallet. */
    wallet: (id: string) => [...queryKeys.outlets.all, 'wallet', id] as const,
    balance: (id: string) => [...queryKeys.outlets.wallet(id), 'balance'] as const,
    walletDetails: (id: string) => [...queryKeys.outlets.wallet(id), 'details'] as const,
    transactions: (id: string) => [...queryKeys.outlets.all, 'transactions', id] as const,
    transactionList: (filters: OutletTransactionFilters) => [...queryKeys.outlets.transactions(filters.outletId), 'list', filters] as const,
    transaction: (outletId: string, id: string) => [...queryKeys.outlets.transactions(outletId), 'detail', id] as const,
    statement: (outletId: string, days: StatementDays) => [...queryKeys.outlets.transactions(outletId), 'statement', days] as const,
    memberLists: () => [...queryKeys.outlets.all, 'members'] as const,
    members: (id: string, filters: OutletMemberFilters = {}) => [...queryKeys.outlets.memberLists(), id, filters] as const,
  },
  team: {
    all: ['team'] as const,
    lists: () => [...queryKeys.team.all, 'list'] as const,
    list: (filters: MemberListFilters) => [...queryKeys.team.lists(), filters] as const,
  },
  /** Public invitation pages (/invite/{code}): never persisted with the vendor's cache. */
  invite: (code: string) => ['invite', code] as const,
  /** Public order pages (/checkout/{code}): never persisted with the vendor's cache, like pay links. */
  publicOrder: (code: string) => ['public-order', code] as const,
  /** Public pay link pages: never persisted with the vendor's cache (see persister). */
  payLink: (code: string) => ['pay-link', code] as const,
  /** Public storefronts (/shop/{url}): never persisted with the vendor's cache, like pay links. */
  storefront: (url: string) => ['storefront', url] as const,
}

/**
 * What every money movement makes stale: the balance, and the transactions and their analytics. Send money,
 * Mark as POS, refunds and outlet transfers all invalidate these. Orders are here too: a credit can pay an order
 * and a refund changes one; customers' totals move with them; outlets show their wallets' balances; Send Money's
 * recent accounts are where the sends went.
 */
export const MONEY_KEYS = [
  queryKeys.wallet.all,
  queryKeys.transactions.all,
  queryKeys.orders.all,
  queryKeys.customers.all,
  queryKeys.outlets.all,
  queryKeys.banking.beneficiaries(),
] as const
