import * as v from 'valibot'

import { pin } from './banking'
import { BusinessDetails } from './business'
import { MAX_SKU, price, ProductVariant } from './catalogue'
import {
  amountKobo,
  cappedPage,
  email,
  id,
  kobo,
  lagosDay,
  localDate,
  MAX_ID_LENGTH,
  optionalText,
  page,
  pageQuery,
  phone,
  queryBool,
  text,
} from './common'
import { endpoint } from './endpoint'
import { couponCode } from './selling-terms'
import { ORDER_KINDS, ORDER_STATUSES, type OrderStatus } from './statuses'
import { dateRange } from './transactions'

/*
 * Orders and invoices (SPEC §3, §4, §7 "Orders"): one entity with a kind. Totals are computed on the server with
 * orderTotals (contract/pricing.ts), so the app's preview and the server agree to the kobo.
 */

export { ORDER_KINDS, ORDER_STATUSES, type OrderKind, type OrderStatus } from './statuses'

/** A refund may start only from these (and from refunded/refund-failed while something is left to refund). */
export const REFUNDABLE_STATUSES: readonly OrderStatus[] = ['paid', 'partially-paid', 'overpayment', 'fulfilled']

/**
 * What PATCH /order may set, from which status. Payments (paid, partially-paid, overpayment) come only from money
 * that reached the wallet, and refunds only through PUT /order, so neither can be set by hand.
 */
export const MANUAL_TRANSITIONS: Readonly<Partial<Record<OrderStatus, readonly OrderStatus[]>>> = {
  pending: ['abandoned', 'failed'],
  abandoned: ['pending'],
  failed: ['pending'],
  paid: ['fulfilled'],
  'partially-paid': ['fulfilled'],
  overpayment: ['fulfilled'],
}

export const REFUND_TYPES = ['FULL', 'PARTIAL'] as const

/** Most lines on one order, and most units of one line. */
export const MAX_ORDER_ITEMS = 100
export const MAX_ITEM_QUANTITY = 10_000
/** Limits the Create order and Refund forms hold to as well (decision 163). */
export const MAX_CUSTOM_LINE_NAME = 120
export const MAX_CUSTOMER_NAME = 100
/** An order's note, and a status change's or a refund's. */
export const MAX_ORDER_NARRATION = 500

export const OrderItem = v.object({
  id: v.string(),
  /** Null for a custom line (a name and an amount typed by the vendor). */
  variantId: v.nullable(v.string()),
  productId: v.nullable(v.string()),
  name: v.string(),
  options: v.record(v.string(), v.string()),
  /** What one unit sold for (after the variant's own discount), kobo. */
  unitPrice: kobo,
  /**
   * What one unit cost the vendor when the order was made (the variant's cost price then), kobo; null for a custom
   * line or a variant without one. Left out for a caller without VENDOR_INVENTORY (decision 175).
   */
  unitCost: v.optional(v.nullable(kobo)),
  quantity: v.number(),
  /** unitPrice × quantity. */
  amount: kobo,
})
export type OrderItem = v.InferOutput<typeof OrderItem>

export const OrderCustomer = v.object({
  id: v.string(),
  name: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  isAnonymous: v.boolean(),
})
export type OrderCustomer = v.InferOutput<typeof OrderCustomer>

export const ORDER_EVENT_KINDS = ['created', 'payment', 'status', 'refund', 'stock', 'dispute', 'shared', 'due-date'] as const

/** One line of the order's timeline, oldest first. */
export const OrderEvent = v.object({
  id: v.string(),
  kind: v.picklist(ORDER_EVENT_KINDS),
  message: v.string(),
  amount: v.nullable(kobo),
  /** Who did it: a team member's name, or null for the system (a payment, the bank). */
  actorName: v.nullable(v.string()),
  createdAt: v.string(),
})
export type OrderEvent = v.InferOutput<typeof OrderEvent>

