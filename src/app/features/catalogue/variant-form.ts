import { isPercentText } from '#app/lib/forms'
import { type catalogueEndpoints, MAX_BARCODE, MAX_SKU, MAX_UNITS, type ProductVariant } from '#contract/catalogue'
import { toBasisPoints } from '#contract/common'
import type { BodyInput } from '#contract/endpoint'
import { parseNairaToKobo } from '#contract/money'
import { formatKobo, koboToNairaInput } from '#contract/naira'
import { MAX_PRICE_KOBO, priceAfterDiscount } from '#contract/pricing'

import { hasDiscount } from './variants'

/** Update Variant as typed. An empty discount type means no discount. */
export interface VariantFormDraft {
  price: string
  units: string
  discountType: '' | 'FLAT' | 'PERCENTAGE'
  discount: string
  sku: string
  barcode: string
  /** Naira as typed; empty means no cost price. */
  cost: string
}

export interface VariantFormErrors {
  price?: string
  units?: string
  discount?: string
  sku?: string
  barcode?: string
  cost?: string
}

type UpdateVariantBody = BodyInput<typeof catalogueEndpoints.updateVariant>

export function variantFormDraft(variant: ProductVariant): VariantFormDraft {
  const type = hasDiscount(variant) ? variant.discountType! : ''
  const discount = type === '' ? '' : type === 'FLAT' ? koboToNairaInput(variant.discount!) : String(variant.discount)
  return {
    price: koboToNairaInput(variant.price),
    units: String(variant.availableUnits),
    discountType: type,
    discount,
    sku: variant.sku ?? '',
    barcode: variant.barcode ?? '',
    cost: variant.costPrice == null ? '' : koboToNairaInput(variant.costPrice),
  }
}

/** The discount on the wire: kobo for FLAT, a percentage (7.5) for PERCENTAGE; null when it does not parse. */
function wireDiscount(draft: Pick<VariantFormDraft, 'discountType' | 'discount'>): number | null {
  if (draft.discountType === 'FLAT') return parseNairaToKobo(draft.discount)
  if (draft.discountType === 'PERCENTAGE') return isPercentText(draft.discount, 0.01) ? Number(draft.discount) : null
  return null
}

export function variantFormErrors(draft: VariantFormDraft): VariantFormErrors | null {
  const errors: VariantFormErrors = {}
  const price = parseNairaToKobo(draft.price)
  if (!draft.price) errors.price = 'Enter a price.'
  else if (price === null || price < 1) errors.price = 'Enter a price above ₦0.'
  else if (price > MAX_PRICE_KOBO) errors.price = 'Use at most ₦1,000,000,000.'
  if (!draft.units) errors.units = 'Enter the available units.'
  else if (Number(draft.units) > MAX_UNITS) errors.units = `Use at most ${MAX_UNITS.toLocaleString('en-NG')}.`
  if (draft.discountType) {
    const discount = wireDiscount(draft)
    if (!draft.discount) errors.discount = 'Enter the discount, or choose No discount.'
    else if (draft.discountType === 'PERCENTAGE' && discount === null) errors.discount = 'Enter a percentage above 0 and at most 100.'
    else if (draft.discountType === 'FLAT' && (discount === null || discount < 1)) errors.discount = 'Enter an amount above ₦0.'
    else if (draft.discountType === 'FLAT' && price !== null && discount! >= price) errors.discount = 'Must be below the price.'
  }
  Object.assign(errors, codeErrors(draft))
  return Object.keys(errors).length ? errors : null
}

/** SKU, barcode and cost as typed: the same rules in Update Variant and the product form's new variants. */
export function codeErrors(draft: Pick<VariantFormDraft, 'sku' | 'barcode' | 'cost'>): Pick<VariantFormErrors, 'sku' | 'barcode' | 'cost'> {
  const errors: Pick<VariantFormErrors, 'sku' | 'barcode' | 'cost'> = {}
  if (draft.sku.trim().length > MAX_SKU) errors.sku = `Use at most ${MAX_SKU} characters.`
  if (draft.barcode.trim().length > MAX_BARCODE) errors.barcode = `Use at most ${MAX_BARCODE} characters.`
  else if (draft.barcode.trim() && !/^[\x21-\x7E]+$/.test(draft.barcode.trim())) {
    errors.barcode = 'Use letters, digits and symbols, without spaces.'
  }
  const cost = parseNairaToKobo(draft.cost)
  if (draft.cost && cost === null) errors.cost = 'Enter an amount, like 650 or 650.50.'
  else if (cost !== null && cost > MAX_PRICE_KOBO) errors.cost = 'Use at most ₦1,000,000,000.'
  return errors
}

