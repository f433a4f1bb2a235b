import { describe, expect, it } from 'vitest'

import { createBody, emptyDraft, type OptionDraft, syncVariants } from '#app/features/catalogue/product-draft'
import { productListFilters } from '#app/features/catalogue/search'
import { previewPrice, variantChanges, variantFormDraft, variantFormErrors } from '#app/features/catalogue/variant-form'
import { combinations, optionsSignature } from '#app/features/catalogue/variants'
import { optionsLabel } from '#app/lib/variant-options'
import { nounFor, pageItems } from '#app/ui/pagination'

const option = (key: string, name: string, values: string[]): OptionDraft => ({ key, name, values })

/** A variant row with no SKU, barcode or cost typed. */
const NO_CODES = { sku: '', barcode: '', cost: '' }

describe('page buttons', () => {
  it('shows every page when there are few, and at most seven items with gaps when there are many', () => {
    expect(pageItems(1, 1)).toEqual([1])
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(pageItems(1, 500)).toEqual([1, 2, 3, 4, 5, 'gap', 500])
    expect(pageItems(250, 500)).toEqual([1, 'gap', 249, 250, 251, 'gap', 500])
    expect(pageItems(500, 500)).toEqual([1, 'gap', 496, 497, 498, 499, 500])
    for (let page = 1; page <= 40; page++) expect(pageItems(page, 40).length).toBeLessThanOrEqual(7)
  })

  it('count one outlet, and any other number of outlets', () => {
    const noun = { one: 'outlet', many: 'outlets' }
    expect([0, 1, 2, 1000].map((n) => `${n} ${nounFor(n, noun)}`)).toEqual(['0 outlets', '1 outlet', '2 outlets', '1000 outlets'])
  })
})

describe('variants from options', () => {
  it('are every combination of the values, in the order entered; no options make one default variant', () => {
    expect(combinations([])).toEqual([{}])
    expect(
      combinations([
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ]),
    ).toEqual([
      { Size: 'S', Colour: 'Red' },
      { Size: 'S', Colour: 'Blue' },
      { Size: 'M', Colour: 'Red' },
      { Size: 'M', Colour: 'Blue' },
    ])
  })

  it('never show the id key, and match whatever the key order or case', () => {
    expect(optionsLabel({ id: 'x', Size: 'M', Colour: 'Red' })).toBe('Size: M · Colour: Red')
    expect(optionsLabel({ id: 'x' })).toBe('Default')
    expect(optionsSignature({ Colour: 'red', Size: 'M', id: 'x' })).toBe(optionsSignature({ size: 'm', colour: 'Red' }))
  })

  it('keep what was typed for combinations that survive an edit, and start new ones at the price they grew from', () => {
    const single = [{ options: {}, price: '1500', units: '4', ...NO_CODES, cost: '900' }]
    const sized = syncVariants([option('a', 'Size', ['S', 'M'])], single)
    expect(sized).toEqual([
      { options: { Size: 'S' }, price: '1500', units: '', ...NO_CODES, cost: '900' },
      { options: { Size: 'M' }, price: '1500', units: '', ...NO_CODES, cost: '900' },
    ])
    const typed = [
      { ...sized[0]!, id: 'var-s', units: '3' },
      { ...sized[1]!, price: '1800', units: '2' },
    ]
    // Renaming the option keeps each row (and the id of an existing variant).
    expect(syncVariants([option('a', 'Sizes', ['S', 'M'])], typed)).toEqual([
      { id: 'var-s', options: { Sizes: 'S' }, price: '1500', units: '3', ...NO_CODES, cost: '900' },
      { options: { Sizes: 'M' }, price: '1800', units: '2', ...NO_CODES, cost: '900' },
    ])
    // An option without a name or values makes no variants yet.
    expect(syncVariants([option('a', 'Size', ['S', 'M']), option('b', '', ['Red'])], typed)).toEqual(typed)
  })
})

