import type { ProductOption } from '#contract/catalogue'

import type { Issue } from '../errors'
import { validationError } from '../http/register'

/*
 * A product's variants are the combinations of its options the vendor sells: each variant names exactly one value
 * of every option, and no two variants name the same combination. A product without options has one variant
 * with no option values. The contract checks shapes; these are the rules between fields.
 */

export interface VariantDraft {
  options: Record<string, string>
}

const comboKey = (options: Record<string, string>, names: string[]) => JSON.stringify(names.map((name) => options[name]))

function optionIssues(options: ProductOption[]): Issue[] {
  const seen = new Set<string>()
  const issues: Issue[] = []
  options.forEach((option, i) => {
    const name = option.name.toLowerCase()
    if (seen.has(name)) issues.push({ path: `options.${i}.name`, message: 'must not repeat another option' })
    seen.add(name)
  })
  return issues
}

function variantIssue(options: ProductOption[], variant: VariantDraft): string | null {
  const keys = Object.keys(variant.options)
  const unknown = keys.find((key) => !options.some((option) => option.name === key))
  if (unknown !== undefined) {
    return options.length === 0 ? 'must be empty for a product without options' : `${unknown} is not an option of this product`
  }
  for (const option of options) {
    // Own keys only: an option named "constructor" must not find Object's constructor on the variant.
    const value = Object.hasOwn(variant.options, option.name) ? variant.options[option.name] : undefined
    if (value === undefined) return `must have a value for ${option.name}`
    if (!option.values.includes(value)) return `${value} is not one of the values of ${option.name}`
  }
  return null
}

/** Option names and values with surrounding spaces dropped, keys in the product's option order. */
export function normaliseOptions(options: ProductOption[], variantOptions: Record<string, string>) {
  const trimmed = Object.fromEntries(Object.entries(variantOptions).map(([key, value]) => [key.trim(), value.trim()]))
  const ordered = Object.fromEntries(
    options.filter((option) => Object.hasOwn(trimmed, option.name)).map((option) => [option.name, trimmed[option.name]!]),
  )
  return { ...ordered, ...trimmed }
}

/** What is wrong between the options and the variants, each issue naming its field; [] when they fit. */
export function variantIssues(options: ProductOption[], variants: VariantDraft[], path = 'variants'): Issue[] {
  const issues = optionIssues(options)
  if (options.length === 0 && variants.length > 1) {
    issues.push({ path, message: 'must be exactly one variant for a product without options' })
  }
  const names = options.map((option) => option.name)
  const seen = new Set<string>()
  variants.forEach((variant, i) => {
    const problem = variantIssue(options, variant)
    if (problem) {
      issues.push({ path: `${path}.${i}.options`, message: problem })
      return
    }
    const key = comboKey(variant.options, names)
    if (seen.has(key)) issues.push({ path: `${path}.${i}.options`, message: 'repeats another variant' })
    seen.add(key)
  })
  return issues
}

/**
 * Throws a 422 naming the first offending field (e.g. "variants.1.options: Large is not one of the values of
 * Size") unless the variants fit the options. Variants must already be normalised (normaliseOptions).
 */
export function checkVariants(options: ProductOption[], variants: VariantDraft[]): void {
  const issues = variantIssues(options, variants)
  if (issues.length) throw validationError(issues)
}
