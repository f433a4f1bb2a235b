import * as v from 'valibot'

import { lagosDay, toBasisPoints } from '#contract/common'
import { MAX_ITEM_QUANTITY, MAX_ORDER_ITEMS, type OrderKind } from '#contract/orders'
import { MAX_ORDER_SUBTOTAL_KOBO, type OrderTotals, orderTotals } from '#contract/pricing'
import { type Coupon, COUPON_CODE_PATTERN, type DeliveryLocation, type Tax } from '#contract/selling-terms'

import type { CreateOrderBody, ShareableOrderBody } from './queries'

/**
 * The Create order form's state, as typed (docs/decisions/040). Lines are catalogue variants (priced by the server
 * from the variant) or custom lines (a name and a unit amount typed by the vendor).
 */
export interface LineDraft {
  key: string
  /** A catalogue variant; absent for a custom line. */
  variantId?: string
  name: string
  options: Record<string, string>
  /** Kobo per unit: the variant's price after its own discount, or the custom amount. */
  unitPrice: number
  quantity: number
}

export interface CustomerDraft {
  /** An existing customer chosen with the picker; the typed fields are then unused. */
  picked: { id: string; name: string } | null
  name: string
  email: string
  /** Digits only, at most 11 (PhoneInput). */
  phone: string
}

export interface OrderDraft {
  kind: OrderKind
  /** Orders only: give it a public page the customer pays from. Invoices always have one. */
  shareable: boolean
  customer: CustomerDraft
  lines: LineDraft[]
  couponCode: string
  taxIds: string[]
  deliveryLocationId: string
  narration: string
  /** Invoices only: yyyy-MM-dd (a Lagos day) or '' for none. */
  dueDate: string
  /** Where it is sold (decision 174): an outlet id, 'main' for the main store, absent to leave it to the server. */
  outletId?: string
}

export interface DraftErrors {
  customerName?: string
  customerEmail?: string
  items?: string
  couponCode?: string
  dueDate?: string
}

let lastKey = 0
export const newLineKey = (): string => `line-${++lastKey}`

export function emptyOrderDraft(kind: OrderKind): OrderDraft {
  return {
    kind,
    shareable: kind === 'invoice',
    customer: { picked: null, name: '', email: '', phone: '' },
    lines: [],
    couponCode: '',
    taxIds: [],
    deliveryLocationId: '',
    narration: '',
    dueDate: '',
  }
}

const isEmail = (text: string) => v.is(v.pipe(v.string(), v.email()), text)

/** Adds a unit of a variant already on the order, or the variant as a new line. */
export function addVariant(
  lines: readonly LineDraft[],
  variant: { id: string; productName: string; options: Record<string, string>; discountedPrice: number },
): LineDraft[] {
  const found = lines.find((l) => l.variantId === variant.id)
  if (found) return lines.map((l) => (l === found ? { ...l, quantity: Math.min(MAX_ITEM_QUANTITY, l.quantity + 1) } : l))
  return [
    ...lines,
    {
      key: newLineKey(),
      variantId: variant.id,
      name: variant.productName,
      options: variant.options,
      unitPrice: variant.discountedPrice,
      quantity: 1,
    },
  ]
}

export function subtotalOf(lines: readonly LineDraft[]): number {
  return lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0)
}

/** What stops the order from being sent, by field; null when it can be. */
export function draftErrors(draft: OrderDraft): DraftErrors | null {
  const errors: DraftErrors = {}
  const c = draft.customer
  if (!c.picked) {
    if (c.email.trim() && !isEmail(c.email.trim())) errors.customerEmail = 'Enter a valid email.'
    if (!c.name.trim() && (c.email.trim() || c.phone))
      errors.customerName = "Enter the customer's name, or clear the email and phone for a walk-in sale."
  }
  if (draft.lines.length === 0) errors.items = 'Add at least one item.'
  else if (draft.lines.length > MAX_ORDER_ITEMS) errors.items = `An order can have at most ${MAX_ORDER_ITEMS} items.`
  else if (subtotalOf(draft.lines) > MAX_ORDER_SUBTOTAL_KOBO)
    errors.items = 'The items come to more than ₦1,000,000,000, the most one order can be.'
  // The server's rule too (a Lagos day from the invoice's own): the date picker's min does not stop a typed date.
  if (draft.kind === 'invoice' && draft.dueDate && draft.dueDate < lagosDay()) errors.dueDate = 'Choose today or a later day.'
  if (draft.couponCode.trim() && !COUPON_CODE_PATTERN.test(draft.couponCode.trim()))
    errors.couponCode = 'Use 3 to 20 letters, digits, - or _.'
  return Object.keys(errors).length ? errors : null
}

/** The request for a draft that passed draftErrors; with a transfer's reference for /orders/create-order. */
export function orderBody(draft: OrderDraft, transactionReference?: string): CreateOrderBody {
  const c = draft.customer
  const body: ShareableOrderBody = {
    kind: draft.kind,
    items: draft.lines.map((l) =>
      l.variantId ? { variantId: l.variantId, quantity: l.quantity } : { name: l.name.trim(), amount: l.unitPrice, quantity: l.quantity },
    ),
    taxIds: draft.taxIds,
  }
  // An order for a transfer is its payer's: the server names its customer (docs/decisions/129).
  if (!transactionReference) {
    if (c.picked) body.customerId = c.picked.id
    else if (c.name.trim()) body.customer = { name: c.name.trim(), email: c.email.trim() || null, phone: c.phone || null }
  }
  if (draft.couponCode.trim()) body.couponCode = draft.couponCode.trim()
  if (draft.deliveryLocationId) body.deliveryLocationId = draft.deliveryLocationId
  if (draft.narration.trim()) body.narration = draft.narration.trim()
  if (draft.kind === 'invoice' && draft.dueDate) body.dueDate = draft.dueDate
  if (draft.outletId) body.outletId = draft.outletId === 'main' ? null : draft.outletId
  return transactionReference ? { ...body, transactionReference } : body
}

/**
 * A typed coupon's effect for the preview, when it can be known here: the coupon is found among the vendor's
 * coupons and applies today. The server redeems it and has the last word; null means "worked out on saving".
 */
export function couponForPreview(
  code: string,
  coupons: readonly Coupon[] | undefined,
): { type: Coupon['valueType']; value: number } | null {
  const wanted = code.trim().toLowerCase()
  const coupon = wanted ? coupons?.find((c) => c.couponCode.toLowerCase() === wanted) : undefined
  if (!coupon || coupon.state !== 'active' || !coupon.isActive) return null
  // PERCENTAGE values are percentages on the wire (12.5) and basis points in orderTotals; FLAT ones are kobo.
  return { type: coupon.valueType, value: coupon.valueType === 'PERCENTAGE' ? toBasisPoints(coupon.value) : coupon.value }
}

/** The live totals, with the one rounding rule the server uses (contract/pricing.ts). */
export function previewTotals(
  draft: OrderDraft,
  taxes: readonly Tax[],
  locations: readonly DeliveryLocation[],
  coupon: { type: Coupon['valueType']; value: number } | null,
): OrderTotals {
  return orderTotals({
    lines: draft.lines,
    coupon,
    taxes: taxes.filter((t) => draft.taxIds.includes(t.id)).map((t) => ({ name: t.name, bps: toBasisPoints(t.percentage) })),
    deliveryFee: locations.find((l) => l.id === draft.deliveryLocationId)?.fee ?? 0,
  })
}
