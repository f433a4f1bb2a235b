import type { Tx } from '../db/client'
import { validationError } from '../http/register'
import { changeUnits, type StockScope, unitsAt } from './locations'

/*
 * Where a caller's write of a variant's total (availableUnits: the product form, Update Variant, a CSV without
 * 'Units at …' columns) lands (decision 187). The database lands a written total's difference in the main store
 * (decision 174); that is right for whoever sees the main store, but a member of outlets only may change only
 * their outlets' units, as PATCH /product/stock holds them to. So for a member of one outlet the difference lands
 * at that outlet, and a member of several (which one?) may not change a total at all: they set each outlet's units.
 */

/** The location a caller's change of a total lands at: null the main store; undefined, none (several outlets). */
export type TotalsLocation = string | null | undefined

export const totalsLocation = (scope: StockScope): TotalsLocation =>
  scope.main ? null : scope.outletIds.length === 1 ? scope.outletIds[0] : undefined

const unitsText = (n: number) => (n === 1 ? '1 unit' : `${n} units`)

/** Why a member of several outlets may not change a total. */
export const SEVERAL_OUTLETS = "cannot be changed as a total: you work at several outlets, so set each outlet's units (Stock by location)"

/** Why a total may not fall below what the caller's own location can give up. */
export const othersHold = (units: number) =>
  `must be at least ${units}: the locations you do not manage hold ${unitsText(units)} of this variant`

/**
 * Moves a live variant's total from `current` to `total` at the caller's outlet (`at` is not null here: the main
 * store's writes go through the total itself). 422 naming `path` when the caller may not change the total, or
 * their outlet holds fewer units than the fall. The caller holds the product's lock.
 */
export async function changeTotalAtOutlet(
  tx: Tx,
  vendorId: string,
  variantId: string,
  change: { current: number; total: number; at: string | undefined; path: string },
): Promise<void> {
  const delta = change.total - change.current
  if (delta === 0) return
  if (change.at === undefined) throw validationError([{ path: change.path, message: SEVERAL_OUTLETS }])
  if ((await changeUnits(tx, vendorId, variantId, change.at, delta)) === null) {
    const held = await unitsAt(tx, vendorId, variantId, change.at)
    throw validationError([{ path: change.path, message: othersHold(change.current - held) }])
  }
}
