import { type VariantOptions, visibleOptions } from '#app/lib/variant-options'
import type { catalogueEndpoints } from '#contract/catalogue'
import {
  MAX_OPTION_TEXT,
  MAX_PRODUCT_DESCRIPTION,
  MAX_PRODUCT_NAME,
  MAX_UNITS,
  MAX_VARIANTS,
  type Product,
  skuKey,
} from '#contract/catalogue'
import type { BodyInput } from '#contract/endpoint'
import { parseNairaToKobo } from '#contract/money'
import { koboToNairaInput } from '#contract/naira'
import { MAX_PRICE_KOBO } from '#contract/pricing'

import { codeErrors } from './variant-form'
import { combinations, optionsSignature } from './variants'

/**
 * The product form's state: what was typed, as typed. Variants are derived from the options (their cartesian
 * product) and keep their price and units across edits by matching the values they stand for.
 */
export interface OptionDraft {
  key: string
  name: string
  values: string[]
}
export interface VariantDraft {
  /** The existing variant this row stands for (edit); absent for a new combination. */
  id?: string
  options: VariantOptions
  price: string
  units: string
  /** As typed; sent only for a new product (Update Variant changes an existing variant's). */
  sku: string
  barcode: string
  /** Naira as typed; empty means no cost price. */
  cost: string
}
export type ImageDraft = { key: string; url: string } & ({ id: string; file?: undefined } | { id?: undefined; file: File })

export interface ProductDraft {
  name: string
  description: string
  categoryId: string
  collectionId: string
  isPublished: boolean
  options: OptionDraft[]
  variants: VariantDraft[]
  images: ImageDraft[]
}

export interface DraftErrors {
  name?: string
  description?: string
  options: Record<string, { name?: string; values?: string }>
  /** By the variant's options signature. */
  variants: Record<string, VariantDraftErrors>
}

export interface VariantDraftErrors {
  price?: string
  units?: string
  sku?: string
  barcode?: string
  cost?: string
}

type CreateBody = BodyInput<typeof catalogueEndpoints.createProduct>
type UpdateBody = BodyInput<typeof catalogueEndpoints.updateProduct>

let lastKey = 0
export const newKey = (): string => `draft-${++lastKey}`

export function emptyDraft(): ProductDraft {
  return {
    name: '',
    description: '',
    categoryId: '',
    collectionId: '',
    isPublished: false,
    options: [],
    variants: [{ options: {}, price: '', units: '', sku: '', barcode: '', cost: '' }],
    images: [],
  }
}

export function draftFromProduct(product: Product): ProductDraft {
  return {
    name: product.name,
    description: product.description ?? '',
    categoryId: product.categoryId ?? '',
    collectionId: product.collection?.id ?? '',
    isPublished: product.isPublished,
    options: product.options.map((o) => ({ key: newKey(), name: o.name, values: [...o.values] })),
    variants: product.variants.map((v) => ({
      id: v.id,
      options: inOptionOrder(v.options, product.options),
      price: koboToNairaInput(v.price),
      units: String(v.availableUnits),
      sku: v.sku ?? '',
      barcode: v.barcode ?? '',
      cost: v.costPrice == null ? '' : koboToNairaInput(v.costPrice),
    })),
    images: product.images.map((image) => ({ key: image.id, id: image.id, url: image.url })),
  }
}

/** A variant's values keyed in the order of the product's options, as the form generates them. */
function inOptionOrder(options: VariantOptions, order: readonly { name: string }[]): VariantOptions {
  const visible = Object.fromEntries(visibleOptions(options))
  const ordered = order.filter((o) => o.name in visible).map((o) => [o.name, visible[o.name]!] as const)
  return { ...Object.fromEntries(ordered), ...visible }
}

/** The values alone, in option order: a renamed option still matches its variants. */
const valuesKey = (options: VariantOptions) => JSON.stringify(Object.values(options).map((v) => v.trim().toLowerCase()))

/** Options that make variants: named, with at least one value. */
function usableOptions(options: readonly OptionDraft[]) {
  return options.filter((o) => o.name.trim() && o.values.length > 0).map((o) => ({ name: o.name.trim(), values: o.values }))
}

export function variantCount(options: readonly OptionDraft[]): number {
  return usableOptions(options).reduce((n, o) => n * o.values.length, 1)
}

const isSubset = (part: VariantOptions, whole: VariantOptions) => Object.entries(part).every(([name, value]) => whole[name] === value)

/** The variants for these options, keeping what was typed for every combination that survives. */
export function syncVariants(options: readonly OptionDraft[], previous: readonly VariantDraft[]): VariantDraft[] {
  const bySignature = new Map(previous.map((v) => [optionsSignature(v.options), v]))
  const byValues = new Map(previous.map((v) => [valuesKey(v.options), v]))
  return combinations(usableOptions(options)).map((combo) => {
    const match = bySignature.get(optionsSignature(combo)) ?? byValues.get(valuesKey(combo))
    if (match) return { ...match, options: combo }
    // A new combination starts at the price of the one it grew from (S from the default, S/Red from S) or shrank
    // from (Red from S/Red, when Size is removed).
    const parent = previous.find((v) => isSubset(v.options, combo)) ?? previous.find((v) => isSubset(combo, v.options))
    // Codes name one variant, so they are not inherited; what a unit costs usually is.
    return { options: combo, price: parent?.price ?? '', units: '', sku: '', barcode: '', cost: parent?.cost ?? '' }
  })
}