/** A credit that paid (part of) the order. */
export const OrderPayment = v.object({
  transactionId: v.string(),
  reference: v.string(),
  amount: kobo,
  payerName: v.nullable(v.string()),
  payerBankName: v.nullable(v.string()),
  payerAccountNumber: v.nullable(v.string()),
  createdAt: v.string(),
})
export type OrderPayment = v.InferOutput<typeof OrderPayment>

export const REFUND_STATUSES = ['pending', 'success', 'failed'] as const
export const Refund = v.object({
  id: v.string(),
  amount: kobo,
  status: v.picklist(REFUND_STATUSES),
  reason: v.nullable(v.string()),
  /** The debit that sends the money back to the payer's account. */
  transactionReference: v.string(),
  failureReason: v.nullable(v.string()),
  /** A refunded invoice's credit note (CN-000001, decision 191), numbered once the refund reaches the payer; else null. */
  creditNoteNumber: v.nullable(v.string()),
  createdAt: v.string(),
})
export type Refund = v.InferOutput<typeof Refund>

/** Nothing has been paid, or not all of it: what an invoice past its due date still is, to be overdue. */
export const UNPAID_STATUSES: readonly OrderStatus[] = ['pending', 'partially-paid']

/** An unpaid invoice whose due date (a Lagos day) is before today in Lagos. Due today is not overdue yet. */
export function isOverdue(o: { dueDate: string | null; status: OrderStatus }, now: Date = new Date()): boolean {
  if (!o.dueDate || !UNPAID_STATUSES.includes(o.status)) return false
  return o.dueDate < lagosDay(now)
}

/** A row of the orders and invoices lists. */
export const OrderSummary = v.object({
  id: v.string(),
  reference: v.string(),
  kind: v.picklist(ORDER_KINDS),
  /** An invoice's number in the vendor's gapless sequence (INV-000123, decision 191); null for an order. */
  invoiceNumber: v.nullable(v.string()),
  status: v.picklist(ORDER_STATUSES),
  customer: v.nullable(v.object({ id: v.string(), name: v.string() })),
  itemCount: v.number(),
  currency: v.string(),
  /** The total the customer owes, kobo. */
  amount: kobo,
  amountPaid: kobo,
  /** Refunds that reached the payer, kobo. Less than amountPaid: a partial refund, and the status is unchanged. */
  amountRefunded: kobo,
  isShareable: v.boolean(),
  /** An invoice's optional due date, yyyy-MM-dd (a Lagos day); null when none was set, and always for an order. */
  dueDate: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
})
export type OrderSummary = v.InferOutput<typeof OrderSummary>

export const OrderTax = v.object({ name: v.string(), percentage: v.number(), amount: kobo })

/**
 * The order's own temporary account (issue 36, decision 147): a transfer into it pays this order, no narration
 * needed, until `expiresAt` (an ISO instant; screens write it in Lagos time) or until the order is paid or closed.
 */
export const OrderPaymentAccount = v.object({
  accountNumber: v.string(),
  accountName: v.string(),
  bankName: v.string(),
  /** What was due when the account was made, kobo. */
  amount: kobo,
  expiresAt: v.string(),
})
export type OrderPaymentAccount = v.InferOutput<typeof OrderPaymentAccount>

/** A credit paid into this order's account after it closed: in the wallet, not paying the order until matched. */
export const UnattachedPayment = v.object({ transactionId: v.string(), reference: v.string(), amount: kobo, createdAt: v.string() })

