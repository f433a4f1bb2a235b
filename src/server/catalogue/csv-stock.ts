import { eq } from 'drizzle-orm'

import type { ImportRefusal } from '#contract/catalogue-csv'
import { MAIN_STORE_NAME } from '#contract/stock-locations'

import type { Db } from '../db/client'
import { outlets, type ProductVariantRow } from '../db/schema'
import { variantStock } from '../db/stock-schema'
import { validationError } from '../http/register'
import type { ProductDraft, VariantDraft } from './csv-drafts'
import type { ReadCsv } from './csv-read'
import { outletsHold, seesLocation, type StockScope } from './locations'
import { othersHold, SEVERAL_OUTLETS, type TotalsLocation, totalsLocation } from './totals'

/*
 * The units of a catalogue CSV against the stock (decisions 174, 177, 187): which locations its 'Units at …'
 * columns name, and what the caller may change. A column names a location the caller sees (decision 043: one they
 * do not see is refused like a name no outlet has); a file without such columns gives totals, whose changes land
 * where the caller's own changes of a total land (totals.ts).
 */

/** The 'Units at …' columns' locations (by lower-case name: an outlet's id, null for the main store) and what each variant holds where. */
export interface LiveStock {
  locations: Map<string, string | null>
  units: (variantId: string, outletId: string | null) => number
  /** Where a changed total lands for this caller (totals.ts). */
  totalsAt: TotalsLocation
}

/** The name a file's totals are read under for a member of one outlet: as if the file had that outlet's column. */
const OWN_OUTLET = '\u0000own outlet'

export async function liveStock(db: Db, vendorId: string, file: ReadCsv, scope: StockScope): Promise<LiveStock> {
  const totalsAt = totalsLocation(scope)
  const [places, rows] = await Promise.all([
    file.locations.length ? db.select({ id: outlets.id, name: outlets.name }).from(outlets).where(eq(outlets.vendorId, vendorId)) : [],
    db.select().from(variantStock).where(eq(variantStock.vendorId, vendorId)),
  ])
  // An outlet called "Main store" would make two columns of one name, and its units would be read as the main store's.
  const namesakes = places.filter((o) => o.name.toLowerCase() === MAIN_STORE_NAME.toLowerCase())
  if (namesakes.length) {
    const message = `reads units by location, but one of your outlets is called ${namesakes[0]!.name}: rename it first`
    throw validationError([{ path: 'csv', message }])
  }
  const byName = new Map<string, string | null>([
    [MAIN_STORE_NAME.toLowerCase(), null],
    ...places.map((o) => [o.name.toLowerCase(), o.id] as const),
  ])
  const locations = new Map<string, string | null>()
  for (const { header, name } of file.locations) {
    const key = name.toLowerCase()
    const outletId = byName.get(key)
    if (outletId === undefined || (outletId !== null && !seesLocation(scope, outletId))) {
      throw validationError([{ path: 'csv', message: `has a column "${header}", but no outlet of yours is called ${name}` }])
    }
    if (outletId === null && !scope.main) {
      throw validationError([{ path: 'csv', message: `has a column "${header}", but you change units only at your outlets` }])
    }
    if (locations.has(key)) throw validationError([{ path: 'csv', message: `has the column "${header}" twice` }])
    locations.set(key, outletId)
  }
  if (file.locations.length === 0 && typeof totalsAt === 'string') locations.set(OWN_OUTLET, totalsAt)
  const held = new Map(rows.map((r) => [`${r.variantId}:${r.outletId ?? ''}`, r.units]))
  return { locations, units: (variantId, outletId) => held.get(`${variantId}:${outletId ?? ''}`) ?? 0, totalsAt }
}

/** A variant's key within its product: its option values in the product's option order. */
export const comboOf = (options: Record<string, string>, names: string[]) => JSON.stringify(names.map((n) => options[n] ?? null))

/** A location whose units the row changes for a kept variant (only with 'Units at …' columns). */
export function unitsChanges(stock: LiveStock, found: ProductVariantRow, d: VariantDraft): { outletId: string | null; delta: number }[] {
  return [...(d.unitsAt ?? [])].flatMap(([name, units]) => {
    const outletId = stock.locations.get(name)!
    const delta = units - stock.units(found.id, outletId)
    return delta === 0 ? [] : [{ outletId, delta }]
  })
}

/**
 * What a product's totals may become, or the refusal of the first row that may not. Without 'Units at …'
 * columns Units is the total: from whoever sees the main store it cannot go below what the outlets hold (decision
 * 174); a member of one outlet only changes their outlet (the row is read as that outlet's column, so the other
 * locations stay as they are); a member of several may not change a total (they name each outlet's column).
 */
export function totalsRefusal(file: ReadCsv, stock: LiveStock, draft: ProductDraft, variants: ProductVariantRow[]): ImportRefusal | null {
  if (file.locations.length) return null
  const names = draft.options.map((o) => o.name)
  const byCombo = new Map(variants.map((v) => [comboOf(v.options, names), v]))
  const refuse = (d: VariantDraft, reason: string) => ({ line: d.line, column: file.header('units'), reason })
  const at = stock.totalsAt
  for (const d of draft.variants) {
    const kept = byCombo.get(comboOf(d.options, names))
    if (at === null) {
      const held = kept ? kept.availableUnits - stock.units(kept.id, null) : 0
      if (d.units < held) return refuse(d, outletsHold(held))
    } else if (at === undefined) {
      if (d.units !== (kept?.availableUnits ?? 0)) return refuse(d, SEVERAL_OUTLETS)
    } else {
      const others = kept ? kept.availableUnits - stock.units(kept.id, at) : 0
      if (d.units < others) return refuse(d, othersHold(others))
    }
  }
  if (typeof at === 'string') {
    for (const d of draft.variants) {
      const kept = byCombo.get(comboOf(d.options, names))
      const others = kept ? kept.availableUnits - stock.units(kept.id, at) : 0
      d.unitsAt = new Map([[OWN_OUTLET, d.units - others]])
    }
  }
  return null
}