export function draftErrors(draft: ProductDraft): DraftErrors | null {
  const errors: DraftErrors = { options: {}, variants: {} }
  const name = draft.name.trim()
  if (!name) errors.name = 'Enter the product name.'
  else if (name.length > MAX_PRODUCT_NAME) errors.name = `Use at most ${MAX_PRODUCT_NAME} characters.`
  if (draft.description.trim().length > MAX_PRODUCT_DESCRIPTION)
    errors.description = `Use at most ${MAX_PRODUCT_DESCRIPTION.toLocaleString('en-NG')} characters.`

  const seen = new Set<string>()
  for (const option of draft.options) {
    const optionName = option.name.trim()
    const own: { name?: string; values?: string } = {}
    if (!optionName) own.name = 'Enter the option name, e.g. Size.'
    else if (optionName.toLowerCase() === 'id') own.name = 'Choose another name: "id" is reserved.'
    else if (optionName.length > MAX_OPTION_TEXT) own.name = `Use at most ${MAX_OPTION_TEXT} characters.`
    else if (seen.has(optionName.toLowerCase())) own.name = 'Each option needs its own name.'
    seen.add(optionName.toLowerCase())
    if (option.values.length === 0) own.values = 'Add at least one value.'
    if (own.name || own.values) errors.options[option.key] = own
  }
  if (variantCount(draft.options) > MAX_VARIANTS) {
    const last = draft.options.at(-1)
    if (last) errors.options[last.key] = { ...errors.options[last.key], values: `At most ${MAX_VARIANTS} variants: remove some values.` }
  }

  // A code twice in one product is refused by the server (422); said on the second one, as it does.
  const skus = new Set<string>()
  const barcodes = new Set<string>()
  for (const variant of draft.variants) {
    const own: VariantDraftErrors = codeErrors(variant)
    const sku = skuKey(variant.sku)
    const barcode = variant.barcode.trim()
    if (sku && !own.sku && skus.has(sku)) own.sku = 'Another variant has this SKU.'
    if (barcode && !own.barcode && barcodes.has(barcode)) own.barcode = 'Another variant has this barcode.'
    skus.add(sku)
    barcodes.add(barcode)
    const price = parseNairaToKobo(variant.price)
    if (!variant.price) own.price = 'Enter a price.'
    else if (price === null || price < 1) own.price = 'Enter a price above ₦0.'
    else if (price > MAX_PRICE_KOBO) own.price = 'Use at most ₦1,000,000,000.'
    if (!variant.units) own.units = 'Enter the units in stock.'
    else if (Number(variant.units) > MAX_UNITS) own.units = `Use at most ${MAX_UNITS.toLocaleString('en-NG')}.`
    if (Object.keys(own).length) errors.variants[optionsSignature(variant.options)] = own
  }

  const failed = errors.name || errors.description || Object.keys(errors.options).length || Object.keys(errors.variants).length
  return failed ? errors : null
}

/** Call after draftErrors said nothing: every price parses. */
const variantInput = (v: VariantDraft) => ({
  ...(v.id ? { id: v.id } : {}),
  options: v.options,
  price: parseNairaToKobo(v.price) ?? 0,
  availableUnits: Number(v.units),
})

/** A new product's variant: its codes and cost too, when typed. */
function newVariantInput(v: VariantDraft) {
  const sku = v.sku.trim()
  const barcode = v.barcode.trim()
  const cost = v.cost ? parseNairaToKobo(v.cost) : null
  return { ...variantInput(v), ...(sku ? { sku } : {}), ...(barcode ? { barcode } : {}), ...(cost !== null ? { costPrice: cost } : {}) }
}

const newFiles = (draft: ProductDraft) => draft.images.flatMap((i) => (i.file ? [i.file] : []))

export function createBody(draft: ProductDraft): CreateBody {
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    categoryId: draft.categoryId || null,
    collectionId: draft.collectionId || null,
    isPublished: draft.isPublished,
    options: usableOptions(draft.options),
    variants: draft.variants.map(newVariantInput),
    images: newFiles(draft),
  }
}

/**
 * Only what changed (the update's partial semantics): variants in particular are sent only when the options or
 * a price or stock figure changed, so an edit of the name cannot overwrite units sold meanwhile.
 */
export function updateBody(draft: ProductDraft, product: Product): UpdateBody {
  const body: UpdateBody = { id: product.id }
  const name = draft.name.trim()
  if (name !== product.name) body.name = name
  const description = draft.description.trim() || null
  if (description !== product.description) body.description = description
  if ((draft.categoryId || null) !== product.categoryId) body.categoryId = draft.categoryId || null
  if ((draft.collectionId || null) !== (product.collection?.id ?? null)) body.collectionId = draft.collectionId || null
  if (draft.isPublished !== product.isPublished) body.isPublished = draft.isPublished

  const options = usableOptions(draft.options)
  const variants = draft.variants.map(variantInput)
  const before = new Map(product.variants.map((v) => [v.id, v]))
  const variantsChanged =
    variants.length !== product.variants.length ||
    variants.some((v) => {
      const old = v.id ? before.get(v.id) : undefined
      return (
        !old ||
        old.price !== v.price ||
        old.availableUnits !== v.availableUnits ||
        optionsSignature(old.options) !== optionsSignature(v.options)
      )
    })
  const optionsChanged = JSON.stringify(options) !== JSON.stringify(product.options)
  if (optionsChanged) body.options = options
  if (optionsChanged || variantsChanged) body.variants = variants

  const keep = draft.images.flatMap((i) => (i.id ? [i.id] : []))
  const files = newFiles(draft)
  if (files.length || keep.join() !== product.images.map((i) => i.id).join()) {
    body.keepImageIds = keep
    if (files.length) body.images = files
  }
  return body
}