export const Order = v.object({
  ...OrderSummary.entries,
  customer: v.nullable(OrderCustomer),
  items: v.array(OrderItem),
  /** Σ item amounts. */
  subtotal: kobo,
  couponCode: v.nullable(v.string()),
  /** The coupon's discount off the subtotal. */
  discount: kobo,
  taxes: v.array(OrderTax),
  taxTotal: kobo,
  deliveryLocation: v.nullable(v.object({ id: v.string(), name: v.string() })),
  deliveryFee: kobo,
  /** The outlet the order was made at, whose stock it takes; null: the main store (decision 174). */
  outlet: v.nullable(v.object({ id: v.string(), name: v.string() })),
  /**
   * What the next refund may return: amount paid less refunds sent or on their way, and no more than the account it
   * goes back to (the newest payer with something left) paid less refunds to it (docs/decisions/034).
   */
  refundableAmount: kobo,
  narration: v.nullable(v.string()),
  /** The page a customer opens to pay (shareable orders and invoices); null otherwise. */
  publicUrl: v.nullable(v.string()),
  /** The offline credit this order was created for, if any. */
  transactionReference: v.nullable(v.string()),
  /** The order's own account to pay into while it is open; null once it is paid or closed, or while none is made yet. */
  payAccount: v.nullable(OrderPaymentAccount),
  /** Credits paid into the order's account after it closed, not yet matched to an order (decision 147). */
  unattachedPayments: v.array(UnattachedPayment),
  payments: v.array(OrderPayment),
  refunds: v.array(Refund),
  timeline: v.array(OrderEvent),
  /** The statuses PATCH /order accepts from the current one (MANUAL_TRANSITIONS). */
  allowedStatuses: v.array(v.picklist(ORDER_STATUSES)),
  canRefund: v.boolean(),
  /**
   * Where the next refund goes (the newest payer with something left, docs/decisions/034), for the refund's
   * confirm step to show before the PIN (decision 086); null when nothing can be refunded.
   */
  refundAccount: v.nullable(v.object({ accountName: v.string(), bankName: v.string(), accountNumber: v.string() })),
})
export type Order = v.InferOutput<typeof Order>

/** What a customer sees on a shareable order's public page: nothing private beyond the account they pay into. */
export const PublicOrder = v.object({
  reference: v.string(),
  kind: v.picklist(ORDER_KINDS),
  /** An invoice's number in the vendor's sequence (INV-000123), as its PDF prints it; null for an order (decision 191). */
  invoiceNumber: v.nullable(v.string()),
  status: v.picklist(ORDER_STATUSES),
  vendorName: v.string(),
  /** Who is selling, as the invoice prints it: name, address, phone, e-mail, logo, TIN (decision 195). */
  business: BusinessDetails,
  customerName: v.nullable(v.string()),
  currency: v.string(),
  items: v.array(v.object({ name: v.string(), options: v.record(v.string(), v.string()), quantity: v.number(), amount: kobo })),
  subtotal: kobo,
  discount: kobo,
  /** Each tax as charged when the order was made, with its rate: 'VAT (7.5%)'. */
  taxes: v.array(OrderTax),
  taxTotal: kobo,
  deliveryFee: kobo,
  amount: kobo,
  amountPaid: kobo,
  /** amount − amountPaid, never below zero. */
  amountDue: kobo,
  /** amountPaid − amount when more than the total arrived, else zero. */
  amountOverpaid: kobo,
  /** Refunds that reached the customer's account, kobo: the whole of amountPaid for a refunded order, less for a partial refund. */
  amountRefunded: kobo,
  payTo: v.nullable(v.object({ bankName: v.string(), accountNumber: v.string(), accountName: v.string() })),
  /** The order's own account: paid into, it needs no narration. Shown instead of payTo when there is one. */
  payAccount: v.nullable(OrderPaymentAccount),
  createdAt: v.string(),
})
export type PublicOrder = v.InferOutput<typeof PublicOrder>

