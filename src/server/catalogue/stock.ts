import { and, eq, isNull, sql } from 'drizzle-orm'

import type { Db, Tx } from '../db/client'
import { products, type ProductVariantRow, productVariants, vendors } from '../db/schema'
import { qualified } from '../db/sql-helpers'
import type { AppDeps } from '../deps'
import { ApiError, notFound } from '../errors'
import { lowStockMessage } from '../messages/texts'
import { sendNotices } from '../notices'
import type { Notification } from '../notifier'
import { changeUnits, locationsChanged, unitsAt } from './locations'

/*
 * Stock of live variants: the product's aggregates, the low-stock alert, and the one stock movement orders will
 * make. Every path that changes a variant's price, units or threshold ends in variantsChanged, inside its
 * transaction, so the list's figures and the alert can never disagree with the variants.
 */

/** A low-stock e-mail to send once the transaction that caused it has committed. */
export interface LowStockNotice {
  to: string
  /** The business's name, which the message carries. */
  business: string
  productName: string
  options: Record<string, string>
  availableUnits: number
  threshold: number
  /** The location that fell (decision 174); absent for the variant's total over every location. */
  location?: string
}

const isLow = sql`(${productVariants.threshold} is not null and ${productVariants.availableUnits} <= ${productVariants.threshold})`

/**
 * The products' min/max price, variant count, units and low-stock count, recomputed from their live variants in one
 * statement (an import refreshes thousands of new products at once; variantsChanged one at a time).
 */
export async function refreshProductFigures(tx: Db, vendorId: string, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return
  const ids = sql`array[${sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`
  await tx.execute(sql`
    update ${products} set
      min_price = live.min_price, max_price = live.max_price, variant_count = live.variant_count,
      total_units = live.total_units, low_stock_count = live.low_stock_count
    from (
      -- Every product asked for gets a row, one left with no live variant too (zeros, as before).
      select asked.id as product_id,
             coalesce(min(${productVariants.price}), 0) as min_price,
             coalesce(max(${productVariants.price}), 0) as max_price,
             count(${productVariants.id}) as variant_count,
             coalesce(sum(${productVariants.availableUnits}), 0) as total_units,
             count(${productVariants.id}) filter (where ${isLow}) as low_stock_count
      from unnest(${ids}) as asked(id)
      left join ${productVariants} on ${productVariants.vendorId} = ${vendorId} and ${productVariants.productId} = asked.id
        and ${productVariants.deletedAt} is null
      group by asked.id
    ) as live
    where ${qualified(products.vendorId)} = ${vendorId} and ${qualified(products.id)} = live.product_id`)
}

/**
 * Re-derives what depends on a product's live variants. The alert mark (low_stock_notified_at) is set on a
 * variant that is at or below its threshold and not yet marked, and cleared on one back above it, so each fall
 * notifies once and the next fall after a restock notifies again; a row lock makes two concurrent sales mark it
 * once. Then the product's min/max price, variant count, units and low-stock count are recomputed.
 * Answers the notices to send after commit.
 */
export async function variantsChanged(tx: Db, vendorId: string, productId: string): Promise<LowStockNotice[]> {
  const flipped = await tx
    .update(productVariants)
    .set({ lowStockNotifiedAt: sql`case when ${isLow} then now() else null end` })
    .where(
      and(
        eq(productVariants.vendorId, vendorId),
        eq(productVariants.productId, productId),
        isNull(productVariants.deletedAt),
        sql`${isLow} = (${productVariants.lowStockNotifiedAt} is null)`,
      ),
    )
    .returning()

  await refreshProductFigures(tx, vendorId, [productId])

  const fell = flipped.filter((variant) => variant.lowStockNotifiedAt !== null)
  if (fell.length === 0) return []
  const [owner] = await tx
    .select({ productName: products.name, email: vendors.email, business: vendors.name })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(and(eq(products.vendorId, vendorId), eq(products.id, productId)))
  return fell.map((variant) => ({
    to: owner!.email,
    business: owner!.business,
    productName: owner!.productName,
    options: variant.options,
    availableUnits: variant.availableUnits,
    threshold: variant.threshold!,
  }))
}

/**
 * Locks the live product that owns a variant and answers its id (null: no such live variant of this vendor).
 * Every change to a product's variants takes the product row first and the variant rows after, the order PATCH
 * /product takes them in; a variant change that locked the variant first and then updated the product's
 * aggregates would deadlock against it on PostgreSQL.
 */
export async function lockProductOfVariant(tx: Tx, vendorId: string, variantId: string): Promise<string | null> {
  const [owner] = await tx
    .select({ id: products.id })
    .from(products)
    .innerJoin(productVariants, and(eq(productVariants.vendorId, products.vendorId), eq(productVariants.productId, products.id)))
    .where(
      and(
        eq(products.vendorId, vendorId),
        isNull(products.deletedAt),
        eq(productVariants.id, variantId),
        isNull(productVariants.deletedAt),
      ),
    )
    .for('update', { of: products })
  return owner?.id ?? null
}

export interface StockChange {
  variant: ProductVariantRow
  /** Send with sendLowStockNotices once the caller's transaction has committed. */
  notices: LowStockNotice[]
}

/**
 * Adds delta (negative for a sale) to a live variant's units at one location (null: the main store) in one
 * conditional UPDATE: units never go below zero however many sales race (409 when there are not enough), the
 * variant's total follows in the same statement, and the alert paths run in the same transaction.
 */
export async function adjustStock(
  tx: Tx,
  vendorId: string,
  variantId: string,
  delta: number,
  outletId: string | null = null,
): Promise<StockChange> {
  const live = and(eq(productVariants.vendorId, vendorId), eq(productVariants.id, variantId), isNull(productVariants.deletedAt))
  if (!(await lockProductOfVariant(tx, vendorId, variantId))) throw notFound('Product variant')
  if ((await changeUnits(tx, vendorId, variantId, outletId, delta)) === null) {
    const left = await unitsAt(tx, vendorId, variantId, outletId)
    throw new ApiError(409, 'NOT_ENOUGH_STOCK', `Only ${left === 1 ? '1 unit is' : `${left} units are`} left`)
  }
  const [variant] = await tx.select().from(productVariants).where(live)
  const notices = await variantsChanged(tx, vendorId, variant!.productId)
  return { variant: variant!, notices: [...notices, ...(await locationsChanged(tx, vendorId, variantId))] }
}

function describe(notice: LowStockNotice): string {
  const options = Object.entries(notice.options).map(([name, value]) => `${name}: ${value}`)
  const what = options.length ? `${notice.productName} (${options.join(', ')})` : notice.productName
  return notice.location ? `${what} at ${notice.location}` : what
}

/**
 * Sends after commit, so a rolled-back change never e-mails, side by side. The change itself is already saved: a notifier
 * failure is logged, not turned into an error for a request that succeeded.
 */
export async function sendLowStockNotices(deps: Pick<AppDeps, 'notifier' | 'logger'>, notices: LowStockNotice[]) {
  const messages = notices.map((notice): Notification => {
    const words = lowStockMessage({
      business: notice.business,
      what: describe(notice),
      units: notice.availableUnits,
      threshold: notice.threshold,
    })
    return { channel: 'email', to: notice.to, ...words }
  })
  await sendNotices(deps, messages, { tag: 'catalogue', what: 'low-stock' })
}
