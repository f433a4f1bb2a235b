import * as v from 'valibot'

/*
 * Stock per location (issue 41, decision 174): the shapes the variant view and the stock calls share. Apart from
 * contract/stock.ts so catalogue.ts can carry them without importing the endpoints that answer its variants.
 */

/** What the main store (the business's own stock, outside every outlet) is called on screen and in messages. */
export const MAIN_STORE_NAME = 'Main store'

/** A variant's units at one location the caller may see. */
export const StockLocation = v.object({
  /** Null: the main store. */
  outletId: v.nullable(v.string()),
  name: v.string(),
  units: v.number(),
  /** This location's low-stock alert level; null when none is set. */
  threshold: v.nullable(v.number()),
  /** units ≤ threshold. */
  isLowStock: v.boolean(),
  /** False for an inactive outlet (listed while it holds units): it sells nothing, so no order or pay link is made there. */
  isActive: v.boolean(),
})
export type StockLocation = v.InferOutput<typeof StockLocation>

export const StockPlace = v.object({ outletId: v.nullable(v.string()), name: v.string() })

/** A recorded move of units between two locations: who, when, how many. */
export const StockTransfer = v.object({
  id: v.string(),
  variantId: v.string(),
  productId: v.string(),
  productName: v.string(),
  options: v.record(v.string(), v.string()),
  from: StockPlace,
  to: StockPlace,
  quantity: v.number(),
  note: v.nullable(v.string()),
  by: v.object({ id: v.string(), name: v.string() }),
  createdAt: v.string(),
})
export type StockTransfer = v.InferOutput<typeof StockTransfer>