export const OrderAnalytics = v.object({
  startDate: v.string(),
  endDate: v.string(),
  orderCount: v.number(),
  paidCount: v.number(),
  /** Some money arrived, not all: apart from pending, which has received nothing (issue 22). */
  partiallyPaidCount: v.number(),
  pendingCount: v.number(),
  /** Orders refunded in full (or on their way to it); a partly refunded order counts as paid (decision 089). */
  refundedCount: v.number(),
  /** Money received for orders created in the range, kobo. */
  totalSales: kobo,
  /** Every refund that reached a payer, partial or full, for orders created in the range, kobo. */
  totalRefunded: kobo,
  /** totalSales ÷ orders with a payment, rounded half up to the kobo; 0 without any. */
  averageOrderValue: kobo,
  /*
   * Cost and gross profit (decision 175), left out for a caller without VENDOR_INVENTORY. costOfSales: the lines'
   * costs at the time of sale, for orders in the range that were paid and not refunded in full; grossProfit:
   * totalSales − totalRefunded − costOfSales (negative when selling at a loss); uncostedItems: lines of those orders
   * without a cost, which count as costing nothing.
   */
  costOfSales: v.optional(kobo),
  grossProfit: v.optional(v.pipe(v.number(), v.safeInteger())),
  uncostedItems: v.optional(v.number()),
})

export const OrderBreakdown = v.object({
  bucket: v.picklist(['hour', 'day']),
  points: v.array(v.object({ label: v.string(), start: v.string(), count: v.number(), sales: kobo })),
})

/** A line of a new order: a catalogue variant and a quantity, or a custom name and unit amount. */
export const OrderItemInput = v.pipe(
  v.object({
    variantId: v.optional(id),
    name: v.optional(text(MAX_CUSTOM_LINE_NAME)),
    amount: v.optional(price),
    quantity: v.pipe(
      v.number('must be a number'),
      v.integer('must be a whole number'),
      v.minValue(1, 'must be at least 1'),
      v.maxValue(MAX_ITEM_QUANTITY, `must be at most ${MAX_ITEM_QUANTITY}`),
    ),
  }),
  v.check(
    (item) => (item.variantId ? item.name === undefined && item.amount === undefined : Boolean(item.name && item.amount)),
    'needs either a variantId, or a name and an amount',
  ),
)
export type OrderItemInput = v.InferOutput<typeof OrderItemInput>

/** Someone new, or matched by email or phone to a customer the vendor already has. */
export const CustomerInput = v.object({
  name: text(MAX_CUSTOMER_NAME),
  email: v.optional(v.nullable(email)),
  phone: v.optional(v.nullable(phone)),
})

const orderBody = {
  kind: v.optional(v.picklist(ORDER_KINDS, 'must be order or invoice'), 'order'),
  /** An existing customer; or `customer` to find or add one; neither makes an anonymous customer. */
  customerId: v.optional(id),
  customer: v.optional(CustomerInput),
  items: v.pipe(
    v.array(OrderItemInput, 'must be a list'),
    v.minLength(1, 'must have at least one item'),
    v.maxLength(MAX_ORDER_ITEMS, `must have at most ${MAX_ORDER_ITEMS} items`),
  ),
  couponCode: v.optional(couponCode),
  taxIds: v.optional(v.pipe(v.array(id), v.maxLength(10, 'must have at most 10 taxes')), []),
  deliveryLocationId: v.optional(id),
  /** The outlet it is made at (its stock is taken); left out, a member of outlets only gets their outlet (decision 174). */
  outletId: v.optional(v.nullable(id)),
  narration: optionalText(MAX_ORDER_NARRATION),
  /** Invoices only: the Lagos day payment is due, not before the day the invoice is made (checked by the server). */
  dueDate: v.optional(v.nullable(localDate)),
}

/** Reported under `customer`, so a form shows it by the customer field. */
/* @__NO_SIDE_EFFECTS__ */
function oneCustomer<T extends { customerId?: string; customer?: unknown }>() {
  return v.forward(
    v.check<T, string>((body) => !(body.customerId && body.customer), 'give customerId or customer, not both'),
    ['customer'] as never,
  )
}

/**
 * An order for a transfer is its payer's (docs/decisions/129): the credit names the customer, so a body naming one
 * too would make a second customer, or give the payer's money to someone else. Reported under `customer`.
 */