describe('the create request', () => {
  it('is trimmed, in kobo and whole units, with blanks as null', () => {
    const draft = { ...emptyDraft(), name: '  Zobo ', variants: [{ options: {}, price: '1,200.5', units: '007', ...NO_CODES }] }
    expect(createBody(draft)).toEqual({
      name: 'Zobo',
      description: null,
      categoryId: null,
      collectionId: null,
      isPublished: false,
      options: [],
      variants: [{ options: {}, price: 120_050, availableUnits: 7 }],
      images: [],
    })
  })
})

describe('the products list filters', () => {
  it('default to page 1 of 20 and swap an inverted price range from a hand-edited URL', () => {
    expect(productListFilters({})).toEqual({ page: 1, size: 20 })
    expect(productListFilters({ page: 3, size: 50, priceRangeLow: 500_000, priceRangeHigh: 100_000, isPublished: false })).toEqual({
      page: 3,
      size: 50,
      isPublished: false,
      priceRangeLow: 100_000,
      priceRangeHigh: 500_000,
    })
  })
})

describe('Update Variant', () => {
  const base = { id: 'var-1', price: 1001, availableUnits: 5, discountType: null, discount: null } as const
  const v = (overrides = {}) => ({
    ...base,
    productId: 'p',
    productName: 'P',
    options: {},
    discountedPrice: 1001,
    isAvailable: true,
    threshold: null,
    isLowStock: false,
    locations: [],
    paylink: null,
    paylinkOutletId: null,
    qrCodeURL: null,
    sku: null,
    barcode: null,
    createdAt: '',
    updatedAt: '',
    ...overrides,
  })

  it('previews the price after a discount with the shared pricing rule, to the kobo', () => {
    // 7.5 % of ₦10.01 is 75.075 kobo, taken off as 75.
    expect(previewPrice({ price: '10.01', discountType: 'PERCENTAGE', discount: '7.5' })).toBe(926)
    expect(previewPrice({ price: '10.01', discountType: 'FLAT', discount: '1' })).toBe(901)
    expect(previewPrice({ price: '10.01', discountType: 'FLAT', discount: '' })).toBeNull()
  })

  it('sends nothing when nothing changed, a discount only with both fields, and clears one set to No discount', () => {
    expect(variantChanges(variantFormDraft(v()), v())).toBeNull()
    expect(variantChanges({ ...variantFormDraft(v()), discountType: 'PERCENTAGE', discount: '7.5' }, v())).toEqual({
      id: 'var-1',
      discountType: 'PERCENTAGE',
      discount: 7.5,
    })
    const discounted = v({ discountType: 'PERCENTAGE', discount: 7.5 })
    expect(variantFormDraft(discounted)).toMatchObject({ discountType: 'PERCENTAGE', discount: '7.5' })
    expect(variantChanges(variantFormDraft(discounted), discounted)).toBeNull()
    expect(variantChanges({ ...variantFormDraft(discounted), discountType: '', discount: '' }, discounted)).toEqual({
      id: 'var-1',
      clearDiscount: true,
    })
  })

  it('sends a SKU, barcode or cost only when changed, and null for one emptied', () => {
    const coded = v({ sku: 'JR-L', barcode: '6151100000028', costPrice: 60_000 })
    expect(variantFormDraft(coded)).toMatchObject({ sku: 'JR-L', barcode: '6151100000028', cost: '600.00' })
    expect(variantChanges(variantFormDraft(coded), coded)).toBeNull()
    expect(variantChanges({ ...variantFormDraft(coded), sku: ' JR-L2 ', barcode: '', cost: '650.5' }, coded)).toEqual({
      id: 'var-1',
      sku: 'JR-L2',
      barcode: null,
      costPrice: 65_050,
    })
    expect(variantFormErrors({ ...variantFormDraft(coded), barcode: '615 110', cost: 'abc' })).toEqual({
      barcode: 'Use letters, digits and symbols, without spaces.',
      cost: 'Enter an amount, like 650 or 650.50.',
    })
  })
})