/** What a customer would pay with this draft, in kobo; null while the price or discount does not parse. */
export function previewPrice(draft: Pick<VariantFormDraft, 'price' | 'discountType' | 'discount'>): number | null {
  const price = parseNairaToKobo(draft.price)
  if (price === null) return null
  if (!draft.discountType) return price
  const discount = wireDiscount(draft)
  if (discount === null) return null
  const value = draft.discountType === 'PERCENTAGE' ? toBasisPoints(discount) : discount
  return priceAfterDiscount(price, draft.discountType, value)
}

/**
 * The request for a valid draft: only what changed (PATCH /product/variants is partial, so an edit of the price
 * cannot overwrite units sold meanwhile). A discount goes only with both its type and value; choosing No discount
 * on a discounted variant clears it. Null when nothing changed.
 */
export function variantChanges(draft: VariantFormDraft, variant: ProductVariant): UpdateVariantBody | null {
  const body: UpdateVariantBody = { id: variant.id }
  const price = parseNairaToKobo(draft.price)
  if (price !== null && price !== variant.price) body.price = price
  const units = Number(draft.units)
  // With the count it replaces: sent later from the outbox, it must not erase sales made meanwhile (409 then).
  if (draft.units && units !== variant.availableUnits) Object.assign(body, { availableUnits: units, unitsWere: variant.availableUnits })
  if (draft.discountType) {
    const discount = wireDiscount(draft)
    if (discount !== null && (draft.discountType !== variant.discountType || discount !== variant.discount)) {
      body.discountType = draft.discountType
      body.discount = discount
    }
  } else if (hasDiscount(variant)) body.clearDiscount = true
  // Blank removes a code or the cost (null); unchanged ones are not sent.
  const sku = draft.sku.trim() || null
  if (sku !== variant.sku) body.sku = sku
  const barcode = draft.barcode.trim() || null
  if (barcode !== variant.barcode) body.barcode = barcode
  const cost = draft.cost ? parseNairaToKobo(draft.cost) : null
  if (cost !== (variant.costPrice ?? null)) body.costPrice = cost
  return Object.keys(body).length > 1 ? body : null
}

/** What a change to a variant does, in words, for the list of changes not yet sent: "unavailable, 12 units". */
export function describeVariantChange(body: UpdateVariantBody): string {
  const parts: string[] = []
  if (body.isAvailable !== undefined) parts.push(body.isAvailable ? 'available' : 'unavailable')
  if (body.price !== undefined) parts.push(`price ${formatKobo(body.price)}`)
  if (body.availableUnits !== undefined) parts.push(`${body.availableUnits.toLocaleString('en-NG')} units`)
  if (body.clearDiscount) parts.push('discount removed')
  else if (body.discountType !== undefined) parts.push('new discount')
  if (body.sku !== undefined) parts.push(body.sku === null ? 'SKU removed' : `SKU ${body.sku}`)
  if (body.barcode !== undefined) parts.push(body.barcode === null ? 'barcode removed' : `barcode ${body.barcode}`)
  if (body.costPrice != null) parts.push(`cost ${formatKobo(body.costPrice)}`)
  else if (body.costPrice === null) parts.push('cost removed')
  return parts.join(', ')
}

/**
 * A later change to a variant over one still waiting to be sent: the later values win, a new discount replaces a
 * removal (and the other way round), and the first count seen stays the one the server checks against.
 */
export function foldVariantChange(waiting: UpdateVariantBody | undefined, next: UpdateVariantBody): UpdateVariantBody {
  if (!waiting) return next
  const body: UpdateVariantBody = { ...waiting, ...next }
  if (next.discountType !== undefined) delete body.clearDiscount
  if (next.clearDiscount) {
    delete body.discountType
    delete body.discount
  }
  if (waiting.unitsWere !== undefined) body.unitsWere = waiting.unitsWere
  return body
}