/* @__NO_SIDE_EFFECTS__ */
function payersOrder<T extends { customerId?: string; customer?: unknown; transactionReference?: string }>() {
  return v.forward(
    v.check<T, string>(
      (body) => !(body.transactionReference && (body.customerId || body.customer)),
      "must be left out with transactionReference: the order is the payer's",
    ),
    ['customer'] as never,
  )
}

const reference = v.pipe(
  v.string('is required'),
  v.trim(),
  v.toUpperCase(),
  v.nonEmpty('is required'),
  v.maxLength(MAX_ID_LENGTH, 'is too long'),
)

const orderListQuery = {
  ...pageQuery,
  kind: v.optional(v.picklist(ORDER_KINDS, 'must be order or invoice')),
  /** Part of a reference, any case. */
  reference: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(MAX_ID_LENGTH, 'is too long'))),
  status: v.optional(v.picklist(ORDER_STATUSES, 'is not an order status')),
  isShareable: v.optional(queryBool),
  customerId: v.optional(id),
  ...dateRange,
}

export const orderEndpoints = {
  listOrders: endpoint({
    method: 'GET',
    path: '/order',
    summary:
      'Orders and invoices, newest first, filtered by kind, reference, status, shareable, customer and date. A filtered total stops at 10,000 (`totalCapped`).',
    permission: 'VENDOR_ORDERS',
    query: v.object(orderListQuery),
    response: cappedPage(OrderSummary),
  }),
  orderDetail: endpoint({
    method: 'GET',
    path: '/order/single',
    summary: 'One order or invoice with its items, customer, payments, refunds and timeline.',
    permission: 'VENDOR_ORDERS',
    query: v.object({ reference }),
    response: Order,
    errors: ['NOT_FOUND'],
  }),
  createOrder: endpoint({
    method: 'POST',
    path: '/order',
    status: 201,
    summary:
      "Create an order or invoice. With transactionReference, for an offline credit with no order yet: the credit pays it and is matched to it (once only, 409 after), and the order is the credit's payer's (customerId and customer must be left out).",
    permission: 'VENDOR_ORDERS',
    idempotent: true,
    body: v.pipe(v.object({ ...orderBody, transactionReference: v.optional(id) }), oneCustomer(), payersOrder()),
    response: Order,
    errors: ['COUPON_NOT_USABLE', 'TRANSACTION_NOT_MATCHABLE', 'NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED'],
  }),
  updateOrderStatus: endpoint({
    method: 'PATCH',
    path: '/order',
    summary:
      'Change an order’s status by hand (MANUAL_TRANSITIONS; 409 otherwise), with an optional note. Abandoned or ' +
      'failed gives back the use of its coupon; reopened, it takes the use again (409 when none is left).',
    permission: 'VENDOR_ORDERS',
    body: v.object({
      reference,
      status: v.picklist(ORDER_STATUSES, 'is not an order status'),
      narration: optionalText(MAX_ORDER_NARRATION),
    }),
    response: Order,
    errors: ['NOT_FOUND', 'ILLEGAL_STATUS_CHANGE'],
  }),
  setInvoiceDueDate: endpoint({
    method: 'PATCH',
    path: '/order/due-date',
    summary:
      'Move, set or (null) remove an unpaid invoice’s due date: a Lagos day, not before the invoice date. 409 once the invoice is paid (its date was met or not); 422 for an order.',
    permission: 'VENDOR_ORDERS',
    body: v.object({ reference, dueDate: v.nullable(localDate) }),
    response: Order,
    errors: ['NOT_FOUND', 'ILLEGAL_STATUS_CHANGE'],
  }),
  refundOrder: endpoint({
    method: 'PUT',
    path: '/order',
    summary:
      'Refund an order to the account that paid it: the whole refundable amount, or `amount` (kobo). The wallet is debited at once. A refund of everything paid makes the order refund-pending until the bank answers, then refunded (refund-failed with the money back if it declines); a partial refund keeps the order’s status (decision 089). With `refundAccount` (the one the person confirmed), 409 REFUND_ACCOUNT_CHANGED when the refund would now go to another account.',
    // Money leaving the main wallet: a permission of its own and the refunding person's PIN (decision 086).
    permission: ['VENDOR_ORDERS', 'VENDOR_REFUNDS'],
    idempotent: true,
    body: v.object({
      reference,
      status: v.literal('refunded', 'must be refunded'),
      amount: v.optional(amountKobo),
      narration: optionalText(MAX_ORDER_NARRATION),
      pin,
      /**
       * The account the confirm step showed (Order.refundAccount): a payment from another account arriving between
       * the confirm and the PIN changes where the refund goes, and the PIN must not authorise an account nobody saw.
       */
      refundAccount: v.optional(v.object({ accountNumber: v.string(), bankName: v.string() })),
    }),
    response: Order,
    errors: [
      'NOT_FOUND',
      'REFUND_NOT_ALLOWED',
      'REFUND_ACCOUNT_CHANGED',
      'NO_REFUND_ACCOUNT',
      'INSUFFICIENT_FUNDS',
      'IDEMPOTENCY_KEY_REUSED',
      'INVALID_PIN',
      'PIN_LOCKED',
      'PIN_NOT_SET',
    ],
  }),
  createShareableOrder: endpoint({
    method: 'POST',
    path: '/order/shareable',
    status: 201,
    summary: 'Create an order or invoice with a public page the customer opens to pay by bank transfer.',
    permission: 'VENDOR_ORDERS',
    idempotent: true,
    body: v.pipe(v.object(orderBody), oneCustomer()),
    response: Order,
    errors: ['NOT_FOUND'],
  }),
  listShareableOrders: endpoint({
    method: 'GET',
    path: '/order/shareable',
    summary: 'Shareable orders and invoices, newest first.',
    permission: 'VENDOR_ORDERS',
    query: v.object({ ...pageQuery, kind: orderListQuery.kind, status: orderListQuery.status }),
    response: cappedPage(OrderSummary),
  }),
  publicOrder: endpoint({
    method: 'GET',
    path: '/order/public',
    summary: 'A shareable order as its customer sees it, with the account to pay into and the reference to quote.',
    access: 'public',
    query: v.object({ code: v.pipe(v.string('is required'), v.trim(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'is not a valid code')) }),
    response: PublicOrder,
    errors: ['ORDER_LINK_NOT_FOUND'],
  }),
  sellableVariants: endpoint({
    method: 'GET',
    path: '/order/variants',
    summary:
      'Variants that can go on an order (live, available), by product name or option value, or by SKU or barcode (`code`): the order item picker and the scanner.',
    permission: 'VENDOR_ORDERS',
    query: v.object({
      ...pageQuery,
      name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'is too long'))),
      /** A scanned or typed code: the variant whose barcode is exactly it, or whose SKU is it ignoring case (175). */
      code: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('is required'), v.maxLength(MAX_SKU, 'is too long'))),
    }),
    response: page(ProductVariant),
  }),
  orderAnalytics: endpoint({
    method: 'GET',
    path: '/analytics/order',
    summary: 'Order counts, sales and refunds over a date range (orders created in it), by kind, status and customer.',
    permission: 'VENDOR_ORDERS',
    // The list's own filters, so the tiles above a filtered list describe that list (issue 22).
    query: v.object({ ...dateRange, kind: orderListQuery.kind, status: orderListQuery.status, customerId: orderListQuery.customerId }),
    response: OrderAnalytics,
  }),
  orderBreakdown: endpoint({
    method: 'GET',
    path: '/analytics/order/breakdown',
    summary: 'Orders and sales per hour (one day) or per Lagos day (longer ranges), every bucket present.',
    permission: 'VENDOR_ORDERS',
    query: v.object({ ...dateRange, kind: orderListQuery.kind }),
    response: OrderBreakdown,
  }),
}
