import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'

import { skuKey } from '#contract/catalogue'

import type { Tx } from '../db/client'
import { uniqueViolationName } from '../db/errors'
import { products, productVariants } from '../db/schema'
import { ApiError, type Issue } from '../errors'

/*
 * A variant's SKU and barcode are unique per vendor among live variants (decision 175): the partial unique indexes
 * of migration 0032 decide; this reads first so that the refusal names the field and the variant holding the code.
 * Two vendors may share a code; a removed product's codes are free again.
 */

export type CodeField = 'sku' | 'barcode'

export interface CodedVariant {
  sku?: string | null
  barcode?: string | null
}

const FIELD_NAMES: Record<CodeField, string> = { sku: 'SKU', barcode: 'Barcode' }

const labelOf = (name: string, options: Record<string, string>) => {
  const values = Object.values(options)
  return values.length ? `${name} (${values.join(', ')})` : name
}

function codeTaken(issues: Issue[], first: string): ApiError {
  return new ApiError(409, 'VARIANT_CODE_TAKEN', first, { issues })
}

/**
 * Refuses (409 VARIANT_CODE_TAKEN) codes that another live variant of the vendor already holds. `except` leaves out
 * the variants being rewritten (the product being updated, or the variant itself), whose own codes move with them.
 */
export async function checkCodesFree(
  tx: Tx,
  vendorId: string,
  variants: readonly CodedVariant[],
  pathOf: (index: number, field: CodeField) => string,
  except: { productId?: string; variantId?: string },
): Promise<void> {
  const skus = variants.flatMap((variant) => (variant.sku ? [skuKey(variant.sku)] : []))
  const barcodes = variants.flatMap((variant) => (variant.barcode ? [variant.barcode] : []))
  if (skus.length === 0 && barcodes.length === 0) return
  const holders = await tx
    .select({ sku: productVariants.sku, barcode: productVariants.barcode, options: productVariants.options, name: products.name })
    .from(productVariants)
    .innerJoin(products, and(eq(products.vendorId, productVariants.vendorId), eq(products.id, productVariants.productId)))
    .where(
      and(
        eq(productVariants.vendorId, vendorId),
        isNull(productVariants.deletedAt),
        except.productId ? ne(productVariants.productId, except.productId) : undefined,
        except.variantId ? ne(productVariants.id, except.variantId) : undefined,
        or(
          skus.length ? inArray(sql`lower(${productVariants.sku})`, skus) : undefined,
          barcodes.length ? inArray(productVariants.barcode, barcodes) : undefined,
        ),
      ),
    )
  const issues: Issue[] = []
  let first = ''
  variants.forEach((variant, i) => {
    for (const field of ['sku', 'barcode'] as const) {
      const code = variant[field]
      if (!code) continue
      const holder = holders.find((row) => (field === 'sku' ? row.sku !== null && skuKey(row.sku) === skuKey(code) : row.barcode === code))
      if (!holder) continue
      const label = labelOf(holder.name, holder.options)
      issues.push({ path: pathOf(i, field), message: `is already used by ${label}` })
      first ||= `${FIELD_NAMES[field]} ${code} is already used by ${label}`
    }
  })
  if (issues.length) throw codeTaken(issues, first)
}

/**
 * The same refusal when two writes raced past checkCodesFree and the unique index stopped the second: `pathOf`
 * names where the code was sent (one variant's field, or the product's variants list).
 */
export async function codesUnique<T>(pathOf: (field: CodeField) => string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const index = uniqueViolationName(error)
    const field = index === 'product_variants_vendor_sku_uq' ? 'sku' : index === 'product_variants_vendor_barcode_uq' ? 'barcode' : null
    if (!field) throw error
    const message = `${FIELD_NAMES[field]} is already used by another variant`
    throw codeTaken([{ path: pathOf(field), message: 'is already used by another variant' }], message)
  }
}
