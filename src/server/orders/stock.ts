import { and, asc, eq, isNotNull } from 'drizzle-orm'

import { changeUnits, locationsChanged, unitsAt } from '../catalogue/locations'
import { adjustStock, lockProductOfVariant, type LowStockNotice, variantsChanged } from '../catalogue/stock'
import type { Tx } from '../db/client'
import { orderItems, type OrderRow, orders } from '../db/sales-schema'
import { outlets } from '../db/schema'
import { addOrderEvent } from './events'

/*
 * Stock moves when money does (docs/decisions/036-payment-matching-and-stock.md): units are taken on an order's
 * first payment and given back on a full refund. Never at creation: an unpaid order holds nothing back.
 */

interface VariantLine {
  variantId: string
  productId: string
  label: string
  quantity: number
}

const units = (n: number) => (n === 1 ? '1 unit' : `${n} units`)

function label(item: { name: string; options: Record<string, string> }): string {
  const options = Object.values(item.options)
  return options.length ? `${item.name} (${options.join(', ')})` : item.name
}

/** The order's catalogue lines, one per variant, in product then variant order: the order locks are taken in. */
async function variantLines(tx: Tx, order: OrderRow): Promise<VariantLine[]> {
  const rows = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.vendorId, order.vendorId), eq(orderItems.orderId, order.id), isNotNull(orderItems.variantId)))
    .orderBy(asc(orderItems.productId), asc(orderItems.variantId))
  const lines = new Map<string, VariantLine>()
  for (const row of rows) {
    const line = lines.get(row.variantId!)
    if (line) line.quantity += row.quantity
    else lines.set(row.variantId!, { variantId: row.variantId!, productId: row.productId!, label: label(row), quantity: row.quantity })
  }
  return [...lines.values()]
}

/** ' at Lekki' for an order made at an outlet (decision 174); nothing for the main store's, as before outlets held stock. */
async function atOutlet(tx: Tx, order: OrderRow): Promise<string> {
  if (!order.outletId) return ''
  const [outlet] = await tx
    .select({ name: outlets.name })
    .from(outlets)
    .where(and(eq(outlets.vendorId, order.vendorId), eq(outlets.id, order.outletId)))
  return outlet ? ` at ${outlet.name}` : ''
}

/**
 * Takes the order's units from stock on its first payment. The money has already arrived, so this never refuses:
 * a variant with too few units goes to zero and the timeline says what was short, for the vendor to restock or
 * refund. A variant deleted since the order was made has no stock to take. Answers whether the order now holds
 * stock (it has catalogue lines) and the low-stock notices to send after commit.
 */
export async function reserveStock(tx: Tx, order: OrderRow, at: Date): Promise<{ reserved: boolean; notices: LowStockNotice[] }> {
  const lines = await variantLines(tx, order)
  const notices: LowStockNotice[] = []
  const short: string[] = []
  const reservedUnits: Record<string, number> = {}
  let taken = 0
  for (const [i, line] of lines.entries()) {
    if (!(await lockProductOfVariant(tx, order.vendorId, line.variantId))) {
      short.push(`${line.label}: no longer in your catalogue`)
      continue
    }
    // The order's location (its outlet, else the main store; decision 174), under the product's lock.
    const before = await unitsAt(tx, order.vendorId, line.variantId, order.outletId)
    await changeUnits(tx, order.vendorId, line.variantId, order.outletId, -Math.min(before, line.quantity))
    notices.push(...(await locationsChanged(tx, order.vendorId, line.variantId)))
    const available = before
    reservedUnits[line.variantId] = Math.min(available, line.quantity)
    taken += reservedUnits[line.variantId]!
    if (available < line.quantity) short.push(`${line.label}: ${line.quantity} ordered, ${available} in stock`)
    // Aggregates and alerts once per product, after its last variant.
    if (lines[i + 1]?.productId !== line.productId) notices.push(...(await variantsChanged(tx, order.vendorId, line.productId)))
  }
  if (lines.length === 0) return { reserved: false, notices }
  await tx
    .update(orders)
    .set({ stockReserved: true, reservedUnits })
    .where(and(eq(orders.vendorId, order.vendorId), eq(orders.id, order.id)))
  const from = `from stock${await atOutlet(tx, order)}`
  const message = short.length
    ? `Took ${units(taken)} ${from}; short of ${short.join('; ')}. Restock or refund to make up the difference.`
    : `Took ${units(taken)} ${from}`
  await addOrderEvent(tx, order, { kind: 'stock', message }, at)
  return { reserved: true, notices }
}

/**
 * Gives back, after a full refund, the units the first payment actually took (not the ordered quantity: stock may
 * have been short then); variants deleted since are skipped. Clears the mark.
 */
export async function returnStock(tx: Tx, order: OrderRow, at: Date): Promise<void> {
  if (!order.stockReserved) return
  let returned = 0
  for (const line of await variantLines(tx, order)) {
    const taken = order.reservedUnits[line.variantId] ?? 0
    if (taken === 0 || !(await lockProductOfVariant(tx, order.vendorId, line.variantId))) continue
    // Stock only rises here, so no low-stock notice can come of it.
    await adjustStock(tx, order.vendorId, line.variantId, taken, order.outletId)
    returned += taken
  }
  await tx
    .update(orders)
    .set({ stockReserved: false, reservedUnits: {} })
    .where(and(eq(orders.vendorId, order.vendorId), eq(orders.id, order.id)))
  await addOrderEvent(tx, order, { kind: 'stock', message: `Returned ${units(returned)} to stock${await atOutlet(tx, order)}` }, at)
}
